import type { Kysely } from "kysely";
import { type Database, rowsOf, type Steps } from "../db/index.ts";
import {
  type Owner,
  ownerIn,
  ownerIs,
  type PickupPointRow,
  type SlotPatternRow,
} from "./slots.repository.ts";

// The set-up's rows: pickup points, the delivery area's PIN prefixes and the weekly patterns.

// ---- pickup points ----

export function listPoints(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom("pickup_points")
    .selectAll()
    .where(ownerIs(owner))
    .orderBy("retired_at", (ob) => ob.desc().nullsFirst())
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function findPoint(db: Kysely<Database>, id: string) {
  return db.selectFrom("pickup_points").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPoint(db: Kysely<Database>, row: PickupPointRow): Promise<void> {
  await db.insertInto("pickup_points").values(row).execute();
}

export async function updatePoint(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<PickupPointRow, "id" | "farmer_id" | "created_at">>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable("pickup_points").set(fields).where("id", "=", id).execute();
}

// ---- delivery area ----

export function* prefixesOf(db: Kysely<Database>, owners: readonly Owner[]): Steps<Map<Owner, string[]>> {
  if (owners.length === 0) return new Map();
  const rows = yield* rowsOf(
    db
      .selectFrom("delivery_areas")
      .select(["farmer_id", "pin_prefix"])
      .where(ownerIn(owners))
      .orderBy("pin_prefix"),
  );
  const byOwner = new Map<Owner, string[]>();
  for (const row of rows) byOwner.set(row.farmer_id, [...(byOwner.get(row.farmer_id) ?? []), row.pin_prefix]);
  return byOwner;
}

/** Replaces the owner's PIN prefixes with `rows` (in the caller's transaction). */
export async function replacePrefixes(
  trx: Kysely<Database>,
  owner: Owner,
  rows: readonly { id: string; pin_prefix: string }[],
): Promise<void> {
  await trx.deleteFrom("delivery_areas").where(ownerIs(owner)).execute();
  if (rows.length > 0) {
    await trx
      .insertInto("delivery_areas")
      .values(rows.map((row) => ({ ...row, farmer_id: owner })))
      .execute();
  }
}

// ---- weekly patterns ----

export function listPatterns(db: Kysely<Database>, owner: Owner) {
  return db
    .selectFrom("slot_patterns")
    .selectAll()
    .where(ownerIs(owner))
    .where("deleted_at", "is", null)
    .orderBy("weekday")
    .orderBy("start_time")
    .orderBy("id")
    .execute();
}

export function findPattern(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("slot_patterns")
    .selectAll()
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function insertPattern(db: Kysely<Database>, row: SlotPatternRow): Promise<void> {
  await db.insertInto("slot_patterns").values(row).execute();
}

export async function updatePattern(
  db: Kysely<Database>,
  id: string,
  fields: Partial<Omit<SlotPatternRow, "id" | "farmer_id" | "created_at">>,
): Promise<void> {
  await db.updateTable("slot_patterns").set(fields).where("id", "=", id).execute();
}

/** Which of `owners` have a weekly pattern (they use slots; the others deliver within 24 hours). */
export function* ownersWithPatterns(db: Kysely<Database>, owners: readonly Owner[]): Steps<Set<Owner>> {
  if (owners.length === 0) return new Set();
  const rows = yield* rowsOf(
    db
      .selectFrom("slot_patterns")
      .select("farmer_id")
      .distinct()
      .where("deleted_at", "is", null)
      .where(ownerIn(owners)),
  );
  return new Set(rows.map((row) => row.farmer_id));
}

/** Deletes the pattern's dated slots that start after `after` and nobody ever booked (they are made again). */
export async function deleteUnbookedSlotsOf(db: Kysely<Database>, patternId: string, after: string) {
  await db
    .deleteFrom("slots")
    .where("pattern_id", "=", patternId)
    .where("starts_at", ">", after)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("slot_bookings as b").select("b.slot_id").whereRef("b.slot_id", "=", "slots.id"),
        ),
      ),
    )
    .execute();
}
