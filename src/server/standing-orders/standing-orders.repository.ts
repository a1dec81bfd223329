import type { Kysely } from "kysely";
import {
  changedRows,
  type Database,
  isUniqueViolation,
  noStatement,
  rowsOf,
  type StandingOccurrencesTable,
  type StandingOrderLinesTable,
  type StandingOrdersTable,
  type Steps,
} from "../db/index.ts";

export type StandingOrderRow = StandingOrdersTable;
export type StandingLineRow = StandingOrderLinesTable;
export type OccurrenceRow = StandingOccurrencesTable;

// ---- standing orders ----

export async function insertStandingOrder(
  trx: Kysely<Database>,
  row: StandingOrderRow,
  lines: readonly StandingLineRow[],
  patternIds: readonly string[],
): Promise<void> {
  await trx.insertInto("standing_orders").values(row).execute();
  await trx
    .insertInto("standing_order_lines")
    .values([...lines])
    .execute();
  await trx
    .insertInto("standing_order_patterns")
    .values(patternIds.map((pattern_id) => ({ standing_order_id: row.id, pattern_id })))
    .execute();
}

export const isIdempotencyKeyViolation = (error: unknown) =>
  isUniqueViolation(error, "standing_orders_user_key_unique");

export function findByKey(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export function findStandingOrder(db: Kysely<Database>, id: string) {
  return db.selectFrom("standing_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Standing orders not ended: the shopper's (`userId`), or the whole shop's. */
export async function countActive(db: Kysely<Database>, userId?: string): Promise<number> {
  let query = db
    .selectFrom("standing_orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "active");
  if (userId) query = query.where("user_id", "=", userId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateStandingOrder(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<StandingOrderRow, "id" | "user_id" | "farmer_id" | "created_at">>,
): Promise<void> {
  await db.updateTable("standing_orders").set(fields).where("id", "=", id).execute();
}

/**
 * Active standing orders whose occurrences are made through a day before `through` (or never), by id after
 * `afterId`, at most `limit`.
 */
export function behind(db: Kysely<Database>, through: string, limit: number, afterId = "") {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("status", "=", "active")
    .where("id", ">", afterId)
    .where((eb) => eb.or([eb("made_through", "is", null), eb("made_through", "<", through)]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Records that occurrences were made through `through` (never moving it back: another pass may be ahead). */
export async function markMade(db: Kysely<Database>, id: string, through: string): Promise<void> {
  await db
    .updateTable("standing_orders")
    .set({ made_through: through })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("made_through", "is", null), eb("made_through", "<", through)]))
    .execute();
}

// ---- lines and patterns ----

export function linesOf(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("standing_order_lines")
    .selectAll()
    .where("standing_order_id", "in", [...ids])
    .orderBy("standing_order_id")
    .orderBy("line_no")
    .execute();
}

export async function replaceLines(
  trx: Kysely<Database>,
  id: string,
  lines: readonly StandingLineRow[],
): Promise<void> {
  await trx.deleteFrom("standing_order_lines").where("standing_order_id", "=", id).execute();
  if (lines.length > 0)
    await trx
      .insertInto("standing_order_lines")
      .values([...lines])
      .execute();
}

export function patternsOf(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("standing_order_patterns")
    .select(["standing_order_id", "pattern_id"])
    .where("standing_order_id", "in", [...ids])
    .orderBy("pattern_id")
    .execute();
}

/** The live weekly patterns among `ids` (not deleted), with their farmer. */
export function livePatterns(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("slot_patterns")
    .select(["id", "farmer_id"])
    .where("id", "in", [...ids])
    .where("deleted_at", "is", null)
    .execute();
}

export async function isSuspended(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("suspended_at").where("id", "=", userId).executeTakeFirst();
  return !row || row.suspended_at != null;
}

/**
 * The dated slots of the live patterns among `patternIds` on days within [from, to], whose cut-off is after
 * `now` and that the standing order has no occurrence in yet, in time order.
 */
export function openSlotsToMake(
  db: Kysely<Database>,
  standingOrderId: string,
  patternIds: readonly string[],
  range: { from: string; to: string; now: string },
) {
  if (patternIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("slots as s")
    .innerJoin("slot_patterns as p", "p.id", "s.pattern_id")
    .select(["s.id", "s.date", "s.cutoff_at", "s.farmer_id", "s.start_time", "s.end_time"])
    .where("s.pattern_id", "in", [...patternIds])
    .where("p.deleted_at", "is", null)
    .where("s.date", ">=", range.from)
    .where("s.date", "<=", range.to)
    .where("s.cutoff_at", ">", range.now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("standing_occurrences as o")
            .select("o.id")
            .where("o.standing_order_id", "=", standingOrderId)
            .whereRef("o.slot_id", "=", "s.id"),
        ),
      ),
    )
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
}

// ---- occurrences ----

/**
 * Writes the occurrence unless the standing order has one in that slot already (another materialiser's, on
 * any server): the unique key decides. On PostgreSQL a second writer waits for the first's commit and then
 * writes nothing. Answers whether this one was written.
 */
export function* claimOccurrence(trx: Kysely<Database>, row: OccurrenceRow): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .insertInto("standing_occurrences")
      .values(row)
      .onConflict((oc) => oc.columns(["standing_order_id", "slot_id"]).doNothing()),
  );
  return changed === 1;
}

export function* setOccurrenceOrder(trx: Kysely<Database>, id: string, orderId: string): Steps<void> {
  yield* changedRows(trx.updateTable("standing_occurrences").set({ order_id: orderId }).where("id", "=", id));
}

export async function markOccurrence(
  db: Kysely<Database>,
  id: string,
  fields: Pick<OccurrenceRow, "state" | "reason">,
): Promise<void> {
  await db.updateTable("standing_occurrences").set(fields).where("id", "=", id).execute();
}

export async function deleteOccurrences(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom("standing_occurrences")
    .where("id", "in", [...ids])
    .execute();
}

/** The occurrences of `ids` on days within [from, to], with their slot and order (if any), by time. */
export function occurrencesOf(db: Kysely<Database>, ids: readonly string[], from: string, to: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("standing_occurrences as o")
    .innerJoin("slots as s", "s.id", "o.slot_id")
    .leftJoin("orders as r", "r.id", "o.order_id")
    .select([
      "o.id",
      "o.standing_order_id",
      "o.slot_id",
      "o.date",
      "o.cutoff_at",
      "o.state",
      "o.order_id",
      "o.reason",
      "o.held",
      "s.pattern_id",
      "s.kind",
      "s.start_time",
      "s.end_time",
      "s.starts_at",
      "r.status as order_status",
      "r.total_paise",
    ])
    .where("o.standing_order_id", "in", [...ids])
    .where("o.date", ">=", from)
    .where("o.date", "<=", to)
    .orderBy("s.starts_at")
    .orderBy("o.id")
    .execute();
}
export type OccurrenceWithSlotRow = Awaited<ReturnType<typeof occurrencesOf>>[number];

/** The part statuses of the orders among `orderIds` (an occurrence has one part: its one farmer's). */
export function partStatusesOf(db: Kysely<Database>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_parts")
    .select(["order_id", "status"])
    .where("order_id", "in", [...orderIds])
    .execute();
}

// ---- the farmer's side ----

export function listOfFarmer(db: Kysely<Database>, farmerId: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("farmer_id", "=", farmerId)
    .where("status", "=", "active")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function productNames(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "name"])
    .where("id", "in", [...ids])
    .execute();
}

/**
 * The farmer's quantities per dated slot (days within [from, to]) and product, of parts scheduled or pending
 * that hold a place in the slot, summed per status.
 */
export function demandOf(db: Kysely<Database>, farmerId: string, from: string, to: string) {
  return db
    .selectFrom("order_items as i")
    .innerJoin("order_parts as f", "f.id", "i.part_id")
    .innerJoin("slot_bookings as b", "b.part_id", "f.id")
    .innerJoin("slots as s", "s.id", "b.slot_id")
    .select((eb) => [
      "s.id as slot_id",
      "s.kind",
      "s.date",
      "s.start_time",
      "s.end_time",
      "s.starts_at",
      "i.product_id",
      "i.name",
      "i.unit",
      "f.status",
      eb.fn.sum<number | string>("i.quantity").as("quantity"),
    ])
    .where("f.farmer_id", "=", farmerId)
    .where("f.status", "in", ["scheduled", "pending"])
    .where("b.released_at", "is", null)
    .where("s.date", ">=", from)
    .where("s.date", "<=", to)
    .groupBy([
      "s.id",
      "s.kind",
      "s.date",
      "s.start_time",
      "s.end_time",
      "s.starts_at",
      "i.product_id",
      "i.name",
      "i.unit",
      "f.status",
    ])
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .orderBy("i.name")
    .execute();
}

// ---- notices ----

/**
 * Made occurrences not reminded yet whose cut-off is within (now, before], with their standing order's
 * reminder and buyer, and their order's estimate; `standingOrderId` narrows them to one.
 */
export function unremindedBefore(
  db: Kysely<Database>,
  now: string,
  before: string,
  standingOrderId?: string,
) {
  let query = db
    .selectFrom("standing_occurrences as o")
    .innerJoin("standing_orders as so", "so.id", "o.standing_order_id")
    .innerJoin("slots as s", "s.id", "o.slot_id")
    .innerJoin("orders as r", "r.id", "o.order_id")
    .select([
      "o.id",
      "o.order_id",
      "o.cutoff_at",
      "o.date",
      "s.start_time",
      "s.end_time",
      "so.user_id",
      "so.full_name",
      "so.reminder_hours",
      "r.total_paise",
      "r.status as order_status",
    ])
    .where("o.state", "=", "made")
    .where("o.reminded_at", "is", null)
    .where("o.cutoff_at", ">", now)
    .where("o.cutoff_at", "<=", before)
    .where("so.reminder_hours", "is not", null);
  if (standingOrderId) query = query.where("o.standing_order_id", "=", standingOrderId);
  return query.orderBy("o.cutoff_at").orderBy("o.id").execute();
}

/**
 * Claims one of the occurrence's mails, its reminder (`reminded_at`) or the question about a price rise
 * (`price_told_at`): once, whichever server gets there first; answers whether this one did.
 */
export function* claimNotice(
  trx: Kysely<Database>,
  id: string,
  notice: "reminded_at" | "price_told_at",
  at: string,
): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .updateTable("standing_occurrences")
      .set({ [notice]: at })
      .where("id", "=", id)
      .where(notice, "is", null),
  );
  return changed === 1;
}

