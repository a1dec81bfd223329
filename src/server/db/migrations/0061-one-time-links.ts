import { type Kysely, sql } from "kysely";

/**
 * Issue 34: one table for the four kinds of e-mailed one-time link (password reset, e-mail change, operator
 * claim, sign-in link), owned by the auth domain and taken by one `DELETE … RETURNING`. Each kept only its
 * token's SHA-256, so the links already mailed move over and still work; a spent reset is gone, not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("one_time_links")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    /** `password_reset`, `email_change`, `operator_claim` or `sign_in`. */
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    /** The address the link proves: the new one of an e-mail change, the listed one of a claim; else null. */
    .addColumn("address", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  // NOTE: every look-up by account is of one kind, newest first (the 10-minute spacing, replacing older links).
  await db.schema
    .createIndex("one_time_links_user_kind_idx")
    .on("one_time_links")
    .columns(["user_id", "kind", "created_at"])
    .execute();
  await db.schema
    .createIndex("one_time_links_expires_idx")
    .on("one_time_links")
    .column("expires_at")
    .execute();

  await sql`insert into one_time_links (token_hash, kind, user_id, address, created_at, expires_at)
    select token_hash, 'password_reset', user_id, null, created_at, expires_at
    from password_resets where spent_at is null`.execute(db);
  await sql`insert into one_time_links (token_hash, kind, user_id, address, created_at, expires_at)
    select token_hash, 'email_change', user_id, new_email, created_at, expires_at from email_changes`.execute(
    db,
  );
  await sql`insert into one_time_links (token_hash, kind, user_id, address, created_at, expires_at)
    select token_hash, 'operator_claim', user_id, email, created_at, expires_at from operator_claim_links`.execute(
    db,
  );
  await sql`insert into one_time_links (token_hash, kind, user_id, address, created_at, expires_at)
    select token_hash, 'sign_in', user_id, null, created_at, expires_at from sign_in_links`.execute(db);

  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("email_changes").execute();
  await db.schema.dropTable("operator_claim_links").execute();
  await db.schema.dropTable("sign_in_links").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("spent_at", "text")
    .execute();
  await db.schema
    .createTable("email_changes")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  for (const table of ["operator_claim_links", "sign_in_links"]) {
    let create = db.schema
      .createTable(table)
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"));
    if (table === "operator_claim_links") create = create.addColumn("email", "text", (col) => col.notNull());
    await create
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("expires_at", "text", (col) => col.notNull())
      .execute();
  }
  await sql`insert into password_resets select token_hash, user_id, created_at, expires_at, null
    from one_time_links where kind = 'password_reset'`.execute(db);
  await sql`insert into email_changes select token_hash, user_id, address, created_at, expires_at
    from one_time_links where kind = 'email_change'`.execute(db);
  await sql`insert into operator_claim_links select token_hash, user_id, address, created_at, expires_at
    from one_time_links where kind = 'operator_claim'`.execute(db);
  await sql`insert into sign_in_links select token_hash, user_id, created_at, expires_at
    from one_time_links where kind = 'sign_in'`.execute(db);
  await db.schema.dropTable("one_time_links").execute();
}
