import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A signed-in shopper's liked products (decision 011): one row per (account, product), so liking twice is
  // one like. A product's likes go with it; an account's are removed when it is deleted (account.repository).
  await db.schema
    .createTable("likes")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("likes_pk", ["user_id", "product_id"])
    .execute();
  // NOTE: the primary key serves "my likes"; deleting a product finds its likes through this index
  // (PostgreSQL does not index a foreign key by itself).
  await db.schema.createIndex("likes_product_idx").on("likes").column("product_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("likes").execute();
}
