import type { Kysely } from "kysely";

/**
 * Re-pricing standing orders' occurrences (issue 35, decision 050): `standing_occurrences.price_told_at` is
 * when its shopper was mailed that it is held for a price rise, set by a conditional update in the
 * transaction that queues the mail, so several servers' passes mail it once (an accepted price clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("standing_occurrences").addColumn("price_told_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("standing_occurrences").dropColumn("price_told_at").execute();
}
