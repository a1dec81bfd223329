import { type Kysely, sql } from "kysely";
import { CATEGORIES, type Category, type PRODUCT_SORTS } from "../../shared/schemas/products.ts";
import type { Database, ProductsTable } from "../db/database.ts";
import { isPostgres } from "../db/migrations/dialect.ts";

export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Where the previous page stopped: the sort key of its last row and that row's id (the tie-breaker). */
export interface KeysetPosition {
  key: string | number;
  id: string;
}

export interface ProductListFilter {
  category?: Category;
  /** Already lower-cased; matched anywhere in the name, wildcards taken literally. */
  nameContains?: string;
  sort: ProductSort;
  after?: KeysetPosition;
  limit: number;
}

export function insertProduct(db: Kysely<Database>, product: ProductsTable) {
  return db.insertInto("products").values(product).execute();
}

/** Products with their owner's name and their image's size. */
function productsWithDetails(db: Kysely<Database>) {
  return db
    .selectFrom("products as p")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .leftJoin("images as i", "i.id", "p.image_id")
    .select([
      "p.id",
      "p.owner_id",
      "p.name",
      "p.price_paise",
      "p.description",
      "p.category",
      "p.image_id",
      "p.created_at",
      "u.name as farmer_name",
      "i.width as image_width",
      "i.height as image_height",
    ]);
}
export type ProductDetailsRow = Awaited<
  ReturnType<ReturnType<typeof productsWithDetails>["execute"]>
>[number];

export function findProduct(db: Kysely<Database>, id: string) {
  return productsWithDetails(db).where("p.id", "=", id).executeTakeFirst();
}

/** `%text%` for LIKE, with LIKE's own wildcards (and the escape character) taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the shop: only complete products (SPEC §5: name, price, image and category), in a total order
 * (sort key, then id) so that keyset pages never skip or repeat a row, even when many rows share a key.
 */
export function listProducts(db: Kysely<Database>, filter: ProductListFilter) {
  let query = productsWithDetails(db)
    .where("p.image_id", "is not", null)
    .where("p.name", "<>", "")
    .where("p.price_paise", ">", 0)
    .where("p.category", "in", CATEGORIES);
  if (filter.category) query = query.where("p.category", "=", filter.category);
  if (filter.nameContains) {
    // NOTE: LIKE is case-insensitive for ASCII on SQLite and case-sensitive on PostgreSQL; comparing
    // lower-cased text on both makes them agree. SQLite's own lower() folds ASCII only, so createDb
    // registers unicode_lower (JavaScript's toLowerCase) for it.
    const fold = isPostgres(db as Kysely<unknown>) ? sql.raw("lower") : sql.raw("unicode_lower");
    query = query.where(sql<boolean>`${fold}(p.name) like ${likeContains(filter.nameContains)} escape '\\'`);
  }
  const after = filter.after;
  switch (filter.sort) {
    case "newest":
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("p.created_at", "<", String(after.key)),
            eb.and([eb("p.created_at", "=", String(after.key)), eb("p.id", "<", after.id)]),
          ]),
        );
      }
      query = query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
      break;
    case "price-asc":
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("p.price_paise", ">", Number(after.key)),
            eb.and([eb("p.price_paise", "=", Number(after.key)), eb("p.id", ">", after.id)]),
          ]),
        );
      }
      query = query.orderBy("p.price_paise", "asc").orderBy("p.id", "asc");
      break;
    case "price-desc":
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("p.price_paise", "<", Number(after.key)),
            eb.and([eb("p.price_paise", "=", Number(after.key)), eb("p.id", "<", after.id)]),
          ]),
        );
      }
      query = query.orderBy("p.price_paise", "desc").orderBy("p.id", "desc");
      break;
  }
  return query.limit(filter.limit).execute();
}

export function findProductOwner(db: Kysely<Database>, id: string) {
  return db.selectFrom("products").select(["owner_id", "image_id"]).where("id", "=", id).executeTakeFirst();
}

/** Deletes the product only if `ownerId` owns it; answers how many rows went (0 or 1). */
export async function deleteOwnedProduct(db: Kysely<Database>, id: string, ownerId: string): Promise<number> {
  const result = await db
    .deleteFrom("products")
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countProducts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
