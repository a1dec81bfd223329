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
 * A fresh, migrated database of its own: a temporary SQLite file, or a new schema in the PostgreSQL that
 * TEST_DATABASE_URL names (so test files can run in parallel without seeing each other's rows).
 */
export async function createTestDatabase({
  migrate = true,
}: {
  migrate?: boolean;
} = {}): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-test-"));
    const url = `sqlite:${path.join(dir, "test.sqlite")}`;
    const db = createDb(url);
    if (migrate) await migrateToLatest(db);
    return {
      url,
      db,
      dispose: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = await createPostgresSchema(baseUrl);
  const db = createDb(url.url);
  if (migrate) await migrateToLatest(db);
  return {
    url: url.url,
    db,
    dispose: async () => {
      await db.close();
      await url.drop();
    },
  };
}

/**
 * Set by the server tests' global setup (test/postgres-schemas.ts) for one Vitest run: the run's schemas are
 * named after it and dropped together when the run ends, not each as its file ends.
 *
 * NOTE: a schema dropped while another test file runs breaks that file. Kysely's introspection (its migrator
 * looks for its table that way, and so does the snapshot of every table) reads every schema of the database,
 * and PostgreSQL answers `schema "test_…" does not exist` when one goes in the middle of that read. With four
 * test files at a time this failed four files in one run.
 */
export const RUN_SCHEMA_PREFIX_ENV = "TEST_SCHEMA_RUN_PREFIX";

/** Creates a new schema and returns a URL whose connections use it as their search_path. */
export async function createPostgresSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const runPrefix = process.env[RUN_SCHEMA_PREFIX_ENV];
  const schema = `${runPrefix ?? "test_"}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      if (runPrefix) return;
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** Drops every schema whose name starts with `prefix` (a run's schemas, when the run ends). */
export async function dropPostgresSchemas(baseUrl: string, prefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where starts_with(nspname, $1)",
      [prefix],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    return rows.length;
  } finally {
    await client.end();
  }
}
