import { type RawBuilder, sql } from "kysely";
import { type AnyKysely, hasTrigrams, isPostgres, type TrigramIndex } from "./dialect.ts";
import type { KeysetOrder } from "./keyset.ts";

// Case folding and search on either database (dialect.ts).

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
