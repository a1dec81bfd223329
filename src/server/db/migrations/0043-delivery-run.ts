import { type Kysely, sql } from "kysely";

/**
 * Issue 38, the delivery run (decision 046), owned by the orders domain:
 * - `run_positions`: where a farmer last put each address in their run, per PIN code, so next week's run of
 *   the same doors comes in the farmer's order (no map service).
 * - `delivery_attempts`: a "not at home": the part stays out for delivery, the buyer sees when we came.
 *   Kept, never changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("run_positions")
    .addColumn("farmer_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("zip_code", "text", (col) => col.notNull())
    /** The shipping address as the order joined it, folded to lower case. */
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("run_positions_pkey", ["farmer_id", "zip_code", "address"])
    .execute();

  await db.schema
    .createTable("delivery_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("part_id", "text", (col) => col.notNull().references("order_parts.id").onDelete("cascade"))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("by_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("reason", "text", (col) => col.notNull().check(sql`length(reason) <= 500`))
    .execute();
  await db.schema
    .createIndex("delivery_attempts_part_idx")
    .on("delivery_attempts")
    .columns(["part_id", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("delivery_attempts").execute();
  await db.schema.dropTable("run_positions").execute();
}
