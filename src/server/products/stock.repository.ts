import type { Kysely } from "kysely";
import { PRODUCT_STOCK_MAX } from "../../shared/schemas/products.ts";
import type { Database } from "../db/index.ts";
import { changedRows, lockedForShare, rowsOf, type Steps, updatedOne } from "../db/index.ts";

// Products' stock: taken by an order and given back, in conditional UPDATEs safe on either database.

/**
 * Takes `quantity` from a tracked product's stock only if that many are left, in one conditional UPDATE (so
 * two buyers can never both take the last one, on either database). Answers whether it was taken.
 */
export function* takeStock(db: Kysely<Database>, id: string, quantity: number): Steps<boolean> {
  const changed = yield* changedRows(
    db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", quantity) }))
      .where("id", "=", id)
      .where("stock", "is not", null)
      .where("stock", ">=", quantity),
  );
  return changed === 1;
}

/**
 * Gives `quantity` back to a product's stock, at most up to PRODUCT_STOCK_MAX (the farmer may have filled the
 * stall since: one bound for every path, issue 25); an untracked or deleted product is left as it is.
 */
export function returnStock(db: Kysely<Database>, id: string, quantity: number) {
  return db
    .updateTable("products")
    .set((eb) => ({
      stock: eb
        .case()
        .when(eb("stock", "+", quantity), ">", PRODUCT_STOCK_MAX)
        .then(PRODUCT_STOCK_MAX)
        .else(eb("stock", "+", quantity))
        .end(),
    }))
    .where("id", "=", id)
    .where("stock", "is not", null)
    .execute();
}

/** The current stock of each product among `ids` (null: not tracked; deleted products are absent). */
export function* findStocks(db: Kysely<Database>, ids: readonly string[]): Steps<Map<string, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = yield* rowsOf(
    db
      .selectFrom("products")
      .select(["id", "stock"])
      .where("id", "in", [...ids]),
  );
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/**
 * Adds `change` (negative: takes away) to the stock of a product `ownerId` owns, as the database holds it at
 * that moment (`stock = stock + change`, one conditional UPDATE), only while the stock is counted and the
 * result stays within 0..PRODUCT_STOCK_MAX. Answers whether it changed; a sale committed in between is kept.
 */
export async function changeOwnedStock(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
  change: number,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", change) }))
      .where("id", "=", id)
      .where("owner_id", "=", ownerId)
      .where("stock", "is not", null)
      .where("stock", ">=", -change)
      .where("stock", "<=", PRODUCT_STOCK_MAX - change),
  );
}

/**
 * Which products among `ids` cannot be ordered now: taken off the shop, or their farmer is suspended. Read
 * with the rows held until the caller's transaction ends (lockedForShare), so a hide or a suspension cannot
 * slip in before an order that read them commits.
 */
export function* findUnorderable(db: Kysely<Database>, ids: readonly string[]): Steps<Set<string>> {
  if (ids.length === 0) return new Set();
  const query = db
    .selectFrom("products as p")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .select(["p.id", "p.hidden_at", "u.suspended_at"])
    .where("p.id", "in", [...ids])
    .orderBy("p.id");
  const rows = yield* rowsOf(lockedForShare(db, query));
  return new Set(
    rows.filter((row) => row.hidden_at != null || row.suspended_at != null).map((row) => row.id),
  );
}
