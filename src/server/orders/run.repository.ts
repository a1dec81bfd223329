import type { Kysely } from "kysely";
import {
  type Database,
  type DeliveryAttemptsTable,
  noStatement,
  type RunPositionsTable,
  rowsOf,
} from "../db/index.ts";

/** Where the farmer last put each address of these PIN codes in their run. */
export function findPositions(db: Kysely<Database>, farmerId: string, zipCodes: readonly string[]) {
  if (zipCodes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("run_positions")
    .select(["zip_code", "address", "position"])
    .where("farmer_id", "=", farmerId)
    .where("zip_code", "in", [...zipCodes])
    .execute();
}

/** Remembers the addresses' places (a later order of the same address replaces its place). */
export async function savePositions(
  trx: Kysely<Database>,
  rows: readonly RunPositionsTable[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto("run_positions")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["farmer_id", "zip_code", "address"]).doUpdateSet((eb) => ({
        position: eb.ref("excluded.position"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

export async function insertAttempt(trx: Kysely<Database>, row: DeliveryAttemptsTable): Promise<void> {
  await trx.insertInto("delivery_attempts").values(row).execute();
}

/** The "not at home" visits of these parts, oldest first. */
export function findAttemptsOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  const query = db
    .selectFrom("delivery_attempts")
    .select(["part_id", "at", "reason"])
    .where("part_id", "in", [...partIds])
    .orderBy("part_id")
    .orderBy("at")
    .orderBy("id");
  return partIds.length === 0 ? noStatement([]) : rowsOf(query);
}
