import type { Kysely, Transaction } from "kysely";
import type { Language } from "../../shared/i18n/languages.ts";
import type { Database, SessionsTable, UsersTable } from "../db/index.ts";
import { noStatement, rowsOf, updatedOne } from "../db/index.ts";

export type UserRow = UsersTable;

export function insertUser(db: Kysely<Database>, user: UsersTable) {
  return db.insertInto("users").values(user).execute();
}

/** Inserts the account unless its id (or e-mail) is taken: the demo seed's fixed accounts. */
export function insertUserIfMissing(db: Kysely<Database>, user: UsersTable) {
  return insertUsersIfMissing(db, [user]);
}

export function insertUsersIfMissing(db: Kysely<Database>, users: UsersTable[]) {
  return db
    .insertInto("users")
    .values(users)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

/** Names and addresses of accounts, for lists that mention them by id (the audit log). */
export function namesOfUsers(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", userIds).execute();
}

/** The address and language of each of these accounts that can still receive mail (a deleted one cannot). */
export function mailableUsers(db: Kysely<Database>, userIds: readonly string[]) {
  const query = db
    .selectFrom("users")
    .select(["id", "email", "language"])
    .where("id", "in", [...userIds])
    .where("deleted_at", "is", null);
  return userIds.length === 0 ? noStatement([]) : rowsOf(query);
}

export function findUserById(db: Kysely<Database>, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function insertSession(db: Kysely<Database>, session: SessionsTable) {
  return db.insertInto("sessions").values(session).execute();
}

/** The session and its user, if the session exists and has not passed its absolute expiry. */
export function findLiveSession(db: Kysely<Database>, sessionId: string, now: string) {
  return (
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.id as sessionId",
        "sessions.last_seen_at as lastSeenAt",
        "sessions.expires_at as expiresAt",
        "users.id as userId",
        "users.email as email",
        "users.name as name",
        "users.operator as operator",
        "users.operator_claim as operator_claim",
        "users.language as language",
        "users.sign_in_phone as signInPhone",
      ])
      .where("sessions.id", "=", sessionId)
      .where("sessions.expires_at", ">", now)
      // NOTE: a suspended account's sessions are deleted when it is suspended; this refuses any that slipped past.
      .where("users.suspended_at", "is", null)
      .executeTakeFirst()
  );
}

export function touchSession(db: Kysely<Database>, sessionId: string, now: string) {
  return db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", sessionId).execute();
}

export function deleteSession(db: Kysely<Database>, sessionId: string) {
  return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export async function deleteSessions(db: Kysely<Database>, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const result = await db
    .deleteFrom("sessions")
    .where("id", "in", [...sessionIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every session of a user, except `keep` when given. */
export async function deleteSessionsOfUser(
  db: Kysely<Database>,
  userId: string,
  keep?: string,
): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keep) query = query.where("id", "!=", keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function deleteExpiredSessions(db: Kysely<Database>, now: string, idleBefore: string) {
  return db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleBefore)]))
    .execute();
}

// --- the account's own fields (changed by profile and moderation through index.ts) --------------------------

export function updateName(db: Kysely<Database>, userId: string, name: string) {
  return db.updateTable("users").set({ name }).where("id", "=", userId).execute();
}

/** A farmer's contact phone (null removes it). */
export function updatePhone(db: Kysely<Database>, userId: string, phone: string | null) {
  return db.updateTable("users").set({ phone }).where("id", "=", userId).execute();
}

export function updateLanguage(db: Kysely<Database>, userId: string, language: Language) {
  return db.updateTable("users").set({ language }).where("id", "=", userId).execute();
}

export function updatePasswordHash(db: Kysely<Database>, userId: string, passwordHash: string) {
  return db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

export function updateEmail(db: Kysely<Database>, userId: string, email: string) {
  return db.updateTable("users").set({ email }).where("id", "=", userId).execute();
}

export async function setOperatorFlag(db: Kysely<Database>, userId: string, operator: boolean) {
  await db
    .updateTable("users")
    .set({ operator: operator ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
}

// --- operator claims (decision 021) ----------------------------------------------------------------------

/**
 * Records that the account proved the listed address whose hash is `claim`, unless it proved one already or
 * another account (even a deleted one) proved it first; the unique index holds against a race.
 */
export async function setOperatorClaim(db: Kysely<Database>, userId: string, claim: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ operator_claim: claim })
    .where("id", "=", userId)
    .where("operator_claim", "is", null)
    // NOTE: checked here rather than left to the unique index, whose violation would abort a PostgreSQL
    // transaction the caller (an e-mail change, a password reset) still needs.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("users as other").select("other.id").where("other.operator_claim", "=", claim),
        ),
      ),
    )
    .execute();
}

/** Suspends the account unless it already is; answers whether this call suspended it. */
export async function markSuspended(
  db: Kysely<Database>,
  userId: string,
  at: string,
  reason: string,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("users")
      .set({ suspended_at: at, suspended_reason: reason })
      .where("id", "=", userId)
      .where("suspended_at", "is", null),
  );
}

/** Lifts a suspension; answers whether the account was suspended. */
export async function clearSuspension(db: Kysely<Database>, userId: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("users")
      .set({ suspended_at: null, suspended_reason: null })
      .where("id", "=", userId)
      .where("suspended_at", "is not", null),
  );
}

/**
 * Account deletion's share of identity: the sessions end, and the row stays (orders point at it) with a name
 * that says what happened, an address nobody can own and a password hash nothing matches.
 */
export async function forgetUser(
  trx: Transaction<Database>,
  userId: string,
  replacement: { name: string; email: string; passwordHash: string; deletedAt: string },
): Promise<void> {
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("one_time_links").where("user_id", "=", userId).execute();
  await trx.deleteFrom("phone_codes").where("user_id", "=", userId).execute();
  // NOTE: operator_claim stays: a hash, not the address, and what keeps a later holder from proving it again.
  await trx
    .updateTable("users")
    .set({
      name: replacement.name,
      email: replacement.email,
      password_hash: replacement.passwordHash,
      deleted_at: replacement.deletedAt,
      phone: null,
      sign_in_phone: null,
    })
    .where("id", "=", userId)
    .execute();
}
