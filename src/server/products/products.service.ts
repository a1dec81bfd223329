import type { Kysely } from "kysely";
import { z } from "zod";
import { paiseToRupees } from "../../shared/money.ts";
import { ProductResponseSchema } from "../../shared/schemas/api.ts";
import type { OperatorProductListQuerySchema } from "../../shared/schemas/operator-products.ts";
import {
  type Product,
  type ProductList,
  type ProductListQuerySchema,
  ProductListSchema,
} from "../../shared/schemas/products.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database, NewProductRow } from "../db/index.ts";
import { decodeCursor, pageOf } from "../db/index.ts";
import { AppError, etagOf, notFound } from "../http/index.ts";
import { imageUrl, imageWidths } from "../images/index.ts";
import { nextSlotsOf } from "../slots/index.ts";
import * as repo from "./products.repository.ts";

type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export const productNotFound = () => notFound("This product does not exist");

/** Who is looking at a product: hidden products and the reason show only to their owner and to operators. */
export interface ProductViewer {
  id: string;
  operator?: boolean;
}

/** Hidden from the shop: taken down by an operator, or its farmer's account is suspended. */
export const isHidden = (row: repo.ProductDetailsRow) =>
  row.hidden_at != null || row.owner_suspended_at != null;

const canSeeHidden = (row: repo.ProductDetailsRow, viewer: ProductViewer | undefined) =>
  viewer !== undefined && (viewer.operator === true || viewer.id === row.owner_id);

/**
 * A product as the API shows it (the product's field names, price in rupees, the image as a URL). `hidden`,
 * `hiddenReason` (the operator's, null when only the suspension hides it) and `farmerSuspended` are added only
 * for its owner and for operators.
 */
export function toApiProduct(
  row: repo.ProductDetailsRow,
  imageWidths: number[] | undefined,
  viewer?: ProductViewer,
): Product {
  const visibility = canSeeHidden(row, viewer)
    ? {
        hidden: isHidden(row),
        hiddenReason: row.hidden_at != null ? row.hidden_reason : null,
        farmerSuspended: row.owner_suspended_at != null,
        oneOffOnly: row.one_off_only === 1,
      }
    : {};
  return {
    id: row.id,
    name: row.name,
    otherNames: row.other_names === "" ? [] : row.other_names.split("\n"),
    price: paiseToRupees(row.price_paise),
    image: row.image_id ? imageUrl(row.image_id) : "",
    ...(row.image_id && imageWidths ? { imageWidths } : {}),
    ...(row.image_width != null && row.image_height != null
      ? { imageWidth: row.image_width, imageHeight: row.image_height }
      : {}),
    description: row.description,
    category: row.category,
    userId: row.owner_id,
    farmerName: row.farmer_name,
    quantity: 0,
    createdAt: row.created_at,
    unit: row.unit,
    stock: row.stock,
    harvestedOn: row.harvested_on,
    ...visibility,
  };
}

/** Products with their pictures' widths and their farmers' next open slots: one query each for a whole page. */
export async function withImageWidths(
  db: Kysely<Database>,
  rows: repo.ProductDetailsRow[],
  viewer?: ProductViewer,
  now = new Date(),
): Promise<Product[]> {
  return (await withDetails(db, rows, viewer, now)).products;
}

/** withImageWidths, and from when time alone changes them (a shown next slot's cut-off; epoch ms). */
async function withDetails(
  db: Kysely<Database>,
  rows: repo.ProductDetailsRow[],
  viewer: ProductViewer | undefined,
  now: Date,
): Promise<{ products: Product[]; until: number }> {
  const imageIds = rows.flatMap((row) => (row.image_id ? [row.image_id] : []));
  const [widths, nextSlots] = await Promise.all([
    imageWidths(db, imageIds),
    nextSlotsOf(
      db,
      rows.map((row) => row.owner_id),
      now,
    ),
  ]);
  const products = rows.map((row) => ({
    ...toApiProduct(row, row.image_id ? widths.get(row.image_id) : undefined, viewer),
    nextSlot: nextSlots.next.get(row.owner_id) ?? null,
  }));
  return { products, until: nextSlots.changesAt };
}

// ---- the prepared answers (decision 035) ----

/**
 * An answer the same for every shopper, with its JSON ready to send: the route sends `json` as it is when
 * nothing of the viewer's own is to be laid over it, else `value` goes through the route's schema.
 */
export interface PreparedAnswer<T> {
  value: T;
  /** The answer's JSON and its ETag, made once when the answer was prepared. */
  json?: { text: string; etag: string };
}

