import type { Kysely, Transaction } from "kysely";
import type { Database, IdempotencyKeysTable } from "../db/index.ts";

export type KeyRow = IdempotencyKeysTable;

/** The account's key, if it was used since `since` (older ones count as never used). */
export function findKey(db: Kysely<Database>, userId: string, key: string, since: string) {
  return db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .where("created_at", ">=", since)
    .executeTakeFirst();
}

/** Claims the key in the caller's transaction: a second claim of it waits for this one, then fails unique. */
export async function claimKey(db: Kysely<Database>, row: KeyRow): Promise<void> {
  await db.insertInto("idempotency_keys").values(row).execute();
}

export async function saveAnswer(
  db: Kysely<Database>,
  userId: string,
  key: string,
  answer: Pick<KeyRow, "status" | "body">,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set(answer)
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .execute();
}

/** Forgets the account's keys older than `before` (its own, so two accounts never wait on each other). */
export async function forgetKeysBefore(db: Kysely<Database>, userId: string, before: string): Promise<void> {
  await db
    .deleteFrom("idempotency_keys")
    .where("user_id", "=", userId)
    .where("created_at", "<", before)
    .execute();
}

/**
 * Forgets the answers kept about a deleted account (issue 40 #25): its own (a farmer's profile holds their
 * UPI ID and phone), and any account's that names it (a part's answer holds its buyer's e-mail, a run's
 * answer its orders' ids), so a replayed key cannot give back what deleting removed. Run once per deletion;
 * the table holds about a day of keyed requests, so it is read whole rather than searched by pattern.
 */
export async function forgetUser(
  trx: Transaction<Database>,
  userId: string,
  mentions: readonly string[],
): Promise<void> {
  await trx.deleteFrom("idempotency_keys").where("user_id", "=", userId).execute();
  const needles = mentions.filter((mention) => mention.length > 0);
  if (needles.length === 0) return;
  const rows = await trx.selectFrom("idempotency_keys").select(["user_id", "key", "body"]).execute();
  for (const row of rows) {
    if (!needles.some((needle) => row.body.includes(needle))) continue;
    await trx
      .deleteFrom("idempotency_keys")
      .where("user_id", "=", row.user_id)
      .where("key", "=", row.key)
      .execute();
  }
}
