import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { changedRows, firstOf, rowsOf, type Steps } from "../db/index.ts";

// The scheduled parts of standing orders' occurrences (issue 35): found, claimed for a change, turned pending.

/** The order's scheduled parts (a standing order's occurrence before its cut-off). */
export function findScheduledOfOrder(trx: Kysely<Database>, orderId: string) {
  return trx
    .selectFrom("order_parts")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("status", "=", "scheduled")
    .execute();
}

/**
 * Scheduled parts whose slot's cut-off is at or before `now` (they become pending), oldest cut-off first, at
 * most `limit`, with their buyer.
 */
export function findDueScheduledParts(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom("order_parts as f")
    .innerJoin("slot_bookings as b", "b.part_id", "f.id")
    .innerJoin("slots as s", "s.id", "b.slot_id")
    .innerJoin("orders as o", "o.id", "f.order_id")
    .select(["f.id", "f.order_id", "o.user_id"])
    .where("f.status", "=", "scheduled")
    .where("s.cutoff_at", "<=", now)
    .orderBy("s.cutoff_at")
    .orderBy("f.id")
    .limit(limit)
    .execute();
}

/** The order's scheduled parts with their slot's cut-off (a standing order's occurrence), locked for a change. */
export function findScheduledWithCutoff(trx: Kysely<Database>, orderId: string) {
  return rowsOf(
    trx
      .selectFrom("order_parts as f")
      .innerJoin("slot_bookings as b", "b.part_id", "f.id")
      .innerJoin("slots as s", "s.id", "b.slot_id")
      .select(["f.id", "f.farmer_id", "f.status", "s.cutoff_at"])
      .where("f.order_id", "=", orderId),
  );
}

export function* setPartTotal(trx: Kysely<Database>, partId: string, totalPaise: number): Steps<void> {
  yield* changedRows(
    trx.updateTable("order_parts").set({ total_paise: totalPaise }).where("id", "=", partId),
  );
}

/**
 * Claims the order's scheduled part for a change (its `updated_at` written only while it is scheduled): on
 * PostgreSQL the part's row stays locked to the commit, so a move to pending waits for it, or came first and
 * this finds nothing. Answers the part's id, or undefined when none is scheduled.
 */
export function* claimScheduledPart(
  trx: Kysely<Database>,
  orderId: string,
  at: string,
): Steps<string | undefined> {
  const part = yield* firstOf(
    trx
      .selectFrom("order_parts")
      .select("id")
      .where("order_id", "=", orderId)
      .where("status", "=", "scheduled"),
  );
  if (!part) return undefined;
  const changed = yield* changedRows(
    trx
      .updateTable("order_parts")
      .set({ updated_at: at })
      .where("id", "=", part.id)
      .where("status", "=", "scheduled"),
  );
  return changed === 1 ? part.id : undefined;
}
