import { type RawBuilder, sql, type Transaction } from "kysely";
import type { Database, PickupPointsTable, SlotPatternsTable, SlotsTable } from "../db/index.ts";

// What every slots repository shares: whose rows they are and how SQL asks for them. Each idea of the room has
// its own repository beside its service (setup, calendar, dated slots, booking, buyers, packing list).

/** Whose: a farmer's id, or null for the shop's own part (set up by the operator). */
export type Owner = string | null;

export type PickupPointRow = PickupPointsTable;
export type SlotPatternRow = SlotPatternsTable;
export type SlotRow = Omit<SlotsTable, "taken"> & { taken: number };

// NOTE: `farmer_id = null` is never true in SQL, so the shop's rows are asked for with `is null`.
export const ownerIs = (owner: Owner, column = "farmer_id"): RawBuilder<boolean> =>
  owner === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${owner}`;

/** `column` is one of `owners` (false for none). */
export function ownerIn(owners: readonly Owner[], column = "farmer_id"): RawBuilder<boolean> {
  const ids = owners.filter((owner): owner is string => owner !== null);
  const terms = [
    ...(ids.length > 0 ? [sql`${sql.ref(column)} in (${sql.join(ids)})`] : []),
    ...(owners.includes(null) ? [sql`${sql.ref(column)} is null`] : []),
  ];
  return terms.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(terms, sql` or `)})`;
}

/**
 * A deleted farmer's delivery and pickup, in the account deletion's transaction (issue 40 #25): the pickup
 * points are retired, the weekly patterns removed (so no new slot is made), the open slots closed (so none is
 * offered) and the delivery area emptied. Slots and points stay for the orders that name them.
 */
export async function forgetUser(trx: Transaction<Database>, userId: string, at: string): Promise<void> {
  await trx
    .updateTable("pickup_points")
    .set({ retired_at: at })
    .where("farmer_id", "=", userId)
    .where("retired_at", "is", null)
    .execute();
  await trx
    .updateTable("slot_patterns")
    .set({ deleted_at: at })
    .where("farmer_id", "=", userId)
    .where("deleted_at", "is", null)
    .execute();
  await trx
    .updateTable("slots")
    .set({ closed_at: at })
    .where("farmer_id", "=", userId)
    .where("closed_at", "is", null)
    .execute();
  await trx.deleteFrom("delivery_areas").where("farmer_id", "=", userId).execute();
}
