import type { Kysely, Transaction } from "kysely";
import type { Database, EmailChangesTable, PasswordResetsTable } from "../db/index.ts";

export function findUserById(db: Kysely<Database>, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function listSessions(db: Kysely<Database>, userId: string, now: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "browser", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .execute();
}

// --- password resets -------------------------------------------------------------------------------------

/** Marks every usable reset of the user as spent (a newer one replaces them, or the password changed). */
export function spendPasswordResets(db: Kysely<Database>, userId: string, now: string) {
  return db
    .updateTable("password_resets")
    .set({ spent_at: now })
    .where("user_id", "=", userId)
    .where("spent_at", "is", null)
    .execute();
}

export function insertPasswordReset(db: Kysely<Database>, row: PasswordResetsTable) {
  return db.insertInto("password_resets").values(row).execute();
}

export function findPasswordReset(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom("password_resets").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Spends one reset if it is still usable; false when it was already spent or has expired (a concurrent use). */
export async function spendPasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("password_resets")
    .set({ spent_at: now })
    .where("token_hash", "=", tokenHash)
    .where("spent_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function deleteOldPasswordResets(db: Kysely<Database>, before: string) {
  return db.deleteFrom("password_resets").where("created_at", "<", before).execute();
}

// --- e-mail changes --------------------------------------------------------------------------------------

export function deleteEmailChangesOf(db: Kysely<Database>, userId: string) {
  return db.deleteFrom("email_changes").where("user_id", "=", userId).execute();
}

export function insertEmailChange(db: Kysely<Database>, row: EmailChangesTable) {
  return db.insertInto("email_changes").values(row).execute();
}

export function findPendingEmail(db: Kysely<Database>, userId: string, now: string) {
  return db
    .selectFrom("email_changes")
    .select("new_email")
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** Takes (deletes) a usable e-mail change; undefined when unknown or expired. */
export async function takeEmailChange(db: Kysely<Database>, tokenHash: string, now: string) {
  const row = await db
    .selectFrom("email_changes")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom("email_changes").where("token_hash", "=", tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}

export function deleteExpiredEmailChanges(db: Kysely<Database>, now: string) {
  return db.deleteFrom("email_changes").where("expires_at", "<=", now).execute();
}

// --- deleting an account ---------------------------------------------------------------------------------

/** The e-mail addresses the account's orders were placed with (checkout's own field, any address). */
export async function checkoutEmailsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("email")
    .distinct()
    .where("user_id", "=", userId)
    .execute();
  return rows.map((row) => row.email);
}

/** Account deletion's share of profile: the user's password-reset and e-mail-change links end. */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();
  await trx.deleteFrom("email_changes").where("user_id", "=", userId).execute();
}
