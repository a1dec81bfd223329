import { type Kysely, sql } from "kysely";
import { dropAppendOnly, makeAppendOnly } from "../dialect.ts";

/**
 * The shop's operator: operator grants and account suspension on users, hidden products, the operator's
 * handling of messages, the deal plans the operator sets, and the audit log of every operator action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // NOTE: granted with `npm run operator -- grant EMAIL`; OPERATOR_EMAILS in the configuration counts too.
  await db.schema
    .alterTable("users")
    .addColumn("operator", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("users").addColumn("suspended_reason", "text").execute();

  await db.schema.alterTable("products").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("products").addColumn("hidden_reason", "text").execute();

  await db.schema.alterTable("messages").addColumn("read_at", "text").execute();
  await db.schema.alterTable("messages").addColumn("handled_at", "text").execute();
  await db.schema
    .alterTable("messages")
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // NOTE: the operator's inbox: messages without a farmer, unread first, newest first.
  await db.schema
    .createIndex("messages_operator_inbox_idx")
    .on("messages")
    .columns(["farmer_id", "read_at", "created_at", "id"])
    .execute();

  // NOTE: one row per change; the deal starting at T follows the newest plan effective at or before T.
  await db.schema
    .createTable("deal_plans")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("effective_from", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("price_paise", "integer", (col) => col.notNull().check(sql`price_paise > 0`))
    .addColumn("original_price_paise", "integer", (col) =>
      col.notNull().check(sql`original_price_paise >= price_paise`),
    )
    // NOTE: null is the built-in cabbage picture; an uploaded picture is never deleted while a plan uses it.
    .addColumn("image_id", "text", (col) => col.references("images.id"))
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("deal_plans_effective_idx")
    .on("deal_plans")
    .columns(["effective_from", "created_at"])
    .execute();

  // NOTE: no foreign keys: an entry outlives the account and the thing it was about.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target_type", "text", (col) => col.notNull())
    .addColumn("target_id", "text", (col) => col.notNull())
    .addColumn("reason", "text")
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").columns(["at", "id"]).execute();

  // NOTE: the audit log is append-only in the database itself, not only in the API.
  await makeAppendOnly(db, "audit_log");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAppendOnly(db, "audit_log");
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("deal_plans").execute();
  await db.schema.dropIndex("messages_operator_inbox_idx").execute();
  for (const column of ["read_at", "handled_at", "note"]) {
    await db.schema.alterTable("messages").dropColumn(column).execute();
  }
  for (const column of ["hidden_at", "hidden_reason"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
  for (const column of ["operator", "suspended_at", "suspended_reason"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
