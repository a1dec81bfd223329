import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_WIDTH } from "../../shared/photo.ts";
import { DEFAULT_IMAGE_WIDTH } from "../../shared/schemas/api.ts";
import { MAX_IMAGE_BYTES, productMessages } from "../../shared/schemas/product-form.ts";
import type { Context } from "../context.ts";
import type { Database, ImageLocation } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import type { ObjectStore } from "../object-store.ts";
import { imageQueue } from "./image-work.ts";
import * as repo from "./images.repository.ts";

/** Where a variant's bytes are kept in the bucket: one folder per image, so an image's objects go together. */
export const variantKey = (imageId: string, width: number) => `images/${imageId}/${width}.webp`;
export const imagePrefix = (imageId: string) => `images/${imageId}/`;

/** Where a service stores and reads pictures: the database, and the bucket when one is configured. */
export type PictureContext = Pick<Context, "db" | "imageObjects">;

/** Widths prepared for every image (for `srcset`); an image narrower than one of them is never upscaled. */
export const IMAGE_WIDTHS = [320, 640, MAX_IMAGE_WIDTH] as const;
export { DEFAULT_IMAGE_WIDTH };
/** Pixel-flood defence: a small file may declare a huge canvas; above this it is never decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_CONTENT_TYPE = "image/webp";
const WEBP_QUALITY = 80;

export const imageMessages = {
  type: productMessages.imageType,
  tooLarge: productMessages.imageTooLarge,
  tooManyPixels: `The image must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  unreadable: "The image could not be read. Please choose another file.",
} as const;

export const imageUrl = (imageId: string, width = DEFAULT_IMAGE_WIDTH) => `/api/images/${imageId}?w=${width}`;

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the bytes themselves declare (never the file name or the Content-Type), or null. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    // NOTE: an ISO-BMFF file names its major brand at 8 and compatible brands after 16, up to the box size.
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0));
    for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
      if (startsWith(bytes, ascii("avif"), offset) || startsWith(bytes, ascii("avis"), offset)) return "avif";
    }
  }
  return null;
}

export interface PreparedVariant {
  width: number;
  height: number;
  bytes: Buffer;
  etag: string;
}

export interface PreparedImage {
  /** Size of the largest variant. */
  width: number;
  height: number;
  variants: PreparedVariant[];
}

