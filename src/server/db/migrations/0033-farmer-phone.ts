import type { Kysely } from "kysely";

/**
 * Issue 40 item 7: the contact phone a farmer sets in the Farmer Portal, shown to their buyers and given in
 * the mails that ask a buyer to contact them. Null until set; account deletion clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("phone", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("phone").execute();
}
