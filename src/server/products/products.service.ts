import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import { ProductResponseSchema } from "../../shared/schemas/api.ts";
import type { OperatorProductListQuerySchema } from "../../shared/schemas/operator-products.ts";
import {
  type NewProductDetails,
  type NewProductFields,
  type ProductPatch,
  productMessages,
} from "../../shared/schemas/product-form.ts";
import {
  PRODUCT_STOCK_MAX,
  type Product,
  type ProductList,
  type ProductListQuerySchema,
  ProductListSchema,
} from "../../shared/schemas/products.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database, NewProductRow } from "../db/index.ts";
import { decodeCursor, pageOf, runSteps } from "../db/index.ts";
import { AppError, etagOf, forbidden, notFound } from "../http/index.ts";
import {
  deleteImage,
  dropImageObjects,
  imageUrl,
  imageWidths,
  prepareImage,
  saveImage,
  withNewImage,
} from "../images/index.ts";
import { nextSlotsOf } from "../slots/index.ts";
import * as repo from "./products.repository.ts";

type ProductListQuery = z.output<typeof ProductListQuerySchema>;

const productNotFound = () => notFound("This product does not exist");

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
async function withImageWidths(
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

/** A harvest date after the shop's today is refused (400, beside the field): produce is listed once picked. */
function refuseFutureHarvest(harvestedOn: string | null | undefined, today: string): void {
  if (harvestedOn != null && harvestedOn > today) {
    throw new AppError("validation_failed", productMessages.harvestedOnFuture, {
      harvestedOn: productMessages.harvestedOnFuture,
    });
  }
}

/**
 * Adds a product with its picture: the upload is checked and re-encoded first (outside any transaction), then
 * the image and the product land together.
 */
export async function createProduct(
  ctx: Context,
  ownerId: string,
  fields: NewProductFields & Partial<NewProductDetails>,
  imageBytes: Buffer,
): Promise<Product> {
  const createdAt = ctx.now;
  refuseFutureHarvest(fields.harvestedOn, shopDate(createdAt, ctx.settings.shopTimeZone));
  const image = await prepareImage(imageBytes);
  const id = randomUUID();
  const imageId = randomUUID();
  await withNewImage(ctx, imageId, () =>
    inTransaction(ctx, async (trxCtx) => {
      const trx = trxCtx.db;
      await saveImage(trxCtx, { ownerId, image, id: imageId });
      await repo.insertProduct(trx, {
        id,
        owner_id: ownerId,
        name: fields.name,
        price_paise: rupeesToPaise(fields.price),
        description: fields.description,
        category: fields.category,
        image_id: imageId,
        created_at: createdAt.toISOString(),
        ...(fields.unit ? { unit: fields.unit } : {}),
        stock: fields.stock ?? null,
        harvested_on: fields.harvestedOn ?? null,
        other_names: (fields.otherNames ?? []).join("\n"),
      });
    }),
  );
  await catalogueChanged(ctx);
  return getProduct(ctx, id, { id: ownerId });
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

/** Deletes a product for its owner only; its image goes with it. */
export async function deleteOwnProduct(ctx: Context, userId: string, productId: string): Promise<void> {
  const imageId = await inTransaction(ctx, async ({ db: trx }) => {
    const product = await repo.findProductOwner(trx, productId);
    if (!product) throw productNotFound();
    if (product.owner_id !== userId) throw forbidden("Only the farmer who added this product can delete it");
    // NOTE: the owner check is repeated in the DELETE itself, so a concurrent change cannot slip between them.
    if ((await repo.deleteOwnedProduct(trx, productId, userId)) === 0) throw productNotFound();
    if (product.image_id) await deleteImage(trx, product.image_id);
    return product.image_id;
  });
  await catalogueChanged(ctx);
  // NOTE: the picture's objects go once the rows that pointed at them are gone for good.
  if (imageId) await dropImageObjects(ctx, [imageId]);
}

/** The product's owner and image, for a change by `userId`: 404 for an unknown id, 403 for anyone else. */
async function ownedProduct(db: Kysely<Database>, userId: string, productId: string) {
  const product = await repo.findProductOwner(db, productId);
  if (!product) throw productNotFound();
  if (product.owner_id !== userId) throw forbidden(productMessages.notOwner);
  return product;
}

/** 404 for an unknown product, 403 when `userId` does not own it; checked before costly work. */
export async function assertOwnProduct({ db }: Context, userId: string, productId: string) {
  await ownedProduct(db, userId, productId);
}

/**
 * The owner changes any of the editable fields. Orders already placed keep the name, price and unit they were
 * placed at (their lines are copies).
 */
export async function updateOwnProduct(
  ctx: Context,
  userId: string,
  productId: string,
  patch: ProductPatch,
): Promise<Product> {
  refuseFutureHarvest(patch.harvestedOn, shopDate(ctx.now, ctx.settings.shopTimeZone));
  await inTransaction(ctx, async ({ db: trx }) => {
    await ownedProduct(trx, userId, productId);
    const values = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.price !== undefined ? { price_paise: rupeesToPaise(patch.price) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.unit !== undefined ? { unit: patch.unit } : {}),
      ...(patch.stock !== undefined ? { stock: patch.stock } : {}),
      ...(patch.harvestedOn !== undefined ? { harvested_on: patch.harvestedOn } : {}),
      ...(patch.otherNames !== undefined ? { other_names: patch.otherNames.join("\n") } : {}),
      ...(patch.oneOffOnly !== undefined ? { one_off_only: patch.oneOffOnly ? 1 : 0 } : {}),
    };
    if (patch.stockChange !== undefined) await changeStock(trx, userId, productId, patch.stockChange);
    if (Object.keys(values).length > 0 && !(await repo.updateOwnedProduct(trx, productId, userId, values))) {
      throw productNotFound();
    }
  });
  await catalogueChanged(ctx);
  // NOTE: read as its owner, who sees it even while it is hidden: the change is stored, and an answer of 404
  // would make a client retry a relative stock change that was taken (issue 25).
  return getProduct(ctx, productId, { id: userId });
}

/**
 * Adds `change` to the stock as it is now (relative, so a sale made since the farmer last looked stays
 * counted). Refused with 409 when the stock is not counted or the result would leave 0..PRODUCT_STOCK_MAX.
 */
async function changeStock(db: Kysely<Database>, userId: string, productId: string, change: number) {
  if (await repo.changeOwnedStock(db, productId, userId, change)) return;
  // NOTE: read after the refused UPDATE, only to say why; the UPDATE's own condition is what counts.
  const stock = (await runSteps(db, repo.findStocks(db, [productId]))).get(productId);
  if (stock === undefined) throw productNotFound();
  if (stock === null) {
    throw new AppError("stock_not_tracked", productMessages.stockNotTracked, {
      stockChange: productMessages.stockNotTracked,
    });
  }
  const message =
    stock + change > PRODUCT_STOCK_MAX
      ? productMessages.stockChangeAboveMax
      : productMessages.stockChangeBelowZero(stock);
  throw new AppError("stock_out_of_range", message, { stockChange: message });
}

/** The owner replaces the photo: a new image (so a new URL, as pictures are served immutable); the old goes. */
export async function replaceOwnProductImage(
  ctx: Context,
  userId: string,
  productId: string,
  imageBytes: Buffer,
): Promise<Product> {
  const image = await prepareImage(imageBytes);
  const imageId = randomUUID();
  const oldImageId = await withNewImage(ctx, imageId, () =>
    inTransaction(ctx, async (trxCtx) => {
      const trx = trxCtx.db;
      const product = await ownedProduct(trx, userId, productId);
      await saveImage(trxCtx, { ownerId: userId, image, id: imageId });
      if (!(await repo.updateOwnedProduct(trx, productId, userId, { image_id: imageId })))
        throw productNotFound();
      if (product.image_id) await deleteImage(trx, product.image_id);
      return product.image_id;
    }),
  );
  await catalogueChanged(ctx);
  if (oldImageId) await dropImageObjects(ctx, [oldImageId]);
  return getProduct(ctx, productId, { id: userId });
}

/** Every product `ownerId` has listed (complete or not), newest first: the farmer's own stall. */
export async function listOwnProducts({ db }: Context, ownerId: string): Promise<Product[]> {
  // NOTE: the owner is the viewer, so a product an operator hid shows here as hidden, with the reason.
  return withImageWidths(db, await repo.listOwnedProducts(db, ownerId), { id: ownerId });
}

/** How many products exist (complete or not). */
export const countProducts = (db: Kysely<Database>) => repo.countProducts(db);

/** Inserts a product row as it is (the demo catalogue's seeding, inside its transaction). */
export const insertProductRow = (db: Kysely<Database>, row: NewProductRow) => repo.insertProduct(db, row);

/**
 * Stock, for placing and cancelling orders inside their transaction: take only if enough is left (one
 * conditional UPDATE), give back, and read the current stock of several products.
 */