/** An answer's JSON as `schema` encodes it (as the route would on each request), and its ETag. */
function prepared<T>(schema: z.ZodType<T>, value: T): { text: string; etag: string } {
  const text = JSON.stringify(z.encode(schema, value));
  return { text, etag: etagOf(text) };
}

/**
 * What a viewer adds to a product the shop shows: its hidden state, only for its owner and operators
 * (toApiProduct). A product in a shop list is never hidden, so this is the same for each of them.
 */
const SHOWN_VISIBILITY = { hidden: false, hiddenReason: null, farmerSuspended: false } as const;

const seesVisibilityOf = (viewer: ProductViewer | undefined, ownerId: string) =>
  viewer !== undefined && (viewer.operator === true || viewer.id === ownerId);

/** At most this many searches' first pages are kept (about 13 KB each), the most recently filled. */
const SEARCH_ANSWERS = { name: "searches", most: 500 };

interface SharedPage {
  list: ProductList;
  json: { text: string; etag: string };
  owners: ReadonlySet<string>;
}

/**
 * The first page of a category (or of all) in a sort, or of a name search in them, as every shopper sees it;
 * cached. NOTE: a search's text is keyed as it is searched (lower-cased, trimmed by the schema), so "Tomato"
 * and "tomato " share one answer (decision 057).
 */
function sharedFirstPage(ctx: Context, query: ProductListQuery): Promise<SharedPage> {
  const search = query.q ? `:q=${query.q.toLowerCase()}` : "";
  const key = `products:${query.category ?? ""}:${query.sort}:${query.limit}${search}`;
  return ctx.answers.cache.read(
    key,
    ctx.now.getTime(),
    async () => {
      const { list, until } = await readPage(ctx, query, undefined);
      const json = prepared(ProductListSchema, list);
      return { value: { list, json, owners: new Set(list.items.map((p) => p.userId)) }, until };
    },
    search ? SEARCH_ANSWERS : undefined,
  );
}

interface SharedProduct {
  row: repo.ProductDetailsRow;
  /** As a stranger sees it (no visibility fields). */
  product: Product;
  /** `{ product }` as the route sends it. */
  json: { text: string; etag: string };
}

/** A product as every shopper sees it (undefined: no such product); cached. */
function sharedProduct({ db, now, answers }: Context, id: string): Promise<SharedProduct | undefined> {
  return answers.cache.read(`product:${id}`, now.getTime(), async () => {
    const row = await repo.findProduct(db, id);
    if (!row) return { value: undefined };
    const { products, until } = await withDetails(db, [row], undefined, now);
    const [product] = products;
    if (!product) throw new Error(`product ${id} was found but not converted`);
    const json = prepared(ProductResponseSchema, { product });
    return { value: { row, product, json }, until };
  });
}

/** One product; a hidden one is "not found" for everybody but its owner and operators. */
export async function getProduct(ctx: Context, id: string, viewer?: ProductViewer): Promise<Product> {
  return (await prepareProduct(ctx, id, viewer)).value.product;
}

/** getProduct as the route answers it: `{ product }`, with its JSON when it is the shared answer. */
export async function prepareProduct(
  ctx: Context,
  id: string,
  viewer?: ProductViewer,
): Promise<PreparedAnswer<{ product: Product }>> {
  const shared = await sharedProduct(ctx, id);
  if (!shared || (isHidden(shared.row) && !canSeeHidden(shared.row, viewer))) throw productNotFound();
  if (!seesVisibilityOf(viewer, shared.row.owner_id)) {
    return { value: { product: shared.product }, json: shared.json };
  }
  const { row } = shared;
  const visibility = {
    hidden: isHidden(row),
    hiddenReason: row.hidden_at != null ? row.hidden_reason : null,
    farmerSuspended: row.owner_suspended_at != null,
    oneOffOnly: row.one_off_only === 1,
  };
  return { value: { product: { ...shared.product, ...visibility } } };
}

/** Of `ids`, those that exist and `viewer` may see (a hidden one only its owner and operators). */
export async function visibleProductIds(
  { db }: Context,
  ids: readonly string[],
  viewer: ProductViewer,
): Promise<Set<string>> {
  const rows = await repo.findProducts(db, ids);
  return new Set(rows.filter((row) => !isHidden(row) || canSeeHidden(row, viewer)).map((row) => row.id));
}

