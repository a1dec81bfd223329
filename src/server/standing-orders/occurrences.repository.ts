import type { Kysely } from "kysely";
import { changedRows, type Database, noStatement, rowsOf, type Steps } from "../db/index.ts";
import type { OccurrenceRow } from "./standing-orders.repository.ts";

// The occurrences of standing orders: the slots they are made in, their notices, and the operator's counts.

/** Occurrences (`o`) with their standing order (`so`): what a notice or a price hold reads. */
export const occurrencesWithOrders = (db: Kysely<Database>) =>
  db
    .selectFrom("standing_occurrences as o")
    .innerJoin("standing_orders as so", "so.id", "o.standing_order_id");

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
  let query = occurrencesWithOrders(db)
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
