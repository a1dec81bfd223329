import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { rupeesToPaise } from "../../shared/money.ts";
import {
  type NewProductDetails,
  type NewProductFields,
  type ProductPatch,
  productMessages,
} from "../../shared/schemas/product-form.ts";
import { PRODUCT_STOCK_MAX, type Product } from "../../shared/schemas/products.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database } from "../db/index.ts";
import { runSteps } from "../db/index.ts";
import { AppError, forbidden } from "../http/index.ts";
import { deleteImage, dropImageObjects, prepareImage, saveImage, withNewImage } from "../images/index.ts";
import * as repo from "./products.repository.ts";
import { getProduct, productNotFound, withImageWidths } from "./products.service.ts";
import * as stockRepo from "./stock.repository.ts";

// A farmer's own products: listed, edited, restocked, given a new picture and deleted, theirs alone.

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
  if (await stockRepo.changeOwnedStock(db, productId, userId, change)) return;
  // NOTE: read after the refused UPDATE, only to say why; the UPDATE's own condition is what counts.
  const stock = (await runSteps(db, stockRepo.findStocks(db, [productId]))).get(productId);
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
