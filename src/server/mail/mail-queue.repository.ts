import type { Kysely } from "kysely";
import {
  changedRows,
  claimDue,
  type Database,
  lockedForUpdate,
  type MailQueueTable,
  nextDueOf,
  type Steps,
} from "../db/index.ts";

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

/** Takes up to `limit` due mails for this process (the queues' claim, db/queue-claim.ts), bodies and all. */
export function claimDueMails(db: Kysely<Database>, now: string, leaseUntil: string, limit: number) {
  return (
    claimDue(db, db.updateTable("mail_queue"), "mail_queue", { now, leaseUntil, limit })
      // NOTE: a claimed digest is closed (decision 048): an event after this joins a new mail, not one on its way.
      .set({ digest_key: null })
      .returningAll()
      .execute()
  );
}

/** The transport failed the mail: it is tried again at `nextAttemptAt`. */
export function recordMailFailure(
  db: Kysely<Database>,
  {
    id,
    attempts,
    nextAttemptAt,
    lastError,
  }: { id: string; attempts: number; nextAttemptAt: string; lastError: string },
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

/**
 * The open digest of `key` (decision 048), held until the caller's transaction ends (PostgreSQL: FOR UPDATE,
 * so two events of one order join it one after the other, and a claim in progress is waited for and then no
 * longer matches).
 */
export function findOpenDigest(db: Kysely<Database>, key: string) {
  return lockedForUpdate(
    db,
    db.selectFrom("mail_queue").select(["id", "digest", "next_attempt_at"]).where("digest_key", "=", key),
  ).executeTakeFirst();
}

/** A new open digest; false when another transaction opened one with the same key first. */
export async function insertDigest(db: Kysely<Database>, row: QueuedMailRow): Promise<boolean> {
  const result = await db
    .insertInto("mail_queue")
    .values(row)
    .onConflict((oc) => oc.column("digest_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The open digest `id` written again with what an event added. */
export async function updateDigest(
  db: Kysely<Database>,
  id: string,
  mail: Pick<QueuedMailRow, "recipient" | "subject" | "text_body" | "html_body" | "digest">,
) {
  await db.updateTable("mail_queue").set(mail).where("id", "=", id).execute();
}

/** A digest due already is closed: it goes as it is, and a later event starts another. */
export async function closeDigest(db: Kysely<Database>, id: string) {
  await db.updateTable("mail_queue").set({ digest_key: null }).where("id", "=", id).execute();
}

/** When the next queued mail falls due after `after` and by `until` (a digest's send time), if one does. */
export const nextDueBetween = (db: Kysely<Database>, after: string, until: string) =>
  nextDueOf(db, "mail_queue", after, until);
