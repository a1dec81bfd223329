import fs from "node:fs";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import SQLite from "better-sqlite3";
import {
  type CompiledQuery,
  type Kysely,
  type Dialect as KyselyDialect,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import type { KeysetOrder } from "./keyset.ts";
import { runSteps, runStepsNow, type StatementResult, type Steps } from "./steps.ts";

/** How long an SQLite connection waits for another's write lock before it answers busy. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** The pause between two tries for the write lock in `exclusiveTransaction`. */
const LOCK_RETRY_MS = 20;

/**
 * Every difference between SQLite and PostgreSQL lives in this module, and nothing else branches on which
 * database it runs on: opening a connection, column types, case folding and search, locking, and what a
 * database error means. Repositories write their SQL once and call these helpers where the two differ.
 * docs/architecture.md ("Two databases, one code path") explains the choice.
 */
export type DialectName = "sqlite" | "postgres";

// biome-ignore lint/suspicious/noExplicitAny: any schema: the helpers only need the connection's adapter.
type AnyKysely = Kysely<any>;

export const dialectOf = (db: AnyKysely): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

export const isPostgres = (db: AnyKysely) => dialectOf(db) === "postgres";

// ---------------------------------------------------------------------------------------------------------
// Which database

/** An SQLite database as opened here: the better-sqlite3 handle, and `prepare` through the statement cache. */
export interface SqliteHandle {
  database: SQLite.Database;
  prepare(text: string): SQLite.Statement;
}

/** The SQLite handle under each Kysely that createDb opened on SQLite, for `stepsTransaction`. */
const sqliteHandles = new WeakMap<AnyKysely, SqliteHandle>();

/** Tells `stepsTransaction` which SQLite database `db` talks to (createDb calls it). */
export function bindSqliteHandle(db: AnyKysely, handle: SqliteHandle): void {
  sqliteHandles.set(db, handle);
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
  // text, so SQLite gets a lower() that folds like PostgreSQL's (and JavaScript's): see foldCase below.
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

/**
 * The schema Kysely keeps its migration tables in. PostgreSQL: pinned to the connection's own schema, since
 * Kysely otherwise looks across every schema it can see and databases sharing one server (one schema each)
 * would see each other's. SQLite has no schemas.
 */
export async function migrationTableSchema(db: AnyKysely): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Whether the connection's own schema has a table called `name`. NOTE: asked of this schema alone, not through
 * Kysely's introspection, which reads every schema of the database and fails when another one is dropped
 * meanwhile (several shops or test runs sharing one PostgreSQL).
 */
export async function tableExists(db: AnyKysely, name: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql<{ found: number }>`select 1 as found from pg_tables
        where schemaname = current_schema() and tablename = ${name}`.execute(db)
    : await sql<{ found: number }>`select 1 as found from sqlite_master
        where type = 'table' and name = ${name}`.execute(db);
  return rows.length > 0;
}

/**
 * Refreshes the planner's statistics after a bulk load, table by table in the connection's own schema.
 * PostgreSQL plans from them, and a bulk insert leaves them stale until autovacuum's next analyze: right after
 * 90,000 generated rows the category page took 11.7 s (a nested loop over every farmer) instead of 0.1 ms (its
 * index). `npm run db:seed -- --products N` and the bench both end their load with it. SQLite is left as its migrations set it: its plans were chosen and tested without
 * `sqlite_stat1`, and ANALYZE there can change them.
 */
export async function refreshPlannerStatistics(db: AnyKysely): Promise<void> {
  if (!isPostgres(db)) return;
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  // NOTE: VACUUM also marks the loaded pages all-visible, so that an index carrying a query's columns
  // (migration 0010) answers it without reading the table; autovacuum would do so only a while later.
  for (const { name } of rows) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
}

// ---------------------------------------------------------------------------------------------------------
// Column types

/** Binary columns: BLOB on SQLite, BYTEA on PostgreSQL. */
export const binaryType = (db: AnyKysely) => (isPostgres(db) ? sql`bytea` : sql`blob`);

/**
 * Adds a column the database computes from others in the same row (`expression`, fixed SQL), which an index
 * can lead with: VIRTUAL on SQLite (the only kind its ALTER TABLE adds; computed when read, stored only in
 * its indexes), STORED on PostgreSQL (its only kind).
 */
export async function addGeneratedColumn(
  db: AnyKysely,
  table: string,
  column: string,
  type: "integer" | "text",
  expression: string,
): Promise<void> {
  const kind = sql.raw(isPostgres(db) ? "stored" : "virtual");
  await sql`alter table ${sql.table(table)} add column ${sql.id(column)} ${sql.raw(type)}
    generated always as (${sql.raw(expression)}) ${kind}`.execute(db);
}

/**
 * Makes `table` append-only in the database itself: UPDATE and DELETE fail with "<table> is append-only".
 * PostgreSQL: a trigger function in the connection's schema; SQLite: two triggers that RAISE(ABORT).
 */
export async function makeAppendOnly(db: AnyKysely, table: string): Promise<void> {
  const message = sql.lit(`${table} is append-only`);
  if (isPostgres(db)) {
    await sql`create function ${sql.id(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin raise exception ${message}; end $$`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_change`)} before update or delete on ${sql.table(table)}
      for each row execute function ${sql.id(`${table}_append_only`)}()`.execute(db);
    return;
  }
  for (const event of ["update", "delete"]) {
    await sql`create trigger ${sql.id(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
      begin select raise(abort, ${message}); end`.execute(db);
  }
}

/** Undoes makeAppendOnly (for a migration's down). */
export async function dropAppendOnly(db: AnyKysely, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop function if exists ${sql.id(`${table}_append_only`)}() cascade`.execute(db);
    return;
  }
  for (const event of ["update", "delete"]) {
    await sql`drop trigger if exists ${sql.id(`${table}_no_${event}`)}`.execute(db);
  }
}

/**
 * An index on `columns` that also carries `carried`, so that a query reading only these columns from the
 * table finds them in the index and reads no table row. PostgreSQL: INCLUDE (kept in the index, not part
 * of its key). SQLite has no INCLUDE: they become the key's last columns, after `columns`, which a walk in
 * the order of `columns` never compares.
 */
export async function createCoveringIndex(
  db: AnyKysely,
  name: string,
  table: string,
  columns: string[],
  carried: string[],
): Promise<void> {
  if (isPostgres(db)) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
      include (${sql.join(carried.map((c) => sql.id(c)))})`.execute(db);
    return;
  }
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns, ...carried])
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// Case folding and search

