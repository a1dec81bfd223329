import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import { AppError } from "../http/index.ts";

/**
 * Keyset paging, one way for every list: rows in a total order (a sort key, then the id as tie-breaker), a
 * page starting strictly after the last row of the previous one, so no row is skipped or repeated even when
 * many share a key or rows arrive meanwhile. The position travels to the client as an opaque cursor.
 */
export interface KeysetPosition {
  key: string | number;
  id: string;
  /** The row's tier, for a keyset that has one. */
  tier?: number;
}

export interface Keyset {
  /** Names the list and its order (e.g. `products:newest`), so a cursor from one is refused by another. */
  scope: string;
  /** The sort key's column, e.g. `p.created_at`. */
  key: string;
  /** The tie-breaking id column, e.g. `p.id`. */
  id: string;
  direction: "asc" | "desc";
  /** What the key column holds; a cursor whose key is of the other kind is refused. */
  keyKind: "string" | "number";
  /**
   * An optional first sort level, lower tiers first (e.g. products in stock before sold-out ones): a column
   * (a generated one, typically) holding each row's tier, 0 to `max`, for an ascending keyset, and `max -
   * tier` for a descending one. NOTE: so every level of the order runs one way, and one index (tier, key,
   * id) serves it with one row-value comparison; an expression in its place would do for the order, but
   * SQLite uses no row-value range on an index led by an expression (decision 012).
   */
  tier?: { column: string; max: number };
}

/** The same keyset over the same columns as `alias` names them (e.g. a subquery's `w.id` for `p.id`). */
export function rebaseKeyset(keyset: Keyset, alias: string): Keyset {
  const rebase = (column: string) => `${alias}.${column.slice(column.indexOf(".") + 1)}`;
  return {
    ...keyset,
    key: rebase(keyset.key),
    id: rebase(keyset.id),
    ...(keyset.tier ? { tier: { ...keyset.tier, column: rebase(keyset.tier.column) } } : {}),
  };
}

/** True for rows strictly after `after` in the keyset's order: `(tier, key, id) > (…)`, or `<` descending. */
function afterPosition(keyset: Keyset, after: KeysetPosition): RawBuilder<boolean> {
  const op = sql.raw(keyset.direction === "asc" ? ">" : "<");
  const columns = [sql.ref(keyset.key), sql.ref(keyset.id)];
  const values: unknown[] = [after.key, after.id];
  if (keyset.tier) {
    const tier = after.tier ?? 0;
    columns.unshift(sql.ref(keyset.tier.column));
    values.unshift(keyset.direction === "asc" ? tier : keyset.tier.max - tier);
  }
  return sql<boolean>`(${sql.join(columns)}) ${op} (${sql.join(values)})`;
}

/**
 * How a page's rows are to be put in order:
 * - `index`: by walking an index in the keyset's order, stopping after one page, as each list has one;
 * - `sorted`: by gathering every row the query's conditions let through, then sorting them. NOTE: for a
 *   query whose rows an index of its own finds (a trigram search): the tier (which this needs) is then
 *   written as an expression, which no index serves, so that PostgreSQL's planner cannot bet on walking the
 *   list's index and meeting a page of matches soon (a bet that reads the whole list when it loses).
 */
export type KeysetOrder = "index" | "sorted";

/** Orders `query` by the keyset and, given a position, starts it just after that position. */
// biome-ignore lint/suspicious/noExplicitAny: any select query: the keyset names its columns itself.
export function pageAfter<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  keyset: Keyset,
  after: KeysetPosition | undefined,
  order: KeysetOrder = "index",
): Q {
  const started = after ? query.where(afterPosition(keyset, after)) : query;
  if (order === "sorted" && !keyset.tier) throw new Error(`${keyset.scope}: a sorted order needs a tier`);
  const tier = (column: string) => (order === "sorted" ? sql`${sql.ref(column)} + 0` : sql.ref(column));
  const tiered = keyset.tier ? started.orderBy(tier(keyset.tier.column), keyset.direction) : started;
  return tiered
    .orderBy(sql.ref(keyset.key), keyset.direction)
    .orderBy(sql.ref(keyset.id), keyset.direction) as Q;
}

const MAX_KEY_LENGTH = 64;
const MAX_ID_LENGTH = 100;
/** The largest value of PostgreSQL's `integer` (prices are integer paise). */
const INT4_MAX = 2_147_483_647;
/** NOTE: every value of a cursor reaches SQL: a NUL byte or a number beyond the column is a broken link (400). */
const isText = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.length > 0 && value.length <= max && !value.includes("\0");

/** The 400 for a cursor this server did not hand out (or no longer reads), for every list. */
export const invalidCursor = () =>
  new AppError("invalid_cursor", "This page link is no longer valid; please start from the first page", {
    cursor: "Invalid cursor",
  });

/** The cursor for the page after `position`: base64url of `[scope, key, id]` (`[scope, tier, key, id]` with tiers). */
export const encodeCursor = (keyset: Pick<Keyset, "scope" | "tier">, position: KeysetPosition) =>
  Buffer.from(
    JSON.stringify(
      keyset.tier
        ? [keyset.scope, position.tier ?? 0, position.key, position.id]
        : [keyset.scope, position.key, position.id],
    ),
  ).toString("base64url");

/** The position a cursor names; anything this server did not hand out for this keyset is a 400 invalid_cursor. */
export function decodeCursor(
  text: string,
  keyset: Pick<Keyset, "scope" | "keyKind" | "tier">,
): KeysetPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== (keyset.tier ? 4 : 3)) throw invalidCursor();
  const tier = keyset.tier ? (value.splice(1, 1)[0] as unknown) : undefined;
  if (
    keyset.tier &&
    !(typeof tier === "number" && Number.isInteger(tier) && tier >= 0 && tier <= keyset.tier.max)
  ) {
    throw invalidCursor();
  }
  const [cursorScope, key, id] = value as unknown[];
  const keyOk =
    keyset.keyKind === "string"
      ? isText(key, MAX_KEY_LENGTH)
      : typeof key === "number" && Number.isInteger(key) && key >= 0 && key <= INT4_MAX;
  const idOk = isText(id, MAX_ID_LENGTH);
  if (cursorScope !== keyset.scope || !keyOk || !idOk) throw invalidCursor();
  return { key: key as string | number, id: id as string, ...(keyset.tier ? { tier: tier as number } : {}) };
}

/**
 * One page of a list read with `limit + 1` rows: the first `limit` rows, and the cursor for the next page when
 * there was one more row.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  keyset: Pick<Keyset, "scope" | "tier">,
  positionOf: (row: Row) => KeysetPosition,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyset, positionOf(last)) : null,
  };
}
