import { type Kysely, sql } from "kysely";
import { tableExists } from "../dialect.ts";

/**
 * Delivery slots and pickup points (decision 017), owned by the slots domain. `farmer_id` null is the shop's
 * own part (the deal of the day), set up by the operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // NOTE: migration 0011 (issue 21) renames the parts of orders from `fulfilments` to `order_parts`; this
  // migration was written beside it and references whichever the database has (a rename carries the key along).
  const parts = (await tableExists(db, "order_parts")) ? "order_parts" : "fulfilments";
  await db.schema
    .createTable("pickup_points")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("farmer_id", "text", (col) => col.references("users.id"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("directions", "text")
    .addColumn("map_url", "text")
    .addColumn("opening_note", "text")
    // NOTE: a retired point stays (past orders show it) but takes no new pattern.
    .addColumn("retired_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("pickup_points_farmer_idx")
    .on("pickup_points")
    .columns(["farmer_id"])
    .execute();

  await db.schema
    .createTable("delivery_areas")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("farmer_id", "text", (col) => col.references("users.id"))
    .addColumn("pin_prefix", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("delivery_areas_farmer_idx")
    .on("delivery_areas")
    .columns(["farmer_id"])
    .execute();

  await db.schema
    .createTable("slot_patterns")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("farmer_id", "text", (col) => col.references("users.id"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("pickup_point_id", "text", (col) => col.references("pickup_points.id"))
    .addColumn("weekday", "integer", (col) => col.notNull().check(sql`weekday between 0 and 6`))
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addColumn("capacity", "integer", (col) => col.notNull().check(sql`capacity between 1 and 1000`))
    .addColumn("cutoff_hours", "integer", (col) => col.notNull().check(sql`cutoff_hours between 0 and 168`))
    // NOTE: the last shop day dated slots were made for; generation runs again only when it falls behind.
    .addColumn("generated_through", "text")
    // NOTE: a deleted pattern stays while its dated slots hold orders; it makes no new ones.
    .addColumn("deleted_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("slot_patterns_farmer_idx")
    .on("slot_patterns")
    .columns(["farmer_id", "deleted_at"])
    .execute();

  await db.schema
    .createTable("slots")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("farmer_id", "text", (col) => col.references("users.id"))
    .addColumn("pattern_id", "text", (col) => col.references("slot_patterns.id"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("pickup_point_id", "text", (col) => col.references("pickup_points.id"))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    // NOTE: the window's instants in UTC, worked out once in the shop's time zone (a DST change keeps HH:MM).
    .addColumn("starts_at", "text", (col) => col.notNull())
    .addColumn("cutoff_at", "text", (col) => col.notNull())
    .addColumn("capacity", "integer", (col) => col.notNull().check(sql`capacity between 1 and 1000`))
    // NOTE: taken only by a conditional update `taken < capacity` in the order's transaction (never overbooked).
    .addColumn("taken", "integer", (col) => col.notNull().defaultTo(0).check(sql`taken >= 0`))
    .addColumn("closed_at", "text")
    .addColumn("closed_reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    // NOTE: one dated slot per pattern and day, so two processes generating at once make it once.
    .addUniqueConstraint("slots_pattern_date_unique", ["pattern_id", "date"])
    .execute();
  await db.schema
    .createIndex("slots_farmer_start_idx")
    .on("slots")
    .columns(["farmer_id", "starts_at"])
    .execute();

  // NOTE: which slot a part of an order has a place in; released (not deleted) when the part is cancelled.
  await db.schema
    .createTable("slot_bookings")
    .addColumn("part_id", "text", (col) => col.primaryKey().references(`${parts}.id`))
    .addColumn("slot_id", "text", (col) => col.notNull().references("slots.id"))
    .addColumn("released_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("slot_bookings_slot_idx").on("slot_bookings").columns(["slot_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["slot_bookings", "slots", "slot_patterns", "delivery_areas", "pickup_points"]) {
    await db.schema.dropTable(table).execute();
  }
}
