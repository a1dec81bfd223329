import type { Kysely } from "kysely";
import { changedRows, type Database, type MailQueueTable, type Steps, skippingLocked } from "../db/index.ts";

export type QueuedMailRow = MailQueueTable;

const queuedMailInsert = (db: Kysely<Database>, rows: QueuedMailRow | readonly QueuedMailRow[]) =>
  db.insertInto("mail_queue").values(rows);

export function insertQueuedMail(db: Kysely<Database>, row: QueuedMailRow) {
  return queuedMailInsert(db, row).execute();
}

/** insertQueuedMail as a step (db/steps.ts), for a transaction of steps: several mails in one INSERT. */
export function* queuedMailInserted(db: Kysely<Database>, rows: readonly QueuedMailRow[]): Steps<void> {
  if (rows.length > 0) yield* changedRows(queuedMailInsert(db, rows));
}

/**
 * Takes up to `limit` due mails for this process in one statement, by moving their next attempt to
 * `leaseUntil`, and returns them (bodies and all). A mail another process claimed first is not taken: its row
 * is passed over while that claim is open (PostgreSQL) and, once committed, its next attempt is no longer due
 * (checked again on the row as it stands when updated).
 */
export function claimDueMails(db: Kysely<Database>, now: string, leaseUntil: string, limit: number) {
  return db
    .updateTable("mail_queue")
    .set({ next_attempt_at: leaseUntil })
    .where("id", "in", (eb) =>
      skippingLocked(
        db,
        eb
          .selectFrom("mail_queue")
          .select("id")
          .where("next_attempt_at", "<=", now)
          .orderBy("next_attempt_at")
          .limit(limit),
      ),
    )
    .where("next_attempt_at", "<=", now)
    .returningAll()
    .execute();
}

export function recordMailFailure(
  db: Kysely<Database>,
  id: string,
  attempts: number,
  nextAttemptAt: string,
  lastError: string,
) {
  return db
    .updateTable("mail_queue")
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: lastError })
    .where("id", "=", id)
    .execute();
}

/** Mails sent (or given up), in one statement. */
export async function deleteQueuedMails(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.deleteFrom("mail_queue").where("id", "in", ids).execute();
}

/** A deleted account's mails that still wait for a retry, to any of its addresses. */
export async function deleteQueuedMailsTo(db: Kysely<Database>, recipients: readonly string[]) {
  if (recipients.length === 0) return;
  await db.deleteFrom("mail_queue").where("recipient", "in", recipients).execute();
}
