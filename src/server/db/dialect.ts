import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Every difference between SQLite and PostgreSQL lives in this module and its siblings, and nothing else
 * branches on which database it runs on: here which database, column types and schema helpers for migrations;
 * opening a connection (dialect-connection.ts), case folding and search (dialect-search.ts), locking and
 * transactions (dialect-locks.ts), and what a database error means (dialect-errors.ts). Repositories write their SQL once and call these helpers where the two differ.
 * docs/architecture.md ("Two databases, one code path") explains the choice.
 */
export type DialectName = "sqlite" | "postgres";

// biome-ignore lint/suspicious/noExplicitAny: any schema: the helpers only need the connection's adapter.
export type AnyKysely = Kysely<any>;

export const dialectOf = (db: AnyKysely): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

export const isPostgres = (db: AnyKysely) => dialectOf(db) === "postgres";

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
