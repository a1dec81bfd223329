import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";

// The farmer's side of standing orders: theirs, and the demand they make on the farmer's slots.

export function listOfFarmer(db: Kysely<Database>, farmerId: string) {
  return db
    .selectFrom("standing_orders")
    .selectAll()
    .where("farmer_id", "=", farmerId)
    .where("status", "=", "active")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export function productNames(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "name"])
    .where("id", "in", [...ids])
    .execute();
}

/** What a line of the farmer's demand is summed by, besides its slot's id: its slot, product and status. */
const DEMAND_KEY = [
  "s.kind",
  "s.date",
  "s.start_time",
  "s.end_time",
  "s.starts_at",
  "i.product_id",
  "i.name",
  "i.unit",
  "f.status",
] as const;

/**
 * The farmer's quantities per dated slot (days within [from, to]) and product, of parts scheduled or pending
 * that hold a place in the slot, summed per status.
 */
export function demandOf(db: Kysely<Database>, farmerId: string, from: string, to: string) {
  return db
    .selectFrom("order_items as i")
    .innerJoin("order_parts as f", "f.id", "i.part_id")
    .innerJoin("slot_bookings as b", "b.part_id", "f.id")
    .innerJoin("slots as s", "s.id", "b.slot_id")
    .select((eb) => [
      "s.id as slot_id",
      ...DEMAND_KEY,
      eb.fn.sum<number | string>("i.quantity").as("quantity"),
    ])
    .where("f.farmer_id", "=", farmerId)
    .where("f.status", "in", ["scheduled", "pending"])
    .where("b.released_at", "is", null)
    .where("s.date", ">=", from)
    .where("s.date", "<=", to)
    .groupBy(["s.id", ...DEMAND_KEY])
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .orderBy("i.name")
    .execute();
}