/** `expression` lower-cased the same way (every letter, not ASCII only) on both databases. */
export function foldCase(db: AnyKysely, expression: RawBuilder<unknown>): RawBuilder<string> {
  const fn = isPostgres(db) ? sql.raw("lower") : sql.raw("unicode_lower");
  return sql<string>`${fn}(${expression})`;
}

/** `%text%` for LIKE, with LIKE's own wildcards (and the escape character) taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * True where `column` contains `lowerCaseText` anywhere, ignoring case. LIKE is case-insensitive for ASCII
 * on SQLite and case-sensitive on PostgreSQL; comparing folded text on both makes them agree.
 *
 * NOTE: SQLite folds through a JavaScript function, called for each row tested (about half of a name
 * search's cost when it walks the list). A name of ASCII only (its length in bytes is its length in
 * characters) is compared by SQLite's own LIKE, which folds ASCII as the function would; so is any name that
 * LIKE already matches (a name LIKE matches holds the text: LIKE folds only ASCII, and the text's other
 * letters are lower-case already). The function folds what is left, and the rows found are the same.
 */
export function containsIgnoringCase(
  db: AnyKysely,
  column: string,
  lowerCaseText: string,
): RawBuilder<boolean> {
  const pattern = likeContains(lowerCaseText);
  const folded = sql<boolean>`${foldCase(db, sql.ref(column))} like ${pattern} escape '\\'`;
  if (isPostgres(db)) return folded;
  const text = sql.ref(column);
  return sql<boolean>`(${text} like ${pattern} escape '\\' or (length(cast(${text} as blob)) <> length(${text}) and ${folded}))`;
}

// ---------------------------------------------------------------------------------------------------------
// Search indexes

/**
 * A trigram index over one text column, so that `containsIgnoringCase` stays fast as the table grows:
 * SQLite's FTS5 with its trigram tokenizer, PostgreSQL's pg_trgm (a GIN index on the lower-cased column).
 * Both answer "contains this text anywhere" for text of at least TRIGRAM_MIN_LENGTH characters.
 */
