import { type Kysely, sql } from "kysely";

/**
 * Standing orders (issue 35, decision 050), owned by the standing-orders domain: what a shopper asked for once
 * (`standing_orders`, its lines and weekly slot patterns), and each dated slot it was (or could not be) made
 * for (`standing_occurrences`). An occurrence that was made is an order of its own; `orders.standing_order_id`
 * (written by the orders domain, which owns `orders`) says which standing order made it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("standing_orders")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("farmer_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("every_weeks", "integer", (col) => col.notNull().check(sql`every_weeks in (1, 2, 4)`))
    .addColumn("start_date", "text", (col) => col.notNull())
    // NOTE: the shipping address as checkout keeps it on an order, copied to each occurrence.
    .addColumn("full_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("zip_code", "text", (col) => col.notNull())
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("payment_method", "text", (col) => col.notNull())
    // NOTE: hours before each cut-off the shopper is reminded; null: no reminder.
    .addColumn("reminder_hours", "integer", (col) => col.check(sql`reminder_hours in (12, 24, 48)`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('active', 'ended')`))
    .addColumn("paused_from", "text")
    .addColumn("paused_until", "text")
    // NOTE: the last shop day occurrences were made for; a pass runs again only when it falls behind.
    .addColumn("made_through", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("ended_at", "text")
    .addUniqueConstraint("standing_orders_user_key_unique", ["user_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("standing_orders_farmer_idx")
    .on("standing_orders")
    .columns(["farmer_id", "status"])
    .execute();
  await db.schema
    .createIndex("standing_orders_status_idx")
    .on("standing_orders")
    .columns(["status", "made_through"])
    .execute();

  await db.schema
    .createTable("standing_order_lines")
    .addColumn("standing_order_id", "text", (col) => col.notNull().references("standing_orders.id"))
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("product_id", "text", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity >= 1`))
    // NOTE: the unit price when the shopper made, changed or last accepted it: the price-rise hold compares with it.
    .addColumn("price_paise", "integer", (col) => col.notNull().check(sql`price_paise >= 0`))
    .addPrimaryKeyConstraint("standing_order_lines_pk", ["standing_order_id", "line_no"])
    .execute();

  await db.schema
    .createTable("standing_order_patterns")
    .addColumn("standing_order_id", "text", (col) => col.notNull().references("standing_orders.id"))
    .addColumn("pattern_id", "text", (col) => col.notNull().references("slot_patterns.id"))
    .addPrimaryKeyConstraint("standing_order_patterns_pk", ["standing_order_id", "pattern_id"])
    .execute();
  await db.schema
    .createIndex("standing_order_patterns_pattern_idx")
    .on("standing_order_patterns")
    .columns(["pattern_id"])
    .execute();

  await db.schema
    .createTable("standing_occurrences")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("standing_order_id", "text", (col) => col.notNull().references("standing_orders.id"))
    // NOTE: no foreign key: a farmer's changed pattern deletes its dated slots nobody booked and makes them
    // again (slots.service.ts), a missed occurrence's among them.
    .addColumn("slot_id", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("cutoff_at", "text", (col) => col.notNull())
    // NOTE: `made`: its order exists (order_id); `missed`: it could not be made (reason); `skipped`: a pause.
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('made', 'missed', 'skipped')`))
    .addColumn("order_id", "text", (col) => col.references("orders.id"))
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    // NOTE: exactly once (issue 35): whatever runs the materialiser, how often and where, the database keeps
    // one occurrence per standing order and dated slot.
    .addUniqueConstraint("standing_occurrences_order_slot_unique", ["standing_order_id", "slot_id"])
    .execute();
  await db.schema
    .createIndex("standing_occurrences_order_idx")
    .on("standing_occurrences")
    .columns(["order_id"])
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("standing_order_id", "text", (col) => col.references("standing_orders.id"))
    .execute();
  await db.schema
    .createIndex("orders_standing_order_idx")
    .on("orders")
    .columns(["standing_order_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_standing_order_idx").execute();
  await db.schema.alterTable("orders").dropColumn("standing_order_id").execute();
  for (const table of [
    "standing_occurrences",
    "standing_order_patterns",
    "standing_order_lines",
    "standing_orders",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
