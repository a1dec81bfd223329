import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

export interface TestDatabase {
  url: string;
  db: Db;
  /** Closes the connection and throws the database away. */
  dispose(): Promise<void>;
}

/** The database tests run on: PostgreSQL when TEST_DATABASE_URL names one, else SQLite. */
export const testDialect = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/**
 * Set by the server tests' global setup (test/global-setup.ts) for one Vitest run. TEMPLATE_ENV: the migrated
 * template every test database is copied from (SQLite: the file; PostgreSQL: the file holding the script that
 * builds a copy, see template-schema.ts). RUN_PREFIX_ENV (PostgreSQL): the prefix of every schema the run
 * makes, so that the run's end drops them together.
 */
export const TEMPLATE_ENV = "TEST_TEMPLATE_DATABASE";
export const RUN_PREFIX_ENV = "TEST_DATABASE_RUN_PREFIX";

/** Where a copy of the template goes in the script template-schema.ts writes. */
export const SCHEMA_PLACEHOLDER = "__test_schema__";

/**
 * A database of its own, so test files run in parallel without seeing each other's rows: a temporary SQLite
 * file, or a new schema in the PostgreSQL database TEST_DATABASE_URL names. Migrated, it is a copy of the run's
 * template (migrating took 0.3–5 s a file, a copy takes milliseconds on SQLite and a single round trip on
 * PostgreSQL); `migrate: false` gives an empty one, for tests that migrate from scratch or an older version.
 */
export async function createTestDatabase({
  migrate = true,
}: {
  migrate?: boolean;
} = {}): Promise<TestDatabase> {
  const template = migrate ? process.env[TEMPLATE_ENV] : undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  const created = baseUrl ? await createTestSchema(baseUrl, template) : createSqliteFile(template);
  const db = createDb(created.url);
  // NOTE: without the global setup (a test run by other means) there is no template: migrate here.
  if (migrate && !template) await migrateToLatest(db);
  return {
    url: created.url,
    db,
    dispose: async () => {
      await db.close();
      await created.drop();
    },
  };
}

export interface CreatedDatabase {
  url: string;
  /** Throws it away (PostgreSQL, within a test run: later, with the run's other schemas). */
  drop(): Promise<void>;
}

function createSqliteFile(template: string | undefined): CreatedDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-test-"));
  const file = path.join(dir, "test.sqlite");
  if (template) fs.copyFileSync(template, file);
  return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The URL tests connect to a schema of the PostgreSQL database `baseUrl` names with. */
export function postgresTestUrl(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  // NOTE: synchronous_commit=off: a commit does not wait for its WAL to reach the disk. Test data is thrown
  // away, so losing the last commits in a crash costs nothing, and files committing at once no longer queue
  // behind each other's disk flushes. Production keeps PostgreSQL's default.
  url.searchParams.set("options", `-c search_path=${schema} -c synchronous_commit=off`);
  return url.toString();
}

/** Runs `work` on a connection of its own to the database `baseUrl` names. */
export async function withConnection<T>(
  baseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new schema: empty, or built by the template's script in one round trip. Within a test run it is dropped
 * when the run ends, not when its file does.
 *
 * NOTE: a schema dropped while another test file runs breaks that file. Kysely's introspection (its migrator
 * looks for its table that way) reads every schema of the database, and PostgreSQL answers `schema "test_…"
 * does not exist` when one goes in the middle of that read. With four test files at a time this failed four
 * files in one run.
 */
