import type { Kysely } from "kysely";
import { type Database, lockedForUpdate, type PayoutsTable } from "../db/index.ts";

/** Payouts to farmers (decision 052): written once, never changed or deleted. */

export async function insertPayout(db: Kysely<Database>, row: PayoutsTable): Promise<void> {
  await db.insertInto("payouts").values(row).execute();
}

/** Paise paid out to each of these farmers, in all or dated between two days (both included), by farmer. */
export async function sumPayouts(
  db: Kysely<Database>,
  farmerIds: readonly string[],
  between?: { from: string; to: string },
): Promise<Map<string, number>> {
  if (farmerIds.length === 0) return new Map();
  let query = db
    .selectFrom("payouts")
    .select((eb) => ["farmer_id", eb.fn.sum<string | number>("amount_paise").as("paise")])
    .where("farmer_id", "in", [...farmerIds])
    .groupBy("farmer_id");
  if (between) query = query.where("paid_on", ">=", between.from).where("paid_on", "<=", between.to);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.farmer_id, Number(row.paise ?? 0)]));
}

/**
 * Holds the farmer's account row until the caller's transaction ends (PostgreSQL: FOR UPDATE; SQLite
 * serialises writers), so two payouts to one farmer are checked against what is owed one after the other.
 * Answers whether the account exists.
 */
export async function lockFarmer(db: Kysely<Database>, farmerId: string): Promise<boolean> {
  const row = await lockedForUpdate(
    db,
    db.selectFrom("users").select("id").where("id", "=", farmerId),
  ).executeTakeFirst();
  return row !== undefined;
}

/** The farmers paid out between two days (both included), each once with their name. */
export function findFarmersPaidBetween(db: Kysely<Database>, between: { from: string; to: string }) {
  return db
    .selectFrom("payouts as p")
    .innerJoin("users as u", "u.id", "p.farmer_id")
    .select(["p.farmer_id", "u.name as farmer_name"])
    .distinct()
    .where("p.paid_on", ">=", between.from)
    .where("p.paid_on", "<=", between.to)
    .orderBy("u.name")
    .execute();
}
