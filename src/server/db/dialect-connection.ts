import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Dialect as KyselyDialect, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { DialectName } from "./dialect.ts";

// Opening a connection on either database (dialect.ts).

/** How long an SQLite connection waits for another's write lock before it answers busy. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** An SQLite database as opened here: the better-sqlite3 handle, and `prepare` through the statement cache. */
export interface SqliteHandle {
  database: SQLite.Database;
  prepare(text: string): SQLite.Statement;
}

/** The Kysely dialect a `DATABASE_URL` names: `sqlite:<file>` (or `sqlite::memory:`) or `postgres://…`. */
export function openDialect(url: string): {
  name: DialectName;
  dialect: KyselyDialect;
  sqlite?: SqliteHandle;
} {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return { name: "postgres", dialect: new PostgresDialect({ pool }) };
  }
  if (!url.startsWith("sqlite:")) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const file = url.slice("sqlite:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma("synchronous = NORMAL");
  // NOTE: SQLite's lower() folds ASCII only; PostgreSQL's folds every letter. Search compares lower-cased
  // text, so SQLite gets a lower() that folds like PostgreSQL's (and JavaScript's): see foldCase (dialect-search.ts).
  database.function("unicode_lower", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.toLowerCase() : value,
  );
  const cached = withStatementCache(database);
  return {
    name: "sqlite",
    dialect: new SqliteDialect({ database: cached }),
    sqlite: { database, prepare: (text) => cached.prepare(text) as SQLite.Statement },
  };
}

/** Statements kept prepared per connection; the app issues a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare` for every query, and preparing (parsing and planning the SQL) was
 * the largest part of a catalogue read. This hands Kysely a database whose `prepare` returns the statement
 * prepared the first time it saw that SQL text. NOTE: reusing a statement is safe because better-sqlite3
 * runs each one to completion synchronously; the cache is bounded (oldest out first) since SQL texts vary
 * with the number of bound values (e.g. `in (?, ?, …)`).
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}
