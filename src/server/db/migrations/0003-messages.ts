import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("sender_user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("farmer_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("delivery_preference", "text")
    .addColumn("preferred_time", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("messages_farmer_created_idx")
    .on("messages")
    .columns(["farmer_id", "created_at"])
    .execute();
  await db.schema.createIndex("messages_sender_idx").on("messages").column("sender_user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("messages").execute();
}
