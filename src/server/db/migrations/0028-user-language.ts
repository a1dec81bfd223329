import type { Kysely } from "kysely";

/** Issue 24 (decision 032): the language an account reads, `en` (the default), `hi` or `mr`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("language", "text", (col) => col.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
}
