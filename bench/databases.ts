/**
 * The databases a bench measures on, one new and empty per catalogue size: SQLite files in a temporary
 * folder, or schemas of the bench's own in the PostgreSQL that BENCH_DATABASE_URL names. `dispose` removes
 * them all. Used by `npm run bench` (run.ts) and `npm run bench:search` (search.ts).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface BenchDatabase {
  label: string;
  /** A new, empty database for one catalogue size. */
  urlFor(size: number): Promise<string>;
  dispose(): Promise<void>;
}

export async function sqliteDatabase(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-bench-"));
  return {
    label: "SQLite",
    urlFor: async (size) => `sqlite:${path.join(dir, `bench-${size}.sqlite`)}`,
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Schemas of the bench's own (one per size) in the PostgreSQL `baseUrl` names, dropped afterwards. */
export async function postgresDatabase(baseUrl: string): Promise<BenchDatabase> {
  const prefix = `bench_${randomBytes(6).toString("hex")}`;
  const schemas: string[] = [];
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    label: "PostgreSQL",
    urlFor: async (size) => {
      const schema = `${prefix}_${size}`;
      await admin(`create schema ${schema}`);
      schemas.push(schema);
      const url = new URL(baseUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      return url.toString();
    },
    dispose: async () => {
      for (const schema of schemas) await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}
