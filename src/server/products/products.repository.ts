import type { AliasedSelectQueryBuilder, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Category, PRODUCT_SORTS } from "../../shared/schemas/products.ts";
import type { Database, NewProductRow, ProductsTable } from "../db/index.ts";
import {
  containsIgnoringCase,
  containsIgnoringCaseIndexed,
  hasTrigrams,
  type Keyset,
  type KeysetOrder,
  type KeysetPosition,
  pageAfter,
  rebaseKeyset,
  searchWalksListFirst,
  type TrigramIndex,
  updatedOne,
} from "../db/index.ts";

export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * A product's tier in the shop: 0 while it can be bought, 1 when sold out (listed after the others). The
 * generated columns `sold_out` (the tier) and `in_stock` (1 − the tier) hold it for the ascending and the
 * descending orders (migration 0009, db/keyset.ts).
 */
const SOLD_OUT_LAST = { column: "p.sold_out", max: 1 } as const;
const SOLD_OUT_LAST_DESC = { column: "p.in_stock", max: 1 } as const;

/** Each sort's total order: sold out last, then its key, then the id. Each has its index (migration 0009). */
export const PRODUCT_KEYSETS: Record<ProductSort, Keyset> = {
  newest: {
    scope: "products:newest",
    key: "p.created_at",
    id: "p.id",
    direction: "desc",
    keyKind: "string",
    tier: SOLD_OUT_LAST_DESC,
  },
  "price-asc": {
    scope: "products:price-asc",
    key: "p.price_paise",
    id: "p.id",
    direction: "asc",
    keyKind: "number",
    tier: SOLD_OUT_LAST,
  },
  "price-desc": {
    scope: "products:price-desc",
    key: "p.price_paise",
    id: "p.id",
    direction: "desc",
    keyKind: "number",
    tier: SOLD_OUT_LAST_DESC,
  },
};

/**
 * The trigram index on the product's names (its own and its other names, migration 0041), for the shop's name
 * search.
 */
export const PRODUCT_NAME_SEARCH: TrigramIndex = {
  name: "product_name_search",
  table: "products",
  id: "id",
  column: "search_name",
  sources: ["name", "other_names"],
};

export interface ProductListFilter {
  category?: Category;
  /** Already lower-cased; matched anywhere in the name, wildcards taken literally. */
  nameContains?: string;
  /** Only the products this account likes (the shop's Liked filter). */
  likedBy?: string;
  sort: ProductSort;
  after?: KeysetPosition;
  limit: number;
}

export function insertProduct(db: Kysely<Database>, product: NewProductRow) {
  return db.insertInto("products").values(product).execute();
}

/** Many products in one statement (the generated catalogue). */
export function insertProducts(db: Kysely<Database>, products: NewProductRow[]) {
  return db.insertInto("products").values(products).execute();
}

/** Hands products over to another owner (the demo farmer takes some of the demo catalogue). */
export function giveProducts(db: Kysely<Database>, productIds: readonly string[], ownerId: string) {
  return db
    .updateTable("products")
    .set({ owner_id: ownerId })
    .where("id", "in", [...productIds])
    .execute();
}

/** Account deletion's share of the catalogue: the user's products leave the shop. */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("products").where("owner_id", "=", userId).execute();
}

/** A product list's rows as productsWithDetails reads them: the table, or a part of it read first. */
type ProductsSource = "products as p" | AliasedSelectQueryBuilder<Selectable<ProductsTable>, "p">;

/** What a product is read with: its own fields, its farmer's name and standing, its picture's size. */
const PRODUCT_DETAILS = [
  "p.id",
  "p.owner_id",
  "p.name",
  "p.other_names",
  "p.price_paise",
  "p.description",
  "p.category",
  "p.image_id",
  "p.created_at",
  "p.unit",
  "p.stock",
  "p.harvested_on",
  "p.hidden_at",
  "p.hidden_reason",
  "p.one_off_only",
  "u.suspended_at as owner_suspended_at",
  "u.name as farmer_name",
  "i.width as image_width",
  "i.height as image_height",
] as const;