export async function listProducts(
  ctx: Context,
  query: ProductListQuery,
  viewer?: ProductViewer,
): Promise<ProductList> {
  return (await prepareProductList(ctx, query, viewer)).value;
}

/**
 * A page of the shop as the route answers it. The first page of each category and sort, and of each name
 * search in them, is the shared answer (cached), with the viewer's own laid over it; a later page or the
 * Liked filter is read each time.
 */
export async function prepareProductList(
  ctx: Context,
  query: ProductListQuery,
  viewer?: ProductViewer,
): Promise<PreparedAnswer<ProductList>> {
  if (query.cursor || query.liked === "true") {
    return { value: (await readPage(ctx, query, viewer)).list };
  }
  const shared = await sharedFirstPage(ctx, query);
  const own = viewer?.operator === true || (viewer !== undefined && shared.owners.has(viewer.id));
  if (!own) return { value: shared.list, json: shared.json };
  const items = shared.list.items.map((product) =>
    seesVisibilityOf(viewer, product.userId) ? { ...product, ...SHOWN_VISIBILITY } : product,
  );
  return { value: { ...shared.list, items } };
}

/** One page of the shop read from the database, as `viewer` sees it. */
async function readPage(
  { db, now }: Context,
  query: ProductListQuery,
  viewer: ProductViewer | undefined,
): Promise<{ list: ProductList; until: number }> {
  const keyset = repo.PRODUCT_KEYSETS[query.sort];
  const rows = await repo.listProducts(db, {
    category: query.category,
    nameContains: query.q ? query.q.toLowerCase() : undefined,
    likedBy: query.liked === "true" ? viewer?.id : undefined,
    sort: query.sort,
    after: query.cursor ? decodeCursor(query.cursor, keyset) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, keyset, (row) => ({
    key: query.sort === "newest" ? row.created_at : row.price_paise,
    id: row.id,
    tier: row.stock === 0 ? 1 : 0,
  }));
  const { products, until } = await withDetails(db, page.rows, viewer, now);
  return { list: { items: products, nextCursor: page.nextCursor }, until };
}

// ---- the operator's side ----

/** Every product, hidden ones included, newest first, searched by product or farmer name. */
export async function listProductsForOperator(
  { db }: Context,
  operator: ProductViewer,
  query: z.output<typeof OperatorProductListQuerySchema>,
): Promise<ProductList> {
  const keyset = repo.OPERATOR_PRODUCTS_KEYSET;
  const rows = await repo.listAllProducts(db, {
    text: query.q ? query.q.toLowerCase() : undefined,
    status: query.status,
    after: query.cursor ? decodeCursor(query.cursor, keyset) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, keyset, (row) => ({ key: row.created_at, id: row.id }));
  return { items: await withImageWidths(db, page.rows, operator), nextCursor: page.nextCursor };
}

/**
 * Takes a product off the shop (`hidden: true`): it leaves every list and search at once and can no longer be
 * ordered; its farmer sees it hidden with the reason. Or puts it back (`hidden: false`; it stays out while its
 * farmer is suspended). Written to the audit log in the same transaction.
 */
export async function setProductHidden(
  ctx: Context,
  {
    operator,
    productId,
    hidden,
    reason,
  }: { operator: ProductViewer & Actor; productId: string; hidden: boolean; reason: string },
): Promise<Product> {
  await inTransaction(ctx, async (trxCtx) => {
    const trx = trxCtx.db;
    if (!(await repo.findProductOwner(trx, productId))) throw productNotFound();
    const changed = hidden
      ? await repo.markHidden(trx, productId, ctx.now.toISOString(), reason)
      : await repo.clearHidden(trx, productId);
    if (!changed) {
      throw hidden
        ? new AppError("already_hidden", "This product is already hidden")
        : new AppError("not_hidden", "This product is not hidden");
    }
    await recordAudit(trxCtx, {
      actor: operator,
      action: hidden ? "product.hide" : "product.unhide",
      target: { type: "product", id: productId },
      reason,
    });
  });
  await catalogueChanged(ctx);
  return getProduct(ctx, productId, operator);
}

export const countProductsSince = (db: Kysely<Database>, since?: string) =>
  repo.countProductsSince(db, since);

/** How many products exist (complete or not). */
export const countProducts = (db: Kysely<Database>) => repo.countProducts(db);

/** Inserts a product row as it is (the demo catalogue's seeding, inside its transaction). */
export const insertProductRow = (db: Kysely<Database>, row: NewProductRow) => repo.insertProduct(db, row);
