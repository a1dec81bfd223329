import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { NewProductFields } from "../../shared/schemas/product-form.ts";
import {
  PRODUCT_SORTS,
  type Product,
  type ProductList,
  type ProductListQuerySchema,
} from "../../shared/schemas/products.ts";
import type { Database } from "../db/database.ts";
import { AppError, forbidden, notFound } from "../http/errors.ts";
import * as imagesRepo from "../images/images.repository.ts";
import { imageUrl, type PreparedImage, saveImage } from "../images/images.service.ts";
import * as repo from "./products.repository.ts";

type ProductListQuery = z.output<typeof ProductListQuerySchema>;

const productNotFound = () => notFound("This product does not exist");

/** A product as the API shows it (the spec's field names, price in rupees, the image as a URL). */
export function toApiProduct(row: repo.ProductDetailsRow, imageWidths: number[] | undefined): Product {
  return {
    id: row.id,
    name: row.name,
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
  };
}

async function withImageWidths(db: Kysely<Database>, rows: repo.ProductDetailsRow[]): Promise<Product[]> {
  const imageIds = rows.flatMap((row) => (row.image_id ? [row.image_id] : []));
  const widths = await imagesRepo.findWidthsByImage(db, imageIds);
  return rows.map((row) => toApiProduct(row, row.image_id ? widths.get(row.image_id) : undefined));
}

/** Adds a product with an image already checked and re-encoded; the image and the product land together. */
export async function createProduct(
  db: Kysely<Database>,
  ownerId: string,
  fields: NewProductFields,
  image: PreparedImage,
  createdAt = new Date(),
): Promise<Product> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const imageId = await saveImage(trx, ownerId, image);
    await repo.insertProduct(trx, {
      id,
      owner_id: ownerId,
      name: fields.name,
      price_paise: rupeesToPaise(fields.price),
      description: fields.description,
      category: fields.category,
      image_id: imageId,
      created_at: createdAt.toISOString(),
    });
  });
  return getProduct(db, id);
}

export async function getProduct(db: Kysely<Database>, id: string): Promise<Product> {
  const row = await repo.findProduct(db, id);
  if (!row) throw productNotFound();
  const [product] = await withImageWidths(db, [row]);
  return product!;
}

const CursorSchema = z.strictObject({
  s: z.enum(PRODUCT_SORTS),
  k: z.union([z.string().max(40), z.number().int().min(0)]),
  i: z.string().min(1).max(100),
});
type Cursor = z.infer<typeof CursorSchema>;

const invalidCursor = () =>
  new AppError(400, "invalid_cursor", "This page link is no longer valid; please start from the first page", {
    cursor: "Invalid cursor",
  });

/** An opaque position: base64url of the last row's sort key and id (and the sort it belongs to). */
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodeCursor(text: string, sort: repo.ProductSort): repo.KeysetPosition {
  let parsed: Cursor;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalidCursor();
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
  } catch {
    throw invalidCursor();
  }
  const keyFitsSort = sort === "newest" ? typeof parsed.k === "string" : typeof parsed.k === "number";
  if (parsed.s !== sort || !keyFitsSort) throw invalidCursor();
  return { key: parsed.k, id: parsed.i };
}

export async function listProducts(db: Kysely<Database>, query: ProductListQuery): Promise<ProductList> {
  const rows = await repo.listProducts(db, {
    category: query.category,
    nameContains: query.q ? query.q.toLowerCase() : undefined,
    sort: query.sort,
    after: query.cursor ? decodeCursor(query.cursor, query.sort) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          s: query.sort,
          k: query.sort === "newest" ? last.created_at : last.price_paise,
          i: last.id,
        })
      : null;
  return { items: await withImageWidths(db, page), nextCursor };
}

/** Deletes a product for its owner only; its image goes with it. */
export async function deleteOwnProduct(
  db: Kysely<Database>,
  userId: string,
  productId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const product = await repo.findProductOwner(trx, productId);
    if (!product) throw productNotFound();
    if (product.owner_id !== userId) throw forbidden("Only the farmer who added this product can delete it");
    // NOTE: the owner check is repeated in the DELETE itself, so a concurrent change cannot slip between them.
    if ((await repo.deleteOwnedProduct(trx, productId, userId)) === 0) throw productNotFound();
    if (product.image_id) await imagesRepo.deleteImage(trx, product.image_id);
  });
}
