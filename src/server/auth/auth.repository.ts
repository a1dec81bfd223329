import type { Kysely } from "kysely";
import type { Database, SessionsTable, UsersTable } from "../db/database.ts";

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
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as sessionId",
      "sessions.last_seen_at as lastSeenAt",
      "sessions.expires_at as expiresAt",
      "users.id as userId",
      "users.email as email",
      "users.name as name",
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

export function touchSession(db: Kysely<Database>, sessionId: string, now: string) {
  return db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", sessionId).execute();
}

export function deleteSession(db: Kysely<Database>, sessionId: string) {
  return db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

export function deleteExpiredSessions(db: Kysely<Database>, now: string, idleBefore: string) {
  return db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleBefore)]))
    .execute();
}
