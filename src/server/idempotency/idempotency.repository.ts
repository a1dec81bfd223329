import type { Kysely } from "kysely";
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