/** Products (from `source`, by default every one) with their owner's name and their image's size. */
function productsWithDetails(db: Kysely<Database>, source: ProductsSource = "products as p") {
  return db
    .selectFrom(source as "products as p")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .leftJoin("images as i", "i.id", "p.image_id")
    .select(PRODUCT_DETAILS);
}
export type ProductDetailsRow = Awaited<
  ReturnType<ReturnType<typeof productsWithDetails>["execute"]>
>[number];

export function findProduct(db: Kysely<Database>, id: string) {
  return productsWithDetails(db).where("p.id", "=", id).executeTakeFirst();
}

export function findProducts(db: Kysely<Database>, ids: readonly string[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : productsWithDetails(db)
        .where("p.id", "in", [...ids])
        .execute();
}

/**
 * How many rows of the list, in its order, the name search tests one by one before it asks the trigram
 * index instead (decision 012). Testing a row costs about 0.3 µs on SQLite and 0.7 µs on PostgreSQL; a
 * match found through the index about 5–7 µs, all of them to be read and sorted. A text in one name in 200
 * or more fills its page within these rows, at any catalogue size, at a cost of a few thousand rows; a
 * rarer one costs these rows in vain, then its few matches.
 */
export const SEARCH_WALK_ROWS = 5000;

/**
 * One page of the shop: only complete products (product rules §5: name, price, image and category), in a total order
 * (sort key, then id) so that keyset pages never skip or repeat a row, even when many rows share a key.
 *
 * A name search first walks the list's first SEARCH_WALK_ROWS rows in order, testing each, and stops at a
 * full page; only when they hold no full page does it ask the trigram index for every match. NOTE: which of
 * the two is quicker depends on how many products match, and PostgreSQL's planner guesses that from a
 * sample of names: its guess moved between 10 and 1,000 matches from one ANALYZE to the next, and with it
 * the plan and the search's time (1 ms or 7 ms at 100,000 products). This order makes the plan the same
 * on every run and on both databases.
 */
export async function listProducts(db: Kysely<Database>, filter: ProductListFilter) {
  const text = filter.nameContains;
  if (
    text !== undefined &&
    hasTrigrams(text) &&
    (await searchWalksListFirst(db, "products", SEARCH_WALK_ROWS))
  ) {
    const walked = await productSearchWalkQuery(db, filter, text).execute();
    if (walked.length === filter.limit) return walked;
  }
  return (await productPageQuery(db, filter)).execute();
}

/** The shop's products that `filter` lets through, the name aside, in no order. */
function shopProducts(db: Kysely<Database>, filter: ProductListFilter) {
  let query = db
    .selectFrom("products as p")
    // NOTE: a product an operator hid is gone from the shop at once (a suspended farmer's: see below).
    .where("p.hidden_at", "is", null)
    // NOTE: complete products only (name, price, image, one of the categories): the generated column holds
    // the test (migration 0009), so that PostgreSQL's planner knows how many rows pass it, and it leads no
    // index, so that SQLite's planner walks the sort's own index and stops after one page (decision 012).
    .where("p.listed", "=", 1);
  if (filter.category) query = query.where("p.category", "=", filter.category);
  if (filter.likedBy) {
    const userId = filter.likedBy;
    query = query.where("p.id", "in", (eb) =>
      eb.selectFrom("likes").select("likes.product_id").where("likes.user_id", "=", userId),
    );
  }
  return query;
}

/**
 * The first step of a name search: the list's first SEARCH_WALK_ROWS rows after the cursor, in its order,
 * those whose name holds `text`, up to one page (tests read its plan). NOTE: the walk reads only columns
 * the sort's index carries (migration 0010), so it reads no product's row until one matches.
 */
export function productSearchWalkQuery(db: Kysely<Database>, filter: ProductListFilter, text: string) {
  const keyset = PRODUCT_KEYSETS[filter.sort];
  const carried = [keyset.tier?.column, keyset.key, keyset.id, "p.owner_id", "p.search_name"].filter(
    (column) => column !== undefined,
  ) as "p.id"[];
  const walked = pageAfter(shopProducts(db, filter).select(carried), keyset, filter.after).limit(
    SEARCH_WALK_ROWS,
  );
  // NOTE: the walk first in FROM: SQLite then reads it row by row as the outer loop (a co-routine); joined
  // after the products, it copied all of the walk's rows before reading one.
  const query = db
    .selectFrom(walked.as("w"))
    .innerJoin("products as p", "p.id", "w.id")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .leftJoin("images as i", "i.id", "p.image_id")
    .select(PRODUCT_DETAILS)
    .where("u.suspended_at", "is", null)
    .where(containsIgnoringCase(db, "w.search_name", text));
  return pageAfter(query, rebaseKeyset(keyset, "w"), undefined).limit(filter.limit);
}

/**
 * The query listProducts runs, or with a name search its second step (tests read its plan): every match the
 * trigram index finds, sorted.
 */
export async function productPageQuery(db: Kysely<Database>, filter: ProductListFilter) {
  // NOTE: a product whose farmer is suspended is gone from the shop at once, as a hidden one is.
  const products = shopProducts(db, filter).selectAll("p");
  let query = productsWithDetails(db, products.as("p")).where("u.suspended_at", "is", null);
  let order: KeysetOrder = "index";
  if (filter.nameContains) {
    const row = { id: "p.id", column: "p.search_name" };
    const search = await containsIgnoringCaseIndexed(db, PRODUCT_NAME_SEARCH, row, filter.nameContains);
    query = query.where(search.where);
    order = search.order;
  }
  return pageAfter(query, PRODUCT_KEYSETS[filter.sort], filter.after, order).limit(filter.limit);
}

export interface OperatorProductFilter {
  /** Already lower-cased; matched anywhere in the name or the farmer's name. */
  text?: string;
  status: "all" | "visible" | "hidden";
  after?: KeysetPosition;
  limit: number;
}

export const OPERATOR_PRODUCTS_KEYSET: Keyset = {
  scope: "operator-products",
  key: "p.created_at",
  id: "p.id",
  direction: "desc",
  keyKind: "string",
};

/** Every product, hidden or not, newest first: the operator's search. */
export function listAllProducts(db: Kysely<Database>, filter: OperatorProductFilter) {
  let query = productsWithDetails(db);
  if (filter.text) {
    const text = filter.text;
    query = query.where((eb) =>
      eb.or([containsIgnoringCase(db, "p.name", text), containsIgnoringCase(db, "u.name", text)]),
    );
  }
  if (filter.status === "hidden") {
    query = query.where((eb) =>
      eb.or([eb("p.hidden_at", "is not", null), eb("u.suspended_at", "is not", null)]),
    );
  }
  if (filter.status === "visible") {
    query = query.where("p.hidden_at", "is", null).where("u.suspended_at", "is", null);
  }
  return pageAfter(query, OPERATOR_PRODUCTS_KEYSET, filter.after).limit(filter.limit).execute();
}

/** Hides the product unless it already is; answers whether this call hid it. */
export async function markHidden(
  db: Kysely<Database>,
  id: string,
  at: string,
  reason: string,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("products")
      .set({ hidden_at: at, hidden_reason: reason })
      .where("id", "=", id)
      .where("hidden_at", "is", null),
  );
}

/** Shows a hidden product again; answers whether it was hidden. */
export async function clearHidden(db: Kysely<Database>, id: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("products")
      .set({ hidden_at: null, hidden_reason: null })
      .where("id", "=", id)
      .where("hidden_at", "is not", null),
  );
}

export async function countProductsSince(db: Kysely<Database>, since?: string): Promise<number> {
  let query = db.selectFrom("products").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (since) query = query.where("created_at", ">=", since);
  return Number((await query.executeTakeFirstOrThrow()).n);
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

/** Changes a product only if `ownerId` owns it; answers whether it did. */
export async function updateOwnedProduct(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
  values: Updateable<ProductsTable>,
): Promise<boolean> {
  return updatedOne(
    db.updateTable("products").set(values).where("id", "=", id).where("owner_id", "=", ownerId),
  );
}

/** Every product of one owner, newest first. */
export function listOwnedProducts(db: Kysely<Database>, ownerId: string) {
  return productsWithDetails(db)
    .where("p.owner_id", "=", ownerId)
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
}

/** Names of products, for lists that mention them by id (the audit log). */
export function namesOfProducts(db: Kysely<Database>, productIds: readonly string[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("products").select(["id", "name"]).where("id", "in", productIds).execute();
}
