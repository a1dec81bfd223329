import { type Kysely, sql } from "kysely";

/**
 * Issue 36, decision 052: `payouts`, every payment the shop made to a farmer of what it collected online for
 * their parts (less refunds and its commission), owned by the orders domain. Recorded by an operator (audited),
 * never changed or deleted: a mistake is put right by the next payout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payouts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("farmer_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("amount_paise", "integer", (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn("reference", "text", (col) => col.notNull().check(sql`length(reference) <= 100`))
    /** The day the money was sent (the shop's calendar, YYYY-MM-DD): it counts in that day's week. */
    .addColumn("paid_on", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("by_user_id", "text", (col) => col.notNull().references("users.id"))
    .execute();
  await db.schema.createIndex("payouts_farmer_idx").on("payouts").columns(["farmer_id", "paid_on"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payouts").execute();
}