export interface TrigramIndex {
  /** PostgreSQL: the GIN index. SQLite: the FTS5 table, with `<name>_keys` mapping its rows to the table's. */
  name: string;
  table: string;
  /** The table's primary key (text). */
  id: string;
  /** The text column searched. */
  column: string;
  /**
   * The columns whose change changes the text, when `column` is computed from them (a generated column):
   * SQLite fires an `update of` trigger only for the columns an UPDATE sets, never a generated one.
   */
  sources?: string[];
}

/** Text shorter than this (in characters) has no trigram; such a search reads the rows one by one. */
export const TRIGRAM_MIN_LENGTH = 3;

/** A lock key for creating the pg_trgm extension: schemas sharing one database may migrate at once. */
const PG_TRGM_LOCK_KEY = 0x7467_726d;

/**
 * Builds a TrigramIndex and fills it from the rows already there (a migration's up).
 *
 * PostgreSQL: creates the pg_trgm extension in `public` unless the database has it already (it is trusted:
 * the database's owner may create it), then a GIN index on `lower(column)`, which serves `lower(column)
 * LIKE '%…%'` as it is.
 *
 * SQLite: an FTS5 table (trigram tokenizer, folding case; it keeps no copy of the text) and a key table
 * giving each row of `table` a stable integer for the FTS5 table's rowid, kept in step by triggers on insert,
 * on update of the id or the text, and on delete. NOTE: the FTS5 rows are not keyed by `table`'s own rowid,
 * which VACUUM may renumber in a table without an INTEGER PRIMARY KEY.
 */
export async function createTrigramIndex(db: AnyKysely, index: TrigramIndex): Promise<void> {
  const table = sql.table(index.table);
  const id = sql.ref(index.id);
  const column = sql.ref(index.column);
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${PG_TRGM_LOCK_KEY})`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    } catch (error) {
      throw new Error(
        "The search index needs PostgreSQL's pg_trgm extension, and this database user may not create it: " +
          "run `create extension pg_trgm with schema public` as the database's owner, then start again.",
        { cause: error },
      );
    }
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const [extension] = rows;
    if (!extension) throw new Error("pg_trgm was created but PostgreSQL does not list it");
    const opclass = sql`${sql.id(extension.schema)}.gin_trgm_ops`;
    const name = sql.id(index.name);
    await sql`create index ${name} on ${table} using gin (lower(${column}) ${opclass})`.execute(db);
    return;
  }
  const fts = sql.table(index.name);
  const keys = sql.table(`${index.name}_keys`);
  const rowidOf = (row: "new" | "old") =>
    sql`(select search_rowid from ${keys} where row_id = ${sql.raw(row)}.${id})`;
  await sql`create table ${keys} (search_rowid integer primary key, row_id text not null unique)`.execute(db);
  await sql`create virtual table ${fts} using fts5(search_text, content='', contentless_delete=1,
    tokenize='trigram case_sensitive 0')`.execute(db);
  await sql`create trigger ${sql.id(`${index.name}_insert`)} after insert on ${table} begin
    insert into ${keys} (row_id) values (new.${id});
    insert into ${fts} (rowid, search_text) values (${rowidOf("new")}, new.${column});
  end`.execute(db);
  const updated = (index.sources ?? [index.column]).map((source) => sql.ref(source));
  await sql`create trigger ${sql.id(`${index.name}_update`)} after update of ${sql.join([id, ...updated])} on ${table} begin
    delete from ${fts} where rowid = ${rowidOf("old")};
    update ${keys} set row_id = new.${id} where row_id = old.${id};
    insert into ${fts} (rowid, search_text) values (${rowidOf("new")}, new.${column});
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index.name}_delete`)} after delete on ${table} begin
    delete from ${fts} where rowid = ${rowidOf("old")};
    delete from ${keys} where row_id = old.${id};
  end`.execute(db);
  await sql`insert into ${keys} (row_id) select ${id} from ${table}`.execute(db);
  await sql`insert into ${fts} (rowid, search_text) select k.search_rowid, t.${column}
    from ${table} t join ${keys} k on k.row_id = t.${id}`.execute(db);
}

