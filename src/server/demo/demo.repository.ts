import { type Kysely, sql } from "kysely";
import type { Database, Db, UsersTable } from "../db/database.ts";

export function insertUserIfMissing(db: Kysely<Database>, user: UsersTable) {
  return db
    .insertInto("users")
    .values(user)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
}

/** Arbitrary, fixed: the advisory lock every instance takes while it seeds. */
const SEED_LOCK_KEY = 7_310_221;

/**
 * Runs `work` in a transaction that only one instance at a time may hold, so two instances starting together
 * cannot both seed. PostgreSQL: an advisory lock held until commit. SQLite: BEGIN IMMEDIATE takes the write
 * lock up front (a deferred transaction could read, then fail to upgrade its lock when the other commits).
 */
export async function inSeedLock<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === "postgres") {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
      return work(trx);
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
