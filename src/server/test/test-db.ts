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
  const schema = `${runPrefix ?? newRunPrefix()}${randomBytes(6).toString("hex")}`;
  const script = templateScript
    ? fs.readFileSync(templateScript, "utf8").replaceAll(SCHEMA_PLACEHOLDER, schema)
    : "";
  await withConnection(baseUrl, (client) =>
    client.query(`begin; create schema "${schema}"; set local search_path to "${schema}"; ${script}; commit`),
  );
  return {
    url: postgresTestUrl(baseUrl, schema),
    drop: async () => {
      if (runPrefix) return;
      await withConnection(baseUrl, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
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
