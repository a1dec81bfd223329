import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";

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
