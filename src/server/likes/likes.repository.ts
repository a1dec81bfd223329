import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, LikesTable } from "../db/index.ts";

/** The account's liked product ids, the most recently liked first. */
export async function listLikedProductIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("likes")
    .select("product_id")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "asc")
    .execute();
  return rows.map((row) => row.product_id);
}

/** When the account last liked something (ISO time), or null when it likes nothing. */
export async function latestLikeAt(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("likes")
    .select("created_at")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export async function isLiked(db: Kysely<Database>, userId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom("likes")
    .select("product_id")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countLikes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("likes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds likes; one the account already has is left as it is (with its first time). */
export async function insertLikes(db: Kysely<Database>, rows: Insertable<LikesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("likes")
    .values(rows)
    .onConflict((conflict) => conflict.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

export async function deleteLike(db: Kysely<Database>, userId: string, productId: string): Promise<void> {
  await db.deleteFrom("likes").where("user_id", "=", userId).where("product_id", "=", productId).execute();
}

/** Account deletion's share of likes: all of the user's go. */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("likes").where("user_id", "=", userId).execute();
}
