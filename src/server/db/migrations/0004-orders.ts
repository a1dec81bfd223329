import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("total_paise", "integer", (col) => col.notNull().check(sql`total_paise >= 0`))
    .addColumn("full_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("zip_code", "text", (col) => col.notNull())
    .addColumn("shipping_address", "text", (col) => col.notNull())
    .addColumn("payment_method", "text", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // NOTE: this constraint, not application code, is what makes concurrent retries create one order.
    .addUniqueConstraint("orders_user_idempotency_key_unique", ["user_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("orders_user_created_idx")
    .on("orders")
    .columns(["user_id", "created_at", "id"])
    .execute();

  // NOTE: product_id has no foreign key: an order keeps its lines (name and price as charged) after a product
  // is deleted, and the deal of the day is not a products row.
  await db.schema
    .createTable("order_items")
    .addColumn("order_id", "text", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("line_no", "integer", (col) => col.notNull())
    .addColumn("product_id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("unit_price_paise", "integer", (col) => col.notNull().check(sql`unit_price_paise >= 0`))
    .addColumn("quantity", "integer", (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn("line_total_paise", "integer", (col) =>
      col.notNull().check(sql`line_total_paise = unit_price_paise * quantity`),
    )
    .addPrimaryKeyConstraint("order_items_pk", ["order_id", "line_no"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_items").execute();
  await db.schema.dropTable("orders").execute();
}
