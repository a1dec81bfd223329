import type { Kysely } from "kysely";

/**
 * Issue 26 (decision 033): the deal each shop day ran with, one row per date, written at the day's turnover
 * by whichever server gets there first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("deal_days")
    .addColumn("shop_date", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_paise", "integer", (col) => col.notNull())
    .addColumn("original_price_paise", "integer", (col) => col.notNull())
    .addColumn("image_id", "text")
    .addColumn("turned_at", "text", (col) => col.notNull())
    .addColumn("turned_by", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deal_days").execute();
}
