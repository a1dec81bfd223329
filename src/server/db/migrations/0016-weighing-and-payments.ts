import { type Kysely, sql } from "kysely";

/**
 * Produce sold by weight and paid at the door (decision 020), owned by the orders domain.
 *
 * - `order_items` gain `packed_grams` (null until the line is weighed) and `amount_paise`, what the line is
 *   billed (null while a weighed line waits for its weight). Lines already placed count as final: their
 *   amount is their estimate (`line_total_paise`).
 * - `order_payments` holds every payment a farmer recorded, and its undo (kept, never deleted).
 * - `upi_ids`: where a farmer (or, under the key `shop`, the shop for its own part) is paid by UPI.
 * - A part's payment state and `paid_at` are no longer stored: they follow from its payments and its bill. A
 *   part already marked paid keeps that as one cash payment of its total, by its farmer, at its `paid_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("order_items")
    .addColumn("packed_grams", "integer", (col) => col.check(sql`packed_grams >= 0`))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("amount_paise", "integer", (col) => col.check(sql`amount_paise >= 0`))
    .execute();
  await sql`update order_items set amount_paise = line_total_paise`.execute(db);

  await db.schema
    .createTable("order_payments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("part_id", "text", (col) => col.notNull().references("order_parts.id").onDelete("cascade"))
    .addColumn("method", "text", (col) => col.notNull().check(sql`method in ('cash', 'upi')`))
    .addColumn("amount_paise", "integer", (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn("reference", "text")
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("by_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("undone_at", "text")
    .addColumn("undone_by_user_id", "text", (col) => col.references("users.id"))
    .addColumn("undone_reason", "text")
    .execute();
  await db.schema
    .createIndex("order_payments_part_idx")
    .on("order_payments")
    .columns(["part_id", "at"])
    .execute();

  await sql`
    insert into order_payments (id, part_id, method, amount_paise, at, by_user_id)
    select 'migrated-' || id, id, 'cash', total_paise, coalesce(paid_at, updated_at), farmer_id
    from order_parts
    where payment_state = 'paid' and farmer_id is not null and total_paise > 0
  `.execute(db);
  await db.schema.alterTable("order_parts").dropColumn("payment_state").execute();
  await db.schema.alterTable("order_parts").dropColumn("paid_at").execute();

  await db.schema
    .createTable("upi_ids")
    // NOTE: a farmer's user id, or `shop` for the shop's own part (the deal of the day), so no foreign key.
    .addColumn("owner", "text", (col) => col.primaryKey())
    .addColumn("upi_id", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("upi_ids").execute();
  await db.schema
    .alterTable("order_parts")
    .addColumn("payment_state", "text", (col) =>
      col.notNull().defaultTo("unpaid").check(sql`payment_state in ('unpaid', 'paid')`),
    )
    .execute();
  await db.schema.alterTable("order_parts").addColumn("paid_at", "text").execute();
  await db.schema.dropTable("order_payments").execute();
  await db.schema.alterTable("order_items").dropColumn("amount_paise").execute();
  await db.schema.alterTable("order_items").dropColumn("packed_grams").execute();
}
