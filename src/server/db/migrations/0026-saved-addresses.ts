import type { Kysely } from "kysely";

/** The addresses an account keeps for checkout (issue 25, decision 027): at most 3, newest used first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_addresses")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("full_name", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("zip_code", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("saved_addresses_user_idx")
    .on("saved_addresses")
    .columns(["user_id", "used_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_addresses").execute();
}