/** Undoes createTrigramIndex (a migration's down); the pg_trgm extension stays. */
export async function dropTrigramIndex(db: AnyKysely, index: TrigramIndex): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`drop trigger if exists ${sql.id(`${index.name}_${event}`)}`.execute(db);
  }
  await sql`drop table if exists ${sql.table(index.name)}`.execute(db);
  await sql`drop table if exists ${sql.table(`${index.name}_keys`)}`.execute(db);
}

/** Whether a TrigramIndex can find the rows containing this (lower-cased) text. */
export const hasTrigrams = (lowerCaseText: string) => [...lowerCaseText].length >= TRIGRAM_MIN_LENGTH;

/** How long searchWalksListFirst trusts a table's row count. */
const ROW_ESTIMATE_MS = 60_000;
const rowEstimates = new WeakMap<AnyKysely, Map<string, { rows: number; at: number }>>();

/** About how many rows `table` holds, from PostgreSQL's statistics (-1 for a table never analyzed). */
async function estimatedRows(db: AnyKysely, table: string): Promise<number> {
  let estimates = rowEstimates.get(db);
  if (!estimates) {
    estimates = new Map();
    rowEstimates.set(db, estimates);
  }
  const known = estimates.get(table);
  if (known && Date.now() - known.at <= ROW_ESTIMATE_MS) return known.rows;
  const { rows } = await sql<{ rows: number | null }>`select reltuples::float8 as rows from pg_class
    where oid = to_regclass(${table})`.execute(db);
  const estimate = { rows: Number(rows[0]?.rows ?? -1), at: Date.now() };
  estimates.set(table, estimate);
  return estimate.rows;
}

/**
 * Whether a search through a TrigramIndex, for one page of a list of `table`'s rows, first walks the list in
 * its order for up to `walkRows` rows, testing each, before it asks the index (products.repository.ts).
 *
 * PostgreSQL: yes, unless its statistics (read at most once a minute) count fewer than twice `walkRows` rows,
 * where the walk would mostly read the whole list and the index be asked anyway. Its index cannot tell how
 * many rows match without reading and rechecking every candidate (about 7 µs each), and its planner, left to
 * choose, chooses by a guess of that number which moves from one ANALYZE to the next (decision 012). NOTE:
 * the count only chooses the way; both find the same rows.
 * SQLite: no. Its FTS5 table answers "at most TRIGRAM_MATCHES_TO_SORT matches, or more" reading only the
 * text's postings, and containsIgnoringCaseIndexed then walks the list itself when there are more. Walking
 * first cost SQLite more than it saved: its tier columns are computed from each product's row, so its walk
 * is not index-only, and a text matching nothing went from 0.14 to 1.5 ms at 100k (decision 012).
 */
export async function searchWalksListFirst(db: AnyKysely, table: string, walkRows: number): Promise<boolean> {
  if (!isPostgres(db)) return false;
  const rows = await estimatedRows(db, table);
  // NOTE: a table never analyzed: unknown, so the walk, whose cost is bounded, goes first.
  return rows < 0 || rows >= 2 * walkRows;
}

/**
 * SQLite: at most this many rows are taken from the FTS5 table for one search. A text matching more is
 * common (at 100,000 products, 1 row in 400 or more), and its page is found soonest by walking the list in
 * its own order and testing each row (about 0.2 µs a row); one matching fewer is found soonest by fetching
 * those rows and sorting them (about 5 µs a row). The two cost the same at about this many matches in
 * 100,000 products (decision 012).
 */
export const TRIGRAM_MATCHES_TO_SORT = 250;

/**
 * `containsIgnoringCase` on an indexed column, through its TrigramIndex: the same rows, found through the
 * index instead of by reading every row, and how the query is to order them (keyset.ts). `row` names the id
 * and the column as the query refers to them (e.g. `p.id`, `p.name`). Text without trigrams (hasTrigrams)
 * is matched row by row on both databases, walking the list.
 *
 * PostgreSQL: the GIN index serves the LIKE itself; the rows it finds are then sorted. NOTE: the caller
 * has made sure that walking the list instead would not soon meet a page of matches (the planner, left to
 * guess how many rows match, may choose that walk, and read the whole list).
 * SQLite has no such statistics, so this asks the FTS5 table first, for up to TRIGRAM_MATCHES_TO_SORT + 1
 * of its rows: if there are no more, the query fetches those products and sorts them; else it walks its list testing
 * each row. In every case the same LIKE as containsIgnoringCase decides, so every path agrees to the letter.
 */
