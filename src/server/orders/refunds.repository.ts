import type { ExpressionBuilder, Kysely } from "kysely";
import { claimDue, type Database, type RefundEventsTable, type RefundsTable } from "../db/index.ts";

/*
 * Refunds (decision 052): a refund row once per request key and its events are never changed or deleted; the
 * queue row of a refund the gateway has not accepted yet is, like a queued mail.
 */

export type RefundRow = RefundsTable;

/**
 * True for a refund (`refunds as r`) the gateway has said no `status` of: one not `failed` still takes its
 * amount off the part's online share; one not `processed` is still money to settle when it failed.
 */
export const refundWithout =
  (status: RefundEventsTable["status"]) => (eb: ExpressionBuilder<Database & { r: RefundsTable }, "r">) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("refund_events as ev")
          .select("ev.id")
          .whereRef("ev.refund_id", "=", "r.id")
          .where("ev.status", "=", status),
      ),
    );

/** Writes a refund and queues it unless one with its request key exists; answers whether it was written. */
export async function insertRefund(db: Kysely<Database>, row: RefundRow): Promise<boolean> {
  const result = await db
    .insertInto("refunds")
    .values(row)
    .onConflict((oc) => oc.column("request_key").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await db
    .insertInto("refund_queue")
    .values({ refund_id: row.id, next_attempt_at: row.at, last_error: null })
    .execute();
  return true;
}

/** Refunds of these parts that did not fail (what they still take off the part's online share). */
export function findRefundsOfPart(db: Kysely<Database>, partId: string) {
  return db
    .selectFrom("refunds as r")
    .select(["r.id", "r.amount_paise"])
    .where("r.part_id", "=", partId)
    .where(refundWithout("failed"))
    .execute();
}

/**
 * Takes up to `limit` due refunds for this process by moving their next attempt to `leaseUntil`, with the
 * gateway payment each gives money back from. One another process claimed first is passed over.
 */
export async function claimDueRefunds(db: Kysely<Database>, now: string, leaseUntil: string, limit: number) {
  const claimed = await claimDue(db, db.updateTable("refund_queue"), "refund_queue", {
    now,
    leaseUntil,
    limit,
  })
    .returning(["refund_id", "attempts"])
    .execute();
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom("refunds as r")
    .innerJoin("gateway_payments as g", "g.id", "r.payment_id")
    .select(["r.id", "r.order_id", "r.amount_paise", "r.reason", "g.gateway", "g.gateway_payment_id"])
    .where(
      "r.id",
      "in",
      claimed.map((row) => row.refund_id),
    )
    .execute();
  return rows.map((row) => ({
    ...row,
    attempts: claimed.find((c) => c.refund_id === row.id)?.attempts ?? 0,
  }));
}

/** The gateway failed the refund: it is tried again at `nextAttemptAt`. */
export async function recordRefundFailure(
  db: Kysely<Database>,
  {
    refundId,
    attempts,
    nextAttemptAt,
    lastError,
  }: { refundId: string; attempts: number; nextAttemptAt: string; lastError: string },
) {
  await db
    .updateTable("refund_queue")
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: lastError })
    .where("refund_id", "=", refundId)
    .execute();
}

/** The gateway accepted (or finally refused) the refund: it leaves the queue. */
export async function dequeueRefund(db: Kysely<Database>, refundId: string) {
  await db.deleteFrom("refund_queue").where("refund_id", "=", refundId).execute();
}

/** Records what the gateway said, once per refund and status (a replayed webhook adds nothing). */
export async function insertRefundEvent(db: Kysely<Database>, row: RefundEventsTable): Promise<boolean> {
  const known = await db
    .selectFrom("refund_events")
    .select("id")
    .where("refund_id", "=", row.refund_id)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (known) return false;
  await db.insertInto("refund_events").values(row).execute();
  return true;
}

/** The refund the gateway knows by its own id (from the event that recorded its acceptance). */
export function findRefundByGatewayId(db: Kysely<Database>, gatewayRefundId: string) {
  return db
    .selectFrom("refund_events")
    .select("refund_id")
    .where("gateway_refund_id", "=", gatewayRefundId)
    .executeTakeFirst();
}

/** Refunds the gateway failed or that were given up, and payments not taken as paid: the operator's to settle. */
export async function findMoneyToSettle(db: Kysely<Database>) {
  const failed = await db
    .selectFrom("refunds as r")
    .innerJoin("refund_events as e", (join) =>
      join.onRef("e.refund_id", "=", "r.id").on("e.status", "=", "failed"),
    )
    .innerJoin("gateway_payments as g", "g.id", "r.payment_id")
    .select(["r.id", "r.order_id", "r.part_id", "r.amount_paise", "r.reason", "e.at", "g.gateway_payment_id"])
    .where(refundWithout("processed"))
    .orderBy("e.at")
    .execute();
  const mismatched = await db
    .selectFrom("gateway_payments")
    .select(["id", "order_id", "amount_paise", "currency", "gateway_payment_id", "at"])
    .where("outcome", "=", "mismatch")
    .orderBy("at")
    .execute();
  return { failed, mismatched };
}
