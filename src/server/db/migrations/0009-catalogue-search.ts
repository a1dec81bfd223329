import type { Kysely } from "kysely";
import { addGeneratedColumn, createTrigramIndex, dropTrigramIndex, type TrigramIndex } from "../dialect.ts";

/**
 * The shop's catalogue reads at any size (decision 012):
 * - `listed` (complete enough to be listed), computed from the row;
 * - `sold_out` and `in_stock`, computed from the stock, and one index per order the shop lists products in,
 *   led by one of them (sold out last), so that a page walks its index from where the last one ended and
 *   stops after one page, instead of sorting every product (products/products.repository.ts, db/keyset.ts);
 * - a trigram index on the product's name for the name search (FTS5 on SQLite, pg_trgm on PostgreSQL).
 */
/** NOTE: migration 0010 rebuilds them carrying more columns. */
export const LIST_INDEXES: Record<string, string[]> = {
  products_newest_idx: ["in_stock", "created_at", "id"],
  products_price_asc_idx: ["sold_out", "price_paise", "id"],
  products_price_desc_idx: ["in_stock", "price_paise", "id"],
  products_category_newest_idx: ["category", "in_stock", "created_at", "id"],
};

/** As products.repository.ts names it. */
const PRODUCT_NAME_SEARCH: TrigramIndex = {
  name: "product_name_search",
  table: "products",
  id: "id",
  column: "name",
};

/**
 * Complete products only are listed (product rules §5: name, price, image and one of the categories, as
 * src/shared/schemas/products.ts lists them). NOTE: one column, so PostgreSQL's planner knows from its
 * statistics that nearly every row is listed; written out as conditions in the query, it guessed that a few
 * rows in a hundred are, and sorted every match rather than walking an index for one page. The categories
 * are compared one by one: SQLite computes this column on every read, and an IN list there cost a
 * microsecond a row.
 */
const LISTED = `case when image_id is not null and name <> '' and price_paise > 0 and (${["vegetables", "fruits", "dairy", "grains"].map((c) => `category = '${c}'`).join(" or ")}) then 1 else 0 end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await addGeneratedColumn(db, "products", "listed", "integer", LISTED);
  await addGeneratedColumn(db, "products", "sold_out", "integer", "case when stock = 0 then 1 else 0 end");
  await addGeneratedColumn(db, "products", "in_stock", "integer", "case when stock = 0 then 0 else 1 end");
  // NOTE: superseded by the indexes below: no order the shop lists in can use them any more.
  await db.schema.dropIndex("products_price_idx").execute();
  await db.schema.dropIndex("products_category_created_idx").execute();
  for (const [name, columns] of Object.entries(LIST_INDEXES)) {
    await db.schema.createIndex(name).on("products").columns(columns).execute();
  }
  await createTrigramIndex(db, PRODUCT_NAME_SEARCH);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTrigramIndex(db, PRODUCT_NAME_SEARCH);
  for (const name of Object.keys(LIST_INDEXES)) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable("products").dropColumn("in_stock").execute();
  await db.schema.alterTable("products").dropColumn("sold_out").execute();
  await db.schema.alterTable("products").dropColumn("listed").execute();
  await db.schema.createIndex("products_price_idx").on("products").columns(["price_paise", "id"]).execute();
  await db.schema
    .createIndex("products_category_created_idx")
    .on("products")
    .columns(["category", "created_at", "id"])
    .execute();
}