export async function createTestSchema(baseUrl: string, templateScript?: string): Promise<CreatedDatabase> {
  const runPrefix = process.env[RUN_PREFIX_ENV];
  const pool = runPrefix && templateScript ? poolOf(runPrefix) : undefined;
  const reused = pool && templateScript ? await claimPooledSchema(baseUrl, pool, templateScript) : undefined;
  const schema = reused ?? `${runPrefix ?? newRunPrefix()}${randomBytes(6).toString("hex")}`;
  if (!reused) {
    const script = templateScript
      ? fs.readFileSync(templateScript, "utf8").replaceAll(SCHEMA_PLACEHOLDER, schema)
      : "";
    await withConnection(baseUrl, (client) =>
      client.query(
        `begin; create schema "${schema}"; set local search_path to "${schema}"; ${script}; commit`,
      ),
    );
  }
  return {
    url: postgresTestUrl(baseUrl, schema),
    drop: async () => {
      if (pool && templateScript) return releaseToPool(baseUrl, pool, schema, templateScript);
      if (runPrefix) return;
      await withConnection(baseUrl, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

/*
 * NOTE: copies of the template are used again within a run. Building one is about 200 statements of DDL and
 * cost PostgreSQL 1–2 s of processor time; a run builds over a hundred, and PostgreSQL's own processor time
 * was larger than the tests' (182 against 147 s, 2026-12-07). A copy handed back (its test file closed it) is
 * emptied and put in the run's pool, where the next test database takes it: emptying the tables of a test's
 * few rows costs milliseconds. A copy whose schema a test changed is not handed back.
 */

/** The table that lists the run's emptied copies, in a schema of the run's own (dropped with the others). */
function poolOf(runPrefix: string) {
  return `"${runPrefix}pool".free`;
}

/** Creates the run's pool (the server tests' global setup, before any test file runs). */
export async function createSchemaPool(baseUrl: string, runPrefix: string): Promise<void> {
  await withConnection(baseUrl, (client) =>
    client.query(
      `create schema "${runPrefix}pool"; create table ${poolOf(runPrefix)} (name text primary key)`,
    ),
  );
}

async function claimPooledSchema(
  baseUrl: string,
  pool: string,
  templateScript: string,
): Promise<string | undefined> {
  return withConnection(baseUrl, async (client) => {
    let name: string | undefined;
    try {
      const { rows } = await client.query<{ name: string }>(
        `delete from ${pool} where name = (select name from ${pool} limit 1 for update skip locked)
         returning name`,
      );
      name = rows[0]?.name;
    } catch {
      // No pool (a test file run without the global setup): a new copy.
      return undefined;
    }
    if (!name) return undefined;
    // NOTE: a copy is taken only as it was handed back, its rows the template's: one written to afterwards (by
    // work of the file that closed it, still running) is left for the run's end to drop, and a new copy made.
    const stray = await strayTables(client, name, templateOf(templateScript));
    if (stray.length === 0) return name;
    console.warn(
      `test-db: ${name} was written to after it was handed back (${stray.join(", ")}); not used again`,
    );
    return undefined;
  });
}

/** The schema the template script copies from. */
const templateOf = (templateScript: string) =>
  fs.readFileSync(templateScript, "utf8").match(/ from "([^"]+)"\./)?.[1];

/** The tables of `schema` whose row count differs from the template's. */
async function strayTables(
  client: pg.Client,
  schema: string,
  template: string | undefined,
): Promise<string[]> {
  if (!template) return [];
  const { rows: tables } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
    [schema],
  );
  if (tables.length === 0) return [];
  const { rows } = await client.query<Record<string, string>>(
    `select ${tables
      .map(
        ({ name }, index) =>
          `(select count(*) from "${schema}"."${name}") - (select count(*) from "${template}"."${name}") as d${index}`,
      )
      .join(", ")}`,
  );
  const differences = rows[0] ?? {};
  return tables.filter((_, index) => Number(differences[`d${index}`]) !== 0).map(({ name }) => name);
}

async function releaseToPool(baseUrl: string, pool: string, schema: string, templateScript: string) {
  await withConnection(baseUrl, async (client) => {
    const objects = async (name: string) =>
      (
        await client.query<{ n: string }>(
          "select count(*) as n from pg_class where relnamespace = (select oid from pg_namespace where nspname = $1)",
          [name],
        )
      ).rows[0]?.n;
    const template = templateOf(templateScript);
    if (!template || (await objects(schema)) !== (await objects(template))) return;
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'",
      [schema],
    );
    const refill = fs
      .readFileSync(templateScript, "utf8")
      .split(";\n")
      .filter((statement) => statement.startsWith("insert into"))
      .map((statement) => statement.replaceAll(SCHEMA_PLACEHOLDER, schema));
    try {
      // NOTE: as a replica, the session fires no triggers: no foreign key checks (so the tables empty in any
      // order) and no refusal from the audit log, which is append-only for the app.
      await client.query(
        [
          "begin",
          "set local session_replication_role = replica",
          ...rows.map(({ name }) => `delete from "${schema}"."${name}"`),
          ...refill,
          `insert into ${pool} (name) values ('${schema}')`,
          "commit",
        ].join(";\n"),
      );
    } catch {
      // Not a superuser (a replica's role needs one), or no pool: the copy is left for the run's end to drop.
      await client.query("rollback").catch(() => {});
    }
  });
}

/**
 * The prefix of one run's schemas: `test_run_<seconds since 1970>_<random>_`. The time lets a later run drop
 * what a killed run left behind (see dropTestSchemas).
 */
export function newRunPrefix(): string {
  return `test_run_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString("hex")}_`;
}

const LEFT_BEHIND_AFTER_S = 3 * 60 * 60;
const DROP_CONNECTIONS = 4;

/**
 * Drops every schema of the run named `prefix`, and those of runs started more than three hours ago (a run
 * killed before its end; CI's own limit is 90 minutes, so no live run is that old).
 */
export async function dropTestSchemas(baseUrl: string, prefix: string): Promise<number> {
  const { rows } = await withConnection(baseUrl, (client) =>
    client.query<{ name: string }>(
      "select nspname as name from pg_namespace where starts_with(nspname, 'test_run_')",
    ),
  );
  const cutoff = Math.floor(Date.now() / 1000) - LEFT_BEHIND_AFTER_S;
  const names = rows
    .map((row) => row.name)
    .filter((name) => {
      if (name.startsWith(prefix)) return true;
      const started = Number(name.split("_")[2]);
      return Number.isInteger(started) && started < cutoff;
    });
  // NOTE: a few connections side by side: each drop waits on the disk more than on the processor.
  await Promise.all(
    Array.from({ length: DROP_CONNECTIONS }, (_, i) =>
      withConnection(baseUrl, async (client) => {
        for (const name of names.filter((_, j) => j % DROP_CONNECTIONS === i)) {
          await client.query(`drop schema if exists "${name}" cascade`);
        }
      }),
    ),
  );
  return names.length;
}

/**
 * Vacuums the system tables a run's schemas wrote to. Every schema made and dropped leaves thousands of dead
 * rows in them; without autovacuum (off on our CI machine's PostgreSQL) they grew to 500,000 in pg_attribute
 * alone, and building a schema took half as long again (1.3 against 0.9 s on an unused database). A user who
 * does not own them gets a warning from PostgreSQL and nothing is vacuumed.
 */
export async function vacuumCatalogs(baseUrl: string): Promise<void> {
  const catalogs = [
    "pg_attribute",
    "pg_class",
    "pg_depend",
    "pg_constraint",
    "pg_index",
    "pg_type",
    "pg_trigger",
  ];
  await withConnection(baseUrl, (client) =>
    client.query(`vacuum ${catalogs.map((name) => `pg_catalog.${name}`).join(", ")}`),
  );
}

/**
 * A new schema in the database `baseUrl` names, and a URL whose connections use it as their search_path: for
 * the bench, which shares one database with other runs.
 */
export async function createPostgresSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await withConnection(baseUrl, (client) => client.query(`create schema ${schema}`));
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      await withConnection(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}
