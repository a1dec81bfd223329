import type { Kysely } from "kysely";

/**
 * The price-rise hold (issue 35, decision 050): `standing_occurrences.held` is `price_rise` when a line's price
 * rose more than 10 % above the price saved with its standing order; its shopper accepts the new price (held
 * goes back to null) or the occurrence is skipped at its cut-off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("standing_occurrences").addColumn("held", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("standing_occurrences").dropColumn("held").execute();
}
