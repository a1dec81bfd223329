import type { Kysely, Transaction } from "kysely";
import type { Database, EmailChangesTable, PasswordResetsTable } from "../db/index.ts";

export function findUserById(db: Kysely<Database>, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function updateName(db: Kysely<Database>, userId: string, name: string) {
  return db.updateTable("users").set({ name }).where("id", "=", userId).execute();
}

export function updatePasswordHash(db: Kysely<Database>, userId: string, passwordHash: string) {
  return db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

export function updateEmail(db: Kysely<Database>, userId: string, email: string) {
  return db.updateTable("users").set({ email }).where("id", "=", userId).execute();
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

/**
 * Removes a user's personal data and presence in one transaction: their products (and pictures) leave the
 * shop, their sessions and links end, and the row itself stays (orders point at it) with a name that says
 * what happened, an address nobody can own and a password hash nothing matches.
 */
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

export async function anonymiseUser(
  trx: Transaction<Database>,
  userId: string,
  replacement: { name: string; email: string; passwordHash: string; deletedAt: string },
): Promise<void> {
  await trx.deleteFrom("products").where("owner_id", "=", userId).execute();
  // NOTE: a picture a deal plan shows stays, still owned by this (anonymised) row: the plan is the shop's,
  // and its picture was copied from a product, so it holds no personal data.
  await trx
    .deleteFrom("images")
    .where("owner_id", "=", userId)
    .where("id", "not in", trx.selectFrom("deal_plans").select("image_id").where("image_id", "is not", null))
    .execute();
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("password_resets").where("user_id", "=", userId).execute();
  await trx.deleteFrom("email_changes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("likes").where("user_id", "=", userId).execute();
  await trx
    .updateTable("orders")
    .set({ full_name: replacement.name, email: replacement.email })
    .where("user_id", "=", userId)
    .execute();
  await trx
    .updateTable("messages")
    .set({ name: replacement.name, email: replacement.email, phone: null })
    .where("sender_user_id", "=", userId)
    .execute();
  await trx
    .updateTable("users")
    .set({
      name: replacement.name,
      email: replacement.email,
      password_hash: replacement.passwordHash,
      deleted_at: replacement.deletedAt,
    })
    .where("id", "=", userId)
    .execute();
}