export async function containsIgnoringCaseIndexed(
  db: AnyKysely,
  index: TrigramIndex,
  row: { id: string; column: string },
  lowerCaseText: string,
): Promise<{ where: RawBuilder<boolean>; order: KeysetOrder }> {
  const contains = containsIgnoringCase(db, row.column, lowerCaseText);
  if (!hasTrigrams(lowerCaseText)) return { where: contains, order: "index" };
  if (isPostgres(db)) return { where: contains, order: "sorted" };
  const phrase = `"${lowerCaseText.replaceAll('"', '""')}"`;
  const fts = sql.table(index.name);
  const keys = sql.table(`${index.name}_keys`);
  const limit = TRIGRAM_MATCHES_TO_SORT + 1;
  // NOTE: the FTS5 rows only: their ids are looked up in the query itself, and only when it fetches them.
  const { rows } = await sql<{ rowid: number }>`select rowid from ${fts} where ${fts} match ${phrase}
    limit ${limit}`.execute(db);
  if (rows.length > TRIGRAM_MATCHES_TO_SORT) return { where: contains, order: "index" };
  const rowids = JSON.stringify(rows.map((r) => r.rowid));
  return {
    where: sql<boolean>`${sql.ref(row.id)} in (select row_id from ${keys}
      where search_rowid in (select value from json_each(${rowids}))) and ${contains}`,
    order: "index",
  };
}

// ---------------------------------------------------------------------------------------------------------
// Locking

/**
 * `query` reading rows that must not change until the caller's transaction ends. PostgreSQL: FOR SHARE (a
 * concurrent UPDATE of those rows waits for the commit; one that committed first is seen). SQLite: as it is,
 * since a transaction's reads and writes already see one snapshot and a write after another connection's
 * commit fails as busy.
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function lockedForShare<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forShare() as Q) : query;
}

/**
 * `query` reading rows the caller will change before its transaction ends, which no other transaction may
 * change or lock meanwhile. PostgreSQL: FOR UPDATE (another one waits for the commit, then sees the rows as
 * committed). SQLite: as it is (one writer at a time).
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function lockedForUpdate<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate() as Q) : query;
}

/**
 * `query` taking rows for the caller's statement alone, passing over rows another transaction holds (a queue's
 * claim). PostgreSQL: FOR UPDATE SKIP LOCKED, so two servers claiming at once take different rows instead of
 * waiting on each other. SQLite: as it is (one writer at a time).
 */
// biome-ignore lint/suspicious/noExplicitAny: any select query: only its locking clause changes.
export function skippingLocked<Q extends SelectQueryBuilder<any, any, any>>(db: AnyKysely, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Q) : query;
}

/**
 * Runs `work` in a transaction that only one connection at a time may hold (`lockKey` names it).
 * PostgreSQL: an advisory lock held until commit. SQLite: BEGIN IMMEDIATE takes the write lock up front (a
 * deferred transaction could read, then fail to upgrade its lock when another one commits).
 */
