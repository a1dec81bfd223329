import type { Kysely } from "kysely";

/**
 * Issue 25's holes. Operator rights from OPERATOR_EMAILS go only to an account that proved it controls the
 * address (decision 021): the account keeps the SHA-256 of the listed address it proved, unique, and kept
 * when the account is deleted, so no later holder of the address can prove it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("operator_claim", "text").execute();
  await db.schema
    .createIndex("users_operator_claim_key")
    .on("users")
    .column("operator_claim")
    .unique()
    .execute();
  // NOTE: tokens are stored as SHA-256 hashes only, like password resets and e-mail changes.
  await db.schema
    .createTable("operator_claim_links")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("operator_claim_links_user_idx")
    .on("operator_claim_links")
    .columns(["user_id", "created_at"])
    .execute();
  // NOTE: a one-time sign-in link for an owner whose right password met a throttled account (item 10).
  await db.schema
    .createTable("sign_in_links")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_links_user_idx")
    .on("sign_in_links")
    .columns(["user_id", "created_at"])
    .execute();
  // NOTE: confirmations mailed to an address not the buyer's own are counted per address and day (item 5).
  await db.schema
    .createIndex("orders_email_created_idx")
    .on("orders")
    .columns(["email", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_email_created_idx").execute();
  await db.schema.dropTable("sign_in_links").execute();
  await db.schema.dropTable("operator_claim_links").execute();
  await db.schema.dropIndex("users_operator_claim_key").execute();
  await db.schema.alterTable("users").dropColumn("operator_claim").execute();
}
