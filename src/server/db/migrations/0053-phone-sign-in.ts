import type { Kysely } from "kysely";

/**
 * Issue 37: signing in with a mobile number. `users.sign_in_phone` is the verified number (E.164) an account
 * signs in with, one account per number; it is not the farmer's contact phone (`users.phone`, migration 0033),
 * which nobody verified. `phone_codes` keeps each 6-digit code sent, only hashed, with its expiry and the wrong
 * tries it took, in the database so that any server can check it (decision 054).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("sign_in_phone", "text").execute();
  await db.schema
    .createIndex("users_sign_in_phone_key")
    .on("users")
    .column("sign_in_phone")
    .unique()
    .execute();

  await db.schema
    .createTable("phone_codes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("phone", "text", (col) => col.notNull())
    /** `sign-in` (signing in or up) or `add` (a signed-in account adding or changing its number). */
    .addColumn("purpose", "text", (col) => col.notNull())
    /** The account adding the number (purpose `add`); null for signing in. */
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("spent_at", "text")
    .execute();
  // NOTE: every look-up is a number's newest codes: the live one, the last 30 seconds', the last hour's.
  await db.schema
    .createIndex("phone_codes_phone_created_idx")
    .on("phone_codes")
    .columns(["phone", "created_at"])
    .execute();
  await db.schema.createIndex("phone_codes_user_id_idx").on("phone_codes").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("phone_codes").execute();
  await db.schema.dropIndex("users_sign_in_phone_key").execute();
  await db.schema.alterTable("users").dropColumn("sign_in_phone").execute();
}
