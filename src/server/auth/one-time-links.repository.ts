import type { Kysely } from "kysely";
import type { Database, OneTimeLinksTable } from "../db/index.ts";

export type LinkKind = OneTimeLinksTable["kind"];

export function insertLink(db: Kysely<Database>, row: OneTimeLinksTable) {
  return db.insertInto("one_time_links").values(row).execute();
}

/** A link still usable at `now`, without taking it (to refuse a dead link before costly work). */
export function findLink(db: Kysely<Database>, kind: LinkKind, tokenHash: string, now: string) {
  return db
    .selectFrom("one_time_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Takes (deletes) a link still usable at `now` and answers it; undefined when unknown, of another kind, used or
 * expired. One statement: of two requests racing with one link, only one gets the row.
 */
export function takeLink(db: Kysely<Database>, kind: LinkKind, tokenHash: string, now: string) {
  return db
    .deleteFrom("one_time_links")
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** The newest usable link of this kind the account has: when it was made, and the address it proves. */
export function newestLink(db: Kysely<Database>, kind: LinkKind, userId: string, now: string) {
  return db
    .selectFrom("one_time_links")
    .select(["created_at", "address"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** Ends the account's links of these kinds (all of them when no kind is named). */
export function dropLinks(db: Kysely<Database>, userId: string, kinds?: LinkKind[]) {
  let query = db.deleteFrom("one_time_links").where("user_id", "=", userId);
  if (kinds) query = query.where("kind", "in", kinds);
  return query.execute();
}

export function deleteExpiredLinks(db: Kysely<Database>, now: string) {
  return db.deleteFrom("one_time_links").where("expires_at", "<=", now).execute();
}
