import type { Kysely } from "kysely";

/**
 * Issue 40 #31 and issue 38: the answers of state-changing farmer requests, kept per (account,
 * Idempotency-Key), so a retried request returns its first answer and changes nothing, on any server.
 * Written in the transaction of the change it answers; kept at least 24 hours (decision 046).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("status", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["user_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_created_idx")
    .on("idempotency_keys")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