const etagOf = (bytes: Uint8Array) =>
  `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;

/** The widths to prepare for an image `width` pixels wide (after auto-rotation): never wider than it. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, Math.max(...IMAGE_WIDTHS));
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * Checks an upload by its content and re-encodes it: auto-rotated by its EXIF orientation, metadata stripped
 * (sharp keeps none unless asked), WebP at each prepared width. Nothing the user sent is served as it is.
 */
export function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  return imageQueue.process(() => prepareNow(bytes));
}

async function prepareNow(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("image_too_large", imageMessages.tooLarge);
  const format = sniffImageFormat(bytes);
  if (!format) throw new AppError("unsupported_image", imageMessages.type);

  let metadata: Metadata;
  try {
    // NOTE: metadata() reads the header only, so the declared size is known before any pixel is decoded.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("unreadable_image", imageMessages.unreadable);
  }
  const decodedAs = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  if (decodedAs !== format) throw new AppError("unsupported_image", imageMessages.type);
  const pageHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !pageHeight) throw new AppError("unreadable_image", imageMessages.unreadable);
  if (metadata.width * pageHeight > IMAGE_MAX_PIXELS) {
    throw new AppError("image_too_many_pixels", imageMessages.tooManyPixels);
  }

  const orientedWidth = metadata.autoOrient?.width ?? metadata.width;
  const source = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1 }).autoOrient();
  try {
    // NOTE: one variant after another: image work holds one thread of the pool at a time (image-work.ts).
    const variants: PreparedVariant[] = [];
    for (const width of variantWidths(orientedWidth)) {
      const { data, info } = await source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: data, etag: etagOf(data) });
    }
    const largest = variants.at(-1);
    if (!largest) throw new Error("no variant was made");
    return { width: largest.width, height: largest.height, variants };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) {
      throw new AppError("image_too_many_pixels", imageMessages.tooManyPixels);
    }
    throw new AppError("unreadable_image", imageMessages.unreadable);
  }
}

/** A prepared image as it is stored: its id, its owner and when. */
export interface ImageToStore {
  id: string;
  ownerId: string;
  image: PreparedImage;
  createdAt: string;
}

/** The image's row and its variants' rows (without their bytes when they are in object storage). */
function imageRows({ id, ownerId, image, createdAt }: ImageToStore, location: ImageLocation = "db") {
  const row = {
    id,
    owner_id: ownerId,
    content_type: IMAGE_CONTENT_TYPE,
    width: image.width,
    height: image.height,
    created_at: createdAt,
    location,
  };
  const variants = image.variants.map(({ width, height, bytes, etag }) => ({
    image_id: id,
    width,
    height,
    etag,
    bytes: location === "db" ? bytes : null,
  }));
  return [row, variants] as const;
}

/** Writes an image's variants to the bucket (before its rows: a row never points at missing bytes). */
export async function putVariants(
  objects: ObjectStore,
  imageId: string,
  variants: readonly { width: number; bytes: Uint8Array }[],
): Promise<void> {
  await Promise.all(
    variants.map((variant) =>
      objects.put(variantKey(imageId, variant.width), variant.bytes, IMAGE_CONTENT_TYPE),
    ),
  );
}

/**
 * Stores a prepared image (inside the caller's transaction) and returns its id: its bytes in the bucket when
 * one is configured (written first), else in the database. A caller whose transaction then fails calls
 * `dropImageObjects` with the id, so that no object is left behind.
 */
export async function saveImage(
  { db, imageObjects }: PictureContext,
  { ownerId, image, id = randomUUID() }: { ownerId: string; image: PreparedImage; id?: string },
): Promise<string> {
  if (imageObjects) await putVariants(imageObjects, id, image.variants);
  const location = imageObjects ? "s3" : "db";
  await repo.insertImage(
    db,
    ...imageRows({ id, ownerId, image, createdAt: new Date().toISOString() }, location),
  );
  return id;
}

/**
 * Runs `work`, which saves the image `imageId` in a transaction; if it fails, the objects already written
 * for that image are deleted (nothing points at them).
 */
export async function withNewImage<T>(
  ctx: Pick<Context, "imageObjects">,
  imageId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await dropImageObjects(ctx, [imageId]).catch(() => {});
    throw error;
  }
}

/**
 * Deletes the objects of images whose rows are gone (after the commit that removed them) or were never
 * written (a failed transaction). Nothing to do without a bucket.
 */
export async function dropImageObjects(
  { imageObjects }: Pick<Context, "imageObjects">,
  imageIds: readonly string[],
): Promise<void> {
  if (!imageObjects) return;
  for (const imageId of imageIds) await imageObjects.deletePrefix(imagePrefix(imageId));
}

/**
 * Stores a prepared image under a fixed id unless one with that id exists (the generated catalogue's shared
 * pictures), inside the caller's transaction.
 */
export async function saveImageIfMissing({ db }: Pick<Context, "db">, stored: ImageToStore): Promise<void> {
  await repo.insertImageIfMissing(db, ...imageRows(stored));
}

/** The prepared widths of each image, for `srcset`. */
export const imageWidths = (db: Kysely<Database>, imageIds: readonly string[]) =>
  repo.findWidthsByImage(db, imageIds);

/**
 * Deletes an image and all its variants (inside the caller's transaction); once committed, the caller hands
 * the id to `dropImageObjects` so that its objects go too.
 */
export const deleteImage = (db: Kysely<Database>, imageId: string) => repo.deleteImage(db, imageId);

/** The prepared width to serve for a request of `requested` pixels: the nearest not narrower, else the widest. */
export function pickWidth(available: readonly number[], requested: number): number | undefined {
  const sorted = [...available].sort((a, b) => a - b);
  return sorted.find((width) => width >= requested) ?? sorted[sorted.length - 1];
}

/** The variant of an image to serve for `requested` pixels (its width and ETag), or undefined. */
export async function chooseVariant({ db }: Context, imageId: string, requested: number) {
  const tags = await repo.findVariantTags(db, imageId);
  const chosen = pickWidth(
    tags.map((tag) => tag.width),
    requested,
  );
  return tags.find((tag) => tag.width === chosen);
}

/**
 * One variant's bytes and ETag, or undefined: from its row when the bytes are there, else from the bucket (a
 * picture being moved is readable at every step: see images-move.ts).
 */
export async function variantBytes({ db, imageObjects }: PictureContext, imageId: string, width: number) {
  const variant = await repo.findVariantBytes(db, imageId, width);
  if (!variant) return undefined;
  if (variant.bytes) return { etag: variant.etag, bytes: variant.bytes };
  const bytes = await imageObjects?.get(variantKey(imageId, width));
  return bytes ? { etag: variant.etag, bytes } : undefined;
}

/**
 * A copy of a stored image owned by `ownerId` (inside the caller's transaction), so that it outlives the
 * original's owner deleting it; undefined when there is no such image.
 */
export async function copyImage(
  { db, imageObjects }: PictureContext,
  { imageId, ownerId }: { imageId: string; ownerId: string },
): Promise<string | undefined> {
  const id = randomUUID();
  // NOTE: objects first, as for a new picture; an image without objects copies nothing.
  if (imageObjects && (await repo.findLocation(db, imageId)) === "s3") {
    await imageObjects.copyPrefix(imagePrefix(imageId), imagePrefix(id));
  }
  return (await repo.copyImage(db, {
    fromId: imageId,
    toId: id,
    ownerId,
    createdAt: new Date().toISOString(),
  }))
    ? id
    : undefined;
}
