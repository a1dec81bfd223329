import type { Kysely } from "kysely";
import { type Database, firstOf, updatedOne } from "../db/index.ts";
import { type Owner, ownerIs } from "./slots.repository.ts";

// Dated slots with their pickup point, and an owner's changes to one (capacity, closing) and whom they concern.

export function slotsWithPoints(db: Kysely<Database>) {
  return db
    .selectFrom("slots as s")
    .leftJoin("pickup_points as p", "p.id", "s.pickup_point_id")
    .selectAll("s")
    .select([
      "p.name as point_name",
      "p.address as point_address",
      "p.directions as point_directions",
      "p.map_url as point_map_url",
      "p.opening_note as point_opening_note",
    ]);
}
export type SlotWithPointRow = Awaited<ReturnType<typeof findSlot>> & object;

export function findSlot(db: Kysely<Database>, id: string) {
  return firstOf(slotsWithPoints(db).where("s.id", "=", id));
}

/** The owner's dated slots starting within [from, before), in time order. */
export function listSlotsOf(db: Kysely<Database>, owner: Owner, from: string, before: string) {
  return slotsWithPoints(db)
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", before)
    .where(ownerIs(owner, "s.farmer_id"))
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .execute();
}

/** Sets the capacity only if it is not below the places taken; answers whether it did. */
export async function setCapacity(db: Kysely<Database>, slotId: string, capacity: number): Promise<boolean> {
  return updatedOne(
    db.updateTable("slots").set({ capacity }).where("id", "=", slotId).where("taken", "<=", capacity),
  );
}

/** Closes the slot if it is open and holds `taken` places (so a confirmation covers who will be told). */
export async function closeSlot(
  db: Kysely<Database>,
  { slotId, at, reason, takenAtMost }: { slotId: string; at: string; reason: string; takenAtMost: number },
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("slots")
      .set({ closed_at: at, closed_reason: reason })
      .where("id", "=", slotId)
      .where("closed_at", "is", null)
      .where("taken", "<=", takenAtMost),
  );
}

/** A farmer's contact phone (issue 40), null when they set none. */
export async function phoneOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("phone").where("id", "=", userId).executeTakeFirst();
  return row?.phone ?? null;
}

/** The parts (`f`) that hold a place in the slot (`b`), not cancelled, with their orders (`o`). */
export const placesInSlot = (db: Kysely<Database>, slotId: string) =>
  db
    .selectFrom("slot_bookings as b")
    .innerJoin("order_parts as f", "f.id", "b.part_id")
    .innerJoin("orders as o", "o.id", "f.order_id")
    .where("b.slot_id", "=", slotId)
    .where("b.released_at", "is", null)
    .where("f.status", "!=", "cancelled");

/** The buyers of the parts that hold a place in the slot (not cancelled), to tell them it was closed. */
export function buyersOfSlot(db: Kysely<Database>, slotId: string) {
  return placesInSlot(db, slotId)
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([
      "b.part_id",
      "o.id as order_id",
      "o.user_id",
      "o.email",
      "o.full_name",
      "u.deleted_at",
      "u.language",
    ])
    .execute();
}
