import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PhoneCodesTable, UsersTable } from "../db/index.ts";
import { exclusiveTransaction, updatedOne } from "../db/index.ts";

// Signing in with a mobile number (issue 37): the codes sent, and the accounts' verified numbers.

/**
 * Runs `work` in a transaction that no other one for the same number runs beside (a PostgreSQL advisory lock
 * keyed by the number; SQLite's write lock): two "send me a code" at once, and the second sees the first's.
 */
export function inNumberLock<T>(
  db: Kysely<Database>,
  phone: string,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const key = createHash("sha256").update(`phone-code:${phone}`).digest().readInt32BE(0);
  return exclusiveTransaction(db, key, work);
}

export function findUserByPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom("users").selectAll().where("sign_in_phone", "=", phone).executeTakeFirst();
}

/** When each code sent to `phone` since `since` was made (any purpose): the resend limits count them. */
export async function codesSentSince(db: Kysely<Database>, phone: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom("phone_codes")
    .select("created_at")
    .where("phone", "=", phone)
    .where("created_at", ">", since)
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((row) => row.created_at);
}

export function insertPhoneCode(db: Kysely<Database>, row: PhoneCodesTable) {
  return db.insertInto("phone_codes").values(row).execute();
}

/** Spends every unspent code the caller's `where` picks: they stop working. */
const spendCodes = (db: Kysely<Database>, now: string) =>
  db.updateTable("phone_codes").set({ spent_at: now }).where("spent_at", "is", null);

/** Every unspent code of `phone` stops working (a newer one replaces them; a sign-in ends them all). */
export function spendCodesOf(db: Kysely<Database>, phone: string, now: string) {
  return spendCodes(db, now).where("phone", "=", phone).execute();
}

/** Every unspent code the account asked for to add a number stops working (a newer one replaces them). */
export function spendAddCodesOf(db: Kysely<Database>, userId: string, now: string) {
  return spendCodes(db, now).where("user_id", "=", userId).execute();
}

/** The newest of the codes the caller's `where` picks that works at `now`: unspent, unexpired, tries left. */
const newestLiveCode = (db: Kysely<Database>, now: string, maxTries: number) =>
  db
    .selectFrom("phone_codes")
    .selectAll()
    .where("spent_at", "is", null)
    .where("expires_at", ">", now)
    .where("tries", "<", maxTries)
    .orderBy("created_at", "desc")
    .limit(1);

/** The number's newest code if it still works at `now`. */
export function liveCode(db: Kysely<Database>, phone: string, now: string, maxTries: number) {
  return newestLiveCode(db, now, maxTries).where("phone", "=", phone).executeTakeFirst();
}

/** The account's newest code for adding a number, if it still works at `now`. */
export function liveCodeOfUser(db: Kysely<Database>, userId: string, now: string, maxTries: number) {
  return newestLiveCode(db, now, maxTries)
    .where("user_id", "=", userId)
    .where("purpose", "=", "add")
    .executeTakeFirst();
}

/**
 * Counts one wrong try, in one statement so that guesses sent at once each count; answers the tries the code
 * has taken now, or undefined when it had none left already.
 */
export async function addWrongTry(
  db: Kysely<Database>,
  id: string,
  maxTries: number,
): Promise<number | undefined> {
  const result = await db
    .updateTable("phone_codes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("id", "=", id)
    .where("tries", "<", maxTries)
    .where("spent_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db.selectFrom("phone_codes").select("tries").where("id", "=", id).executeTakeFirst();
  return row?.tries;
}

/** Spends a code that still works; answers whether this call spent it (two at once: one wins). */
export async function spendCode(
  db: Kysely<Database>,
  id: string,
  now: string,
  maxTries: number,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("phone_codes")
      .set({ spent_at: now })
      .where("id", "=", id)
      .where("spent_at", "is", null)
      .where("expires_at", ">", now)
      .where("tries", "<", maxTries),
  );
}

/** Codes older than `before` (the last hour's are kept: the hourly limit counts them). */
export function deleteOldPhoneCodes(db: Kysely<Database>, before: string) {
  return db.deleteFrom("phone_codes").where("created_at", "<", before).execute();
}

export function updateSignInPhone(db: Kysely<Database>, userId: string, phone: string | null) {
  return db.updateTable("users").set({ sign_in_phone: phone }).where("id", "=", userId).execute();
}

/** An account made with a mobile number (its e-mail a `.invalid` placeholder; decision 054). */
export function insertPhoneAccount(db: Kysely<Database>, user: UsersTable) {
  return db.insertInto("users").values(user).execute();
}
