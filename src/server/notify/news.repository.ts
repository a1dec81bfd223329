import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  changedRows,
  claimDue,
  type Database,
  nextDueOf,
  noStatement,
  type PhoneMessagesTable,
  rowsOf,
  type Steps,
  skippingLocked,
} from "../db/index.ts";

// The queue of WhatsApp and SMS news (issue 37, decision 063): written in the event's transaction, claimed by a
// server with a lease, its status moved by the providers' webhooks.

export type PhoneMessageRow = PhoneMessagesTable;
export type MessageStatus = PhoneMessageRow["status"];

/** A message as it is queued at `at`: what it says and to whom, due at once, never tried. */
export const queuedMessage = (
  at: string,
  message: Pick<
    PhoneMessageRow,
    | "user_id"
    | "kind"
    | "event"
    | "channel"
    | "recipient"
    | "language"
    | "text"
    | "order_id"
    | "part_id"
    | "fallback_of"
  >,
): PhoneMessageRow => ({
  ...message,
  id: randomUUID(),
  status: "queued",
  provider_id: null,
  attempts: 0,
  next_attempt_at: at,
  last_error: null,
  created_at: at,
  sent_at: null,
  status_at: null,
  // NOTE: an SMS is never looked at for the fallback: it is marked looked at from the start.
  fallback_at: message.channel === "sms" ? at : null,
});

/** The messages, in one INSERT, as a step of the event's transaction. */
export function* phoneMessagesInserted(db: Kysely<Database>, rows: readonly PhoneMessageRow[]): Steps<void> {
  if (rows.length > 0) yield* changedRows(db.insertInto("phone_messages").values(rows));
}

/**
 * Takes up to `limit` due messages for this process in one statement, by moving their next attempt to
 * `leaseUntil` (the mail queue's claim, decision 039): a message another server claimed is passed over.
 */
export function claimDueMessages(db: Kysely<Database>, now: string, leaseUntil: string, limit: number) {
  return claimDue(db, db.updateTable("phone_messages"), "phone_messages", { now, leaseUntil, limit })
    .returningAll()
    .execute();
}

/** Handed to the provider: its id, and nothing left to send. A status a webhook gave first is kept. */
export async function recordSent(
  db: Kysely<Database>,
  id: string,
  providerId: string,
  at: string,
  attempts: number,
) {
  await db
    .updateTable("phone_messages")
    .set({ provider_id: providerId, sent_at: at, attempts, next_attempt_at: null, last_error: null })
    .where("id", "=", id)
    .execute();
  await db
    .updateTable("phone_messages")
    .set({ status: "sent", status_at: at })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .execute();
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (null) as failed. */
export function recordFailure(
  db: Kysely<Database>,
  id: string,
  attempts: number,
  nextAttemptAt: string | null,
  lastError: string,
  at: string,
) {
  return db
    .updateTable("phone_messages")
    .set({
      attempts,
      next_attempt_at: nextAttemptAt,
      last_error: lastError,
      ...(nextAttemptAt === null ? { status: "failed" as const, status_at: at } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** The statuses a message may move on from to reach `status`: forward only, so a replay changes nothing. */
const EARLIER: Record<Exclude<MessageStatus, "queued">, MessageStatus[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent", "failed"],
  read: ["queued", "sent", "delivered", "failed"],
  failed: ["queued", "sent"],
};

/** A provider's status report: moves the message of that provider id forward; how many rows changed. */
export async function recordStatus(
  db: Kysely<Database>,
  channel: PhoneMessageRow["channel"],
  providerId: string,
  status: Exclude<MessageStatus, "queued">,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable("phone_messages")
    .set({ status, status_at: at })
    .where("channel", "=", channel)
    .where("provider_id", "=", providerId)
    .where("status", "in", EARLIER[status])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * WhatsApp messages queued at or before `before` and neither delivered nor read, not yet looked at for the
 * fallback; each is marked looked at by the statement that takes it, so one server alone sends its SMS.
 */
export function takeUndelivered(db: Kysely<Database>, before: string, now: string, limit: number) {
  return db
    .updateTable("phone_messages")
    .set({ fallback_at: now })
    .where("id", "in", (eb) =>
      skippingLocked(
        db,
        eb
          .selectFrom("phone_messages")
          .select("id")
          .where("channel", "=", "whatsapp")
          .where("fallback_at", "is", null)
          .where("created_at", "<=", before)
          .where("status", "not in", ["delivered", "read"])
          .limit(limit),
      ),
    )
    .where("fallback_at", "is", null)
    .returningAll()
    .execute();
}

/** The SMS that replaces a WhatsApp message; false when one exists already. */
export async function insertFallback(db: Kysely<Database>, row: PhoneMessageRow): Promise<boolean> {
  const result = await db
    .insertInto("phone_messages")
    .values(row)
    .onConflict((oc) => oc.column("fallback_of").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** When the next message falls due after `after`, if one does by `until`. */
export const nextDueBetween = (db: Kysely<Database>, after: string, until: string) =>
  nextDueOf(db, "phone_messages", after, until);

/** The messages to parts' buyers about those parts or their orders, oldest first (for `buyerReached`). */
export function* newestToBuyers(
  db: Kysely<Database>,
  parts: readonly { partId: string; orderId: string; buyerId: string }[],
): Steps<Pick<PhoneMessageRow, "part_id" | "order_id" | "user_id" | "channel" | "status" | "created_at">[]> {
  if (parts.length === 0) return yield* noStatement([]);
  return yield* rowsOf(
    db
      .selectFrom("phone_messages")
      .select(["part_id", "order_id", "user_id", "channel", "status", "created_at"])
      .where("order_id", "in", [...new Set(parts.map((part) => part.orderId))])
      .where("user_id", "in", [...new Set(parts.map((part) => part.buyerId))])
      .where("kind", "=", "buying")
      .orderBy("created_at")
      .orderBy("id"),
  );
}

/** A person's messages, for account deletion. */
export async function deleteMessagesOf(db: Kysely<Database>, userId: string) {
  await db.deleteFrom("phone_messages").where("user_id", "=", userId).execute();
}

/** Records an inbound message's id; false when it was taken before (a replay). */
export async function takeInbound(db: Kysely<Database>, providerId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto("phone_inbound")
    .values({ provider_id: providerId, received_at: at })
    .onConflict((oc) => oc.column("provider_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
