import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db/database.ts";
import { isPostgres, migrationTableSchema } from "../db/dialect.ts";

interface TableColumns {
  name: string;
  columns: string[];
}

/**
 * Columns any request may change without changing what the shop holds: a signed-in request refreshes its
 * session's last_seen_at now and then (auth.service.ts), refused or not.
 */
const VOLATILE_COLUMNS: Record<string, readonly string[]> = { sessions: ["last_seen_at"] };

const tablesOf = new WeakMap<Db, Promise<TableColumns[]>>();

/**
 * How to wait for the background work of the app on a database (its mailer delivering queued mails, which
 * claims and deletes mail_queue rows after a request has answered): a snapshot taken meanwhile would see a
 * half-delivered queue. createTestApp registers its app's.
 */
const settlers = new WeakMap<Db, () => Promise<void>>();
export const settleBeforeSnapshots = (db: Db, settle: () => Promise<void>) => settlers.set(db, settle);

/** Every table of ours (migration bookkeeping aside) with its columns, read once per database. */
function tablesWithColumns(db: Db): Promise<TableColumns[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = listColumns(db).then((list) => {
      const byTable = new Map<string, string[]>();
      for (const { table, column } of list) {
        if (table.startsWith("kysely_") || VOLATILE_COLUMNS[table]?.includes(column)) continue;
        byTable.set(table, [...(byTable.get(table) ?? []), column]);
      }
      return [...byTable]
        .map(([name, columns]) => ({ name, columns: columns.sort() }))
        .sort((a, b) => a.name.localeCompare(b.name));
    });
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * NOTE: on PostgreSQL asked of the connection's own schema in the catalogue, not through Kysely's
 * introspection: that reads every schema of the server, and failed ("relation … does not exist") when another
 * test file's schema was created or dropped meanwhile.
 */
async function listColumns(db: Db): Promise<{ table: string; column: string }[]> {
  if (isPostgres(db.kysely)) {
    const { rows } = await sql<{ table: string; column: string }>`
      select c.relname as "table", a.attname as "column"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`.execute(
      db.kysely,
    );
    return rows;
  }
  const tables = await db.kysely.introspection.getTables();
  return tables.flatMap((table) =>
    table.columns.map((column) => ({ table: table.name, column: column.name })),
  );
}

/** One table's rows as text, one line a row, in a fixed order (by the row's own text), in one SQL value. */
function tableText(db: Db, { name, columns }: TableColumns): RawBuilder<string> {
  // NOTE: PostgreSQL hashes in SQL (md5), so one short value a table crosses the socket; SQLite has no hash
  // function, but it runs in this process, so its text is hashed here.
  if (isPostgres(db.kysely)) {
    const row = sql.join(
      columns.map((column) => sql`quote_nullable(${sql.ref(column)})`),
      sql`||','||`,
    );
    return sql<string>`(select md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) from (select ${row} as r from ${sql.table(name)}) rows)`;
  }
  const row = sql.join(
    columns.map((column) => sql`quote(${sql.ref(column)})`),
    sql`||','||`,
  );
  return sql<string>`(select coalesce(group_concat(r, char(10) order by r), '') from (select ${row} as r from ${sql.table(name)}))`;
}

/**
 * A checksum of every row of every table of ours, per table, in one round trip, to prove a refused request
 * changed nothing: a row added, removed or altered changes its table's checksum (columns in
 * VOLATILE_COLUMNS aside).
 */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  await settlers.get(db)?.();
  const tables = await tablesWithColumns(db);
  const selections = sql.join(tables.map((table) => sql`${tableText(db, table)} as ${sql.ref(table.name)}`));
  const { rows } = await sql<Record<string, string>>`select ${selections}`.execute(db.kysely);
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      createHash("sha1")
        .update(String(rows[0]?.[name] ?? ""))
        .digest("hex"),
    ]),
  );
}

/**
 * A value that moves whenever anything may have been written to the database, cheap to read: the rows this
 * SQLite connection (the app's only one) has changed, or on PostgreSQL a sequence that a statement trigger on
 * each of this schema's tables advances (it may move without a change, a rolled-back write say, never the
 * other way round). The fuzz test reads checksums only when it moved, so a long run does not rehash every
 * table after each request.
 *
 * NOTE: not PostgreSQL's write-ahead log position, which is the whole server's: with other test files writing
 * their own schemas meanwhile it moved after almost every case, and the fuzzing on PostgreSQL rehashed every
 * table for each of its cases (140 s a file against about 40 on SQLite, decision 019).
 */
export async function writeMarker(db: Db): Promise<string> {
  await settlers.get(db)?.();
  if (!isPostgres(db.kysely)) {
    const { rows } = await sql<{ marker: string }>`select total_changes() as marker`.execute(db.kysely);
    return String(rows[0]?.marker);
  }
  const sequence = await writeCounter(db);
  const { rows } = await sql<{ marker: string }>`select last_value::text || is_called::text as marker
    from ${sql.table(sequence)}`.execute(db.kysely);
  return String(rows[0]?.marker);
}

const writeCounters = new WeakMap<Db, Promise<string>>();

/** Installs, once per database, the sequence and the triggers writeMarker reads on PostgreSQL; answers its name. */
function writeCounter(db: Db): Promise<string> {
  let counter = writeCounters.get(db);
  if (!counter) {
    counter = (async () => {
      const schema = await migrationTableSchema(db.kysely);
      const sequence = `${schema}.test_write_counter`;
      const bump = `${schema}.test_count_write`;
      await sql`create sequence if not exists ${sql.table(sequence)}`.execute(db.kysely);
      await sql`create or replace function ${sql.raw(bump)}() returns trigger language plpgsql as
        $$ begin perform nextval(${sql.lit(sequence)}); return null; end $$`.execute(db.kysely);
      for (const { name } of await tablesWithColumns(db)) {
        await sql`create or replace trigger test_count_write
          after insert or update or delete or truncate on ${sql.table(`${schema}.${name}`)}
          for each statement execute function ${sql.raw(bump)}()`.execute(db.kysely);
      }
      return sequence;
    })();
    writeCounters.set(db, counter);
  }
  return counter;
}

/** Row counts of every table of ours (migration bookkeeping aside), in one round trip. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await tablesWithColumns(db);
  const columns = sql.join(
    tables.map(({ name }) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`),
  );
  const { rows } = await sql<Record<string, number | string>>`select ${columns}`.execute(db.kysely);
  return Object.fromEntries(tables.map(({ name }) => [name, Number(rows[0]?.[name] ?? 0)]));
}
