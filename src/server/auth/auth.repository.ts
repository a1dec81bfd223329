import type { Kysely } from "kysely";
import type { Database, SessionsTable, UsersTable } from "../db/index.ts";

export type UserRow = UsersTable;

export function insertUser(db: Kysely<Database>, user: UsersTable) {
  return db.insertInto("users").values(user).execute();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
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
