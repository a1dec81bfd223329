import type { Kysely } from "kysely";

/**
 * Standing orders' notices and holds (issue 35, decision 050):
 * - `standing_occurrences.reminded_at`: when its reminder was queued, set by a conditional update in the
 *   transaction that queues it, so several servers' timers send it once.
 * - `standing_orders.slot_removed_at`: a weekly slot it delivers in was deleted (or its pickup point
 *   retired): it is paused until its shopper chooses another, and was told so once.
 * - `products.one_off_only`: the farmer keeps the product out of standing orders (written by products).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("standing_occurrences").addColumn("reminded_at", "text").execute();
  await db.schema
    .createIndex("standing_occurrences_cutoff_idx")
    .on("standing_occurrences")
    .columns(["cutoff_at", "state"])
    .execute();
  await db.schema.alterTable("standing_orders").addColumn("slot_removed_at", "text").execute();
  await db.schema
    .alterTable("products")
    .addColumn("one_off_only", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("products").dropColumn("one_off_only").execute();
  await db.schema.alterTable("standing_orders").dropColumn("slot_removed_at").execute();
  await db.schema.dropIndex("standing_occurrences_cutoff_idx").execute();
  await db.schema.alterTable("standing_occurrences").dropColumn("reminded_at").execute();
}
