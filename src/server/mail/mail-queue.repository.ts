import type { Kysely } from "kysely";
import { changedRows, type Database, type MailQueueTable, type Steps } from "../db/index.ts";

export type QueuedMailRow = MailQueueTable;

const queuedMailInsert = (db: Kysely<Database>, row: QueuedMailRow) =>
  db.insertInto("mail_queue").values(row);

export function insertQueuedMail(db: Kysely<Database>, row: QueuedMailRow) {
  return queuedMailInsert(db, row).execute();
}

/** insertQueuedMail as a step (db/steps.ts), for a transaction of steps. */
export function* queuedMailInserted(db: Kysely<Database>, row: QueuedMailRow): Steps<void> {
  yield* changedRows(queuedMailInsert(db, row));
}

export function findDueMails(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom("mail_queue")
    .selectAll()
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
}

/**
 * Takes a due mail for this process by moving its next attempt to `leaseUntil`; false when another process
 * took it first (its next_attempt_at is no longer the one read).
 */
export async function claimMail(
  db: Kysely<Database>,
  id: string,
  readNextAttemptAt: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_queue")
    .set({ next_attempt_at: leaseUntil })
    .where("id", "=", id)
    .where("next_attempt_at", "=", readNextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

export function deleteQueuedMail(db: Kysely<Database>, id: string) {
  return db.deleteFrom("mail_queue").where("id", "=", id).execute();
}

/** A deleted account's mails that still wait for a retry, to any of its addresses. */
export async function deleteQueuedMailsTo(db: Kysely<Database>, recipients: readonly string[]) {
  if (recipients.length === 0) return;
  await db.deleteFrom("mail_queue").where("recipient", "in", recipients).execute();
}
