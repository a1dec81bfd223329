import type { Kysely } from "kysely";
import { binaryType } from "../dialect.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = binaryType(db);

  await db.schema
    .createTable("images")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("image_variants")
    .addColumn("image_id", "text", (col) => col.notNull().references("images.id").onDelete("cascade"))
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("bytes", binary, (col) => col.notNull())
    .addColumn("etag", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width"])
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_paise", "integer", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("image_id", "text", (col) => col.references("images.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("products_created_idx").on("products").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("products_price_idx").on("products").columns(["price_paise", "id"]).execute();
  await db.schema
    .createIndex("products_category_created_idx")
    .on("products")
    .columns(["category", "created_at", "id"])
    .execute();
  await db.schema.createIndex("products_owner_idx").on("products").column("owner_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("products").execute();
  await db.schema.dropTable("image_variants").execute();
  await db.schema.dropTable("images").execute();
}
