import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { type Owner, ownerIn, type SlotRow } from "./slots.repository.ts";

// The calendar: the dated slots the weekly patterns make, and how far each pattern has made them.

/** The live patterns of `owners` (all owners when undefined) whose dated slots stop before `through`. */
export function patternsBehind(db: Kysely<Database>, owners: readonly Owner[] | undefined, through: string) {
  let query = db
    .selectFrom("slot_patterns")
    .selectAll()
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("generated_through", "is", null), eb("generated_through", "<", through)]));
  if (owners) query = query.where(ownerIn(owners));
  return query.execute();
}

/** Inserts dated slots; one that exists for its (pattern, date) is left as it is (another process made it). */
export async function insertSlots(
  db: Kysely<Database>,
  rows: readonly Omit<SlotRow, "taken">[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("slots")
    .values([...rows])
    .onConflict((oc) => oc.columns(["pattern_id", "date"]).doNothing())
    .execute();
}

export async function markGenerated(db: Kysely<Database>, patternId: string, through: string): Promise<void> {
  await db
    .updateTable("slot_patterns")
    .set({ generated_through: through })
    .where("id", "=", patternId)
    .where((eb) => eb.or([eb("generated_through", "is", null), eb("generated_through", "<", through)]))
    .execute();
}
