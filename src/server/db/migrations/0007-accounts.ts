import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A short description of the device ("Chrome on Android"), never the raw User-Agent; last use is the
  // existing last_seen_at.
  await db.schema.alterTable("sessions").addColumn("browser", "text").execute();
  await db.schema.alterTable("users").addColumn("deleted_at", "text").execute();

  // NOTE: tokens are stored as SHA-256 hashes only; the raw token exists only in the e-mailed link.
  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    /** Set when the token is used or a newer reset replaces it; kept a day so requests can be counted. */
    .addColumn("spent_at", "text")
    .execute();
  await db.schema
    .createIndex("password_resets_user_idx")
    .on("password_resets")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("email_changes")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("email_changes_user_idx").on("email_changes").column("user_id").execute();

  // Mails whose first send failed, retried with back-off. Mails carrying a secret link are never stored here.
  await db.schema
    .createTable("mail_queue")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_queue_due_idx").on("mail_queue").column("next_attempt_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_queue").execute();
  await db.schema.dropTable("email_changes").execute();
  await db.schema.dropTable("password_resets").execute();
  await db.schema.alterTable("users").dropColumn("deleted_at").execute();
  await db.schema.alterTable("sessions").dropColumn("browser").execute();
}
