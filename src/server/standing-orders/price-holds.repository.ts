import type { Kysely } from "kysely";
import { changedRows, type Database, rowsOf, type Steps } from "../db/index.ts";
import { occurrencesWithOrders } from "./occurrences.repository.ts";

// The price-rise hold: occurrences held until their shopper accepts a new price (issue 35, migration 0049).

/** Held occurrences whose cut-off has come, still made (they are skipped). */
export function heldAtCutoff(db: Kysely<Database>, now: string) {
  return occurrencesWithOrders(db)
    .select(["o.id", "o.order_id", "o.date", "so.user_id", "so.full_name"])
    .where("o.held", "is not", null)
    .where("o.state", "=", "made")
    .where("o.cutoff_at", "<=", now)
    .orderBy("o.cutoff_at")
    .limit(500)
    .execute();
}

export function occurrenceOfOrder(db: Kysely<Database>, orderId: string) {
  return occurrencesWithOrders(db)
    .select(["o.id", "o.held", "o.cutoff_at", "o.standing_order_id", "so.user_id"])
    .where("o.order_id", "=", orderId)
    .executeTakeFirst();
}

/** Its new price accepted: no longer held, and a later rise asks its shopper again. */
export async function clearHold(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("standing_occurrences")
    .set({ held: null, price_told_at: null })
    .where("id", "=", id)
    .execute();
}

/**
 * Made occurrences whose order is still scheduled and either has a line priced other than its product is now
 * or is held (its hold is weighed again): the ones a pass re-prices, oldest cut-off first, at most `limit`.
 * Only cut-offs after `since`: an older one still scheduled is the timer's backlog, not the farmer's price.
 */
export function toReprice(db: Kysely<Database>, since: string, limit: number) {
  return occurrencesWithOrders(db)
    .innerJoin("order_parts as f", "f.order_id", "o.order_id")
    .select([
      "o.id",
      "o.order_id",
      "o.standing_order_id",
      "o.date",
      "o.cutoff_at",
      "so.user_id",
      "so.full_name",
    ])
    .where("o.cutoff_at", ">", since)
    .where("o.state", "=", "made")
    .where("f.status", "=", "scheduled")
    .where((eb) =>
      eb.or([
        eb("o.held", "is not", null),
        eb.exists(
          eb
            .selectFrom("order_items as i")
            .innerJoin("products as p", "p.id", "i.product_id")
            .select("i.line_no")
            .whereRef("i.order_id", "=", "o.order_id")
            .whereRef("i.unit_price_paise", "<>", "p.price_paise"),
        ),
      ]),
    )
    .orderBy("o.cutoff_at")
    .orderBy("o.id")
    .limit(limit)
    .execute();
}

/** The prices saved with a standing order (when its shopper made, changed or last accepted it), per product. */
export function* savedPricesOf(trx: Kysely<Database>, standingOrderId: string): Steps<Map<string, number>> {
  const rows = yield* rowsOf(
    trx
      .selectFrom("standing_order_lines")
      .select(["product_id", "price_paise"])
      .where("standing_order_id", "=", standingOrderId),
  );
  return new Map(rows.map((row) => [row.product_id, row.price_paise]));
}

/** Holds a made occurrence for a price rise, or lifts its hold. */
export function* setHeld(trx: Kysely<Database>, id: string, held: "price_rise" | null): Steps<void> {
  yield* changedRows(
    trx.updateTable("standing_occurrences").set({ held }).where("id", "=", id).where("state", "=", "made"),
  );
}

/**
 * A held occurrence not accepted by its cut-off reads skipped, "price_rise": once, whichever server gets there
 * first (answers whether this one did, and so tells its shopper).
 */
export function* markHeldSkipped(trx: Kysely<Database>, id: string): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .updateTable("standing_occurrences")
      .set({ state: "skipped", reason: "price_rise" })
      .where("id", "=", id)
      .where("state", "=", "made")
      .where("held", "is not", null)
      // NOTE: not once its order went on (a move to pending won the race): that is a delivery now.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("order_parts as f")
              .select("f.id")
              .whereRef("f.order_id", "=", "standing_occurrences.order_id")
              .where("f.status", "!=", "cancelled"),
          ),
        ),
      ),
  );
  return changed === 1;
}

/** Saves the prices the shopper accepted as the standing order's (per product). */
export async function savePrices(
  db: Kysely<Database>,
  standingOrderId: string,
  prices: readonly { productId: string; pricePaise: number }[],
): Promise<void> {
  for (const price of prices) {
    await db
      .updateTable("standing_order_lines")
      .set({ price_paise: price.pricePaise })
      .where("standing_order_id", "=", standingOrderId)
      .where("product_id", "=", price.productId)
      .execute();
  }
}

/** The unit prices an order was priced at, per product. */
export function pricesOfOrder(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom("order_items")
    .select(["product_id", "unit_price_paise"])
    .where("order_id", "=", orderId)
    .execute();
}