/** The lines of the orders among `orderIds`: what a reminder lists. */
export function linesOfOrders(db: Kysely<Database>, orderIds: readonly string[]) {
  const query = db
    .selectFrom("order_items")
    .select(["order_id", "product_id", "name", "unit", "quantity"])
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("line_no");
  return orderIds.length === 0 ? noStatement([]) : rowsOf(query);
}

/** The products among `ids` their farmers keep out of standing orders. */
export async function oneOffOnly(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("products")
    .select("id")
    .where("id", "in", [...ids])
    .where("one_off_only", "=", 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Active standing orders (not yet marked) with a weekly slot pattern that was deleted, at most `limit`. */
export function onDeletedPatterns(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom("standing_orders as so")
    .selectAll("so")
    .where("so.status", "=", "active")
    .where("so.slot_removed_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("standing_order_patterns as sp")
          .innerJoin("slot_patterns as p", "p.id", "sp.pattern_id")
          .select("sp.pattern_id")
          .whereRef("sp.standing_order_id", "=", "so.id")
          .where("p.deleted_at", "is not", null),
      ),
    )
    .orderBy("so.id")
    .limit(limit)
    .execute();
}

/** Marks it paused for a removed slot, once (whichever server gets there first); answers whether this one did. */
export function* markSlotRemoved(trx: Kysely<Database>, id: string, at: string): Steps<boolean> {
  const changed = yield* changedRows(
    trx
      .updateTable("standing_orders")
      .set({ slot_removed_at: at, updated_at: at })
      .where("id", "=", id)
      .where("slot_removed_at", "is", null),
  );
  return changed === 1;
}

export async function replacePatterns(
  trx: Kysely<Database>,
  id: string,
  patternIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom("standing_order_patterns").where("standing_order_id", "=", id).execute();
  await trx
    .insertInto("standing_order_patterns")
    .values(patternIds.map((pattern_id) => ({ standing_order_id: id, pattern_id })))
    .execute();
}

// ---- the price-rise hold ----

/** Held occurrences whose cut-off has come, still made (they are skipped). */
export function heldAtCutoff(db: Kysely<Database>, now: string) {
  return db
    .selectFrom("standing_occurrences as o")
    .innerJoin("standing_orders as so", "so.id", "o.standing_order_id")
    .select(["o.id", "o.order_id", "o.date", "so.user_id", "so.full_name"])
    .where("o.held", "is not", null)
    .where("o.state", "=", "made")
    .where("o.cutoff_at", "<=", now)
    .orderBy("o.cutoff_at")
    .limit(500)
    .execute();
}

export function occurrenceOfOrder(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom("standing_occurrences as o")
    .innerJoin("standing_orders as so", "so.id", "o.standing_order_id")
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
  return db
    .selectFrom("standing_occurrences as o")
    .innerJoin("standing_orders as so", "so.id", "o.standing_order_id")
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

/** Ends it if it is active (once, whichever server gets there first); answers whether this one did. */
export async function endIfActive(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("standing_orders")
    .set({ status: "ended", ended_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- the operator's stats ----

/** Occurrences dated within [from, to], counted per state and reason. */
export async function countOccurrences(db: Kysely<Database>, from: string, to: string) {
  const rows = await db
    .selectFrom("standing_occurrences")
    .select((eb) => ["state", "reason", eb.fn.countAll<number | string>().as("n")])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .groupBy(["state", "reason"])
    .execute();
  return rows.map((row) => ({ state: row.state, reason: row.reason, count: Number(row.n) }));
}