export async function exclusiveTransaction<DB, T>(
  db: Kysely<DB>,
  lockKey: number,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockKey})`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    await beginImmediate(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}

/**
 * BEGIN IMMEDIATE, waiting for another connection's write lock between tries rather than in SQLite's busy
 * handler: better-sqlite3 waits there synchronously, which stops this process's event loop, so a transaction
 * of this same process that holds the lock (two seeders starting together) could not finish until the wait
 * gave up. Gives up after SQLITE_BUSY_TIMEOUT_MS, as that handler would.
 */
async function beginImmediate(conn: AnyKysely): Promise<void> {
  const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  await sql`pragma busy_timeout = 0`.execute(conn);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(conn);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() >= giveUpAt) throw error;
        await setTimeout(LOCK_RETRY_MS);
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(conn);
  }
}

/**
 * Runs a step function (steps.ts) as one transaction. PostgreSQL: a transaction of the pool's, each
 * statement awaited. SQLite: BEGIN IMMEDIATE, every statement, COMMIT (or ROLLBACK on a throw) inside one
 * synchronous call of better-sqlite3, so the one connection is never left in an open transaction while other
 * work of the process runs: no reader or writer waits behind it, and nothing of theirs runs between its
 * statements (decision 036). Inside a transaction already (`db` is one), the steps join it.
 *
 * NOTE: when a transaction of Kysely's own (`db.transaction()`, awaiting between its statements) is open on
 * the connection, this waits for it through Kysely's lock on the connection, then runs. The write lock is
 * asked for without SQLite's busy handler, which would stop the event loop while another process holds it;
 * it is tried again after LOCK_RETRY_MS until SQLITE_BUSY_TIMEOUT_MS, as `beginImmediate` does.
 */
export async function stepsTransaction<DB, T>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>) => Steps<T>,
): Promise<T> {
  if (db.isTransaction) return runSteps(db, build(db));
  const sqlite = sqliteHandles.get(db);
  if (!sqlite) return db.transaction().execute((trx) => runSteps(trx, build(trx)));
  const giveUpAt = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    const outcome = sqlite.database.inTransaction
      ? await db.connection().execute(async () => transactionNow(sqlite, () => build(db)))
      : transactionNow(sqlite, () => build(db));
    if (outcome.ran) return outcome.value;
    if (Date.now() >= giveUpAt) throw outcome.busy;
    await setTimeout(LOCK_RETRY_MS);
  }
}

/**
 * Whether `db`'s SQLite connection is inside a transaction at this moment; undefined on PostgreSQL (a pool
 * has no one connection). Tests sample it from other requests' work to prove that none runs while a
 * transaction is open (orders/placement-block.test.ts).
 */
export function sqliteInTransaction(db: AnyKysely): boolean | undefined {
  return sqliteHandles.get(db)?.database.inTransaction;
}

type Outcome<T> = { ran: true; value: T } | { ran: false; busy: unknown };

/** One synchronous try of an SQLite transaction: `ran: false` when another process holds the write lock. */
function transactionNow<T>(sqlite: SqliteHandle, build: () => Steps<T>): Outcome<T> {
  // NOTE: through the statement cache, as every statement here: database.pragma() prepares its text anew on
  // each call, twice a transaction (decision 045).
  sqlite.prepare("pragma busy_timeout = 0").get();
  try {
    sqlite.prepare("begin immediate").run();
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return { ran: false, busy: error };
    throw error;
  } finally {
    sqlite.prepare(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).get();
  }
  try {
    const value = runStepsNow(build(), (compiled) => executeNow(sqlite, compiled));
    sqlite.prepare("commit").run();
    return { ran: true, value };
  } catch (error) {
    // NOTE: SQLite ends the transaction itself after some errors (a full disk); then there is nothing to undo.
    if (sqlite.database.inTransaction) sqlite.prepare("rollback").run();
    throw error;
  }
}

/** One statement on SQLite, as Kysely's driver runs it (rows for a reader, the count of changes else). */
function executeNow(sqlite: SqliteHandle, { sql: text, parameters }: CompiledQuery): StatementResult {
  const statement = sqlite.prepare(text);
  if (statement.reader) {
    const rows = statement.all(parameters as unknown[]);
    return { rows, changes: rows.length };
  }
  return { rows: [], changes: statement.run(parameters as unknown[]).changes };
}

// ---------------------------------------------------------------------------------------------------------
// What a database error means

/**
 * Every unique constraint the code reacts to, by the name PostgreSQL reports, with the table and columns
 * SQLite's message names instead (SQLite does not report a constraint's name). A migration adding a unique
 * constraint that a service must recognise adds it here.
 */
export const UNIQUE_CONSTRAINTS = {
  users_email_key: { table: "users", columns: ["email"] },
  users_operator_claim_key: { table: "users", columns: ["operator_claim"] },
  users_sign_in_phone_key: { table: "users", columns: ["sign_in_phone"] },
  orders_user_idempotency_key_unique: { table: "orders", columns: ["user_id", "idempotency_key"] },
  idempotency_keys_pkey: { table: "idempotency_keys", columns: ["user_id", "key"] },
  standing_orders_user_key_unique: { table: "standing_orders", columns: ["user_id", "idempotency_key"] },
} as const satisfies Record<string, { table: string; columns: readonly string[] }>;
export type UniqueConstraint = keyof typeof UNIQUE_CONSTRAINTS;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}
const asDriverError = (error: unknown): DriverError =>
  typeof error === "object" && error !== null ? (error as DriverError) : {};

/** SQLite: `UNIQUE constraint failed: orders.user_id, orders.idempotency_key` → the constraint's name. */
function sqliteUniqueConstraint(message: string): UniqueConstraint | "unknown" {
  const match = /UNIQUE constraint failed: (.+)$/.exec(message);
  const columns = match?.[1]?.split(", ").join(",");
  for (const [name, { table, columns: cols }] of Object.entries(UNIQUE_CONSTRAINTS)) {
    if (cols.map((c) => `${table}.${c}`).join(",") === columns) return name as UniqueConstraint;
  }
  return "unknown";
}

/** PostgreSQL SQLSTATEs of input the column cannot hold (too long, out of range, malformed, NUL byte…). */
const PG_BAD_INPUT = new Set(["22001", "22003", "22007", "22008", "22021", "22P02", "22P05", "54000"]);
const SQLITE_BAD_CONSTRAINT = /^SQLITE_CONSTRAINT_(NOTNULL|CHECK|DATATYPE)$/;
/** SQLite codes of input it cannot hold. */
const SQLITE_BAD_INPUT = new Set(["SQLITE_TOOBIG", "SQLITE_MISMATCH", "SQLITE_RANGE"]);

export type DbErrorKind =
  | { kind: "unique_violation"; constraint: UniqueConstraint | "unknown" }
  /** The value cannot be stored (too long, out of range, malformed): the client's fault, a 4xx. */
  | { kind: "bad_input" }
  /** The row refers to one that does not exist (any more): a 409. */
  | { kind: "foreign_key_violation" }
  /** A concurrent transaction won (PostgreSQL serialization failure or deadlock, SQLite busy): retryable. */
  | { kind: "serialization_failure" };

/** What a database driver's error means, on either database; undefined for anything else. */
export function classifyDbError(error: unknown): DbErrorKind | undefined {
  const { code, constraint, message } = asDriverError(error);
  const text = typeof message === "string" ? message : "";
  if (code === "23505") {
    const name = typeof constraint === "string" && constraint in UNIQUE_CONSTRAINTS ? constraint : "unknown";
    return { kind: "unique_violation", constraint: name as UniqueConstraint | "unknown" };
  }
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    return { kind: "unique_violation", constraint: sqliteUniqueConstraint(text) };
  }
  if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") return { kind: "foreign_key_violation" };
  if (typeof code === "string" && (PG_BAD_INPUT.has(code) || SQLITE_BAD_INPUT.has(code))) {
    return { kind: "bad_input" };
  }
  // NOTE: any other data exception (class 22) or integrity violation (class 23: NOT NULL, CHECK) is a value
  // the column cannot hold, too.
  if (typeof code === "string" && (/^2[23][0-9A-Z]{3}$/.test(code) || SQLITE_BAD_CONSTRAINT.test(code))) {
    return { kind: "bad_input" };
  }
  if (code === "40001" || code === "40P01" || code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT") {
    return { kind: "serialization_failure" };
  }
  return undefined;
}

/** True when `error` is the database refusing a duplicate under `constraint`. */
export function isUniqueViolation(error: unknown, constraint: UniqueConstraint): boolean {
  const kind = classifyDbError(error);
  return kind?.kind === "unique_violation" && kind.constraint === constraint;
}

const MIGRATION_LOCK_KEY = 0x6d69_6772;

/**
 * Runs migrations while no other session migrates any schema of the same PostgreSQL database. Kysely's
 * migrator takes its own lock only after listing every table of every schema, and that listing fails
 * ("relation … does not exist") when another schema renames a table at that moment, as test files that
 * migrate their own schemas side by side do. SQLite: one file, one writer, no lock needed.
 */
export async function withMigrationLock<T>(db: AnyKysely, work: (db: AnyKysely) => Promise<T>): Promise<T> {
  if (dialectOf(db) !== "postgres") return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
