import type { Kysely, Transaction } from "kysely";
import type { Database, ImageLocation, ImageVariantsTable, NewImageRow } from "../db/index.ts";

export async function insertImage(db: Kysely<Database>, image: NewImageRow, variants: ImageVariantsTable[]) {
  await db.insertInto("images").values(image).execute();
  for (const variant of variants) await db.insertInto("image_variants").values(variant).execute();
}

/** Stores an image with a known id unless one with that id exists (the generated catalogue's shared pictures). */
export async function insertImageIfMissing(
  db: Kysely<Database>,
  image: NewImageRow,
  variants: ImageVariantsTable[],
) {
  const result = await db
    .insertInto("images")
    .values(image)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return;
  for (const variant of variants) await db.insertInto("image_variants").values(variant).execute();
}

/** The prepared widths of an image and their ETags, without their bytes. */
export function findVariantTags(db: Kysely<Database>, imageId: string) {
  return db
    .selectFrom("image_variants")
    .select(["width", "etag"])
    .where("image_id", "=", imageId)
    .orderBy("width")
    .execute();
}

export function findVariantBytes(db: Kysely<Database>, imageId: string, width: number) {
  return db
    .selectFrom("image_variants")
    .select(["bytes", "etag"])
    .where("image_id", "=", imageId)
    .where("width", "=", width)
    .executeTakeFirst();
}

/** The prepared widths of each image, for `srcset`. */
export async function findWidthsByImage(
  db: Kysely<Database>,
  imageIds: readonly string[],
): Promise<Map<string, number[]>> {
  const widths = new Map<string, number[]>();
  if (imageIds.length === 0) return widths;
  const rows = await db
    .selectFrom("image_variants")
    .select(["image_id", "width"])
    .where("image_id", "in", imageIds)
    .orderBy("image_id")
    .orderBy("width")
    .execute();
  for (const row of rows) {
    const list = widths.get(row.image_id) ?? [];
    list.push(row.width);
    widths.set(row.image_id, list);
  }
  return widths;
}

/** Deletes an image; its variants go with it (ON DELETE CASCADE). */
export function deleteImage(db: Kysely<Database>, imageId: string) {
  return db.deleteFrom("images").where("id", "=", imageId).execute();
}

/**
 * Account deletion's share of the pictures: the user's go, after their products (which point at them).
 * Answers their ids, whose objects the caller deletes once committed.
 */
export async function forgetUser(trx: Transaction<Database>, userId: string): Promise<string[]> {
  // NOTE: a picture a deal plan shows stays, still owned by this (anonymised) row: the plan is the shop's,
  // and its picture was copied from a product, so it holds no personal data. deal_plans is only read here.
  const rows = await trx
    .deleteFrom("images")
    .where("owner_id", "=", userId)
    .where("id", "not in", trx.selectFrom("deal_plans").select("image_id").where("image_id", "is not", null))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function findLocation(
  db: Kysely<Database>,
  imageId: string,
): Promise<ImageLocation | undefined> {
  const row = await db.selectFrom("images").select("location").where("id", "=", imageId).executeTakeFirst();
  return row?.location;
}

/**
 * Copies an image and its variants under a new id and owner, in the database itself (the bytes never leave
 * it); answers whether the image existed.
 */
export async function copyImage(
  db: Kysely<Database>,
  { fromId, toId, ownerId, createdAt }: { fromId: string; toId: string; ownerId: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto("images")
    .columns(["id", "owner_id", "content_type", "width", "height", "created_at", "location"])
    .expression((eb) =>
      eb
        .selectFrom("images")
        .select((s) => [
          s.val(toId).as("id"),
          s.val(ownerId).as("owner_id"),
          "content_type",
          "width",
          "height",
          s.val(createdAt).as("created_at"),
          "location",
        ])
        .where("id", "=", fromId),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .insertInto("image_variants")
    .columns(["image_id", "width", "height", "bytes", "etag"])
    .expression((eb) =>
      eb
        .selectFrom("image_variants")
        .select((s) => [s.val(toId).as("image_id"), "width", "height", "bytes", "etag"])
        .where("image_id", "=", fromId),
    )
    .execute();
  return true;
}

// --- moving pictures between the database and the bucket (images-move.ts) ----------------------------------

/** Up to `limit` ids of images stored at `location`, in id order after `afterId`. */
export async function findImageIdsAt(
  db: Kysely<Database>,
  location: ImageLocation,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("images")
    .select("id")
    .where("location", "=", location)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export function findVariantsOf(db: Kysely<Database>, imageId: string) {
  return db
    .selectFrom("image_variants")
    .select(["width", "bytes"])
    .where("image_id", "=", imageId)
    .orderBy("width")
    .execute();
}

export async function setVariantBytes(
  db: Kysely<Database>,
  imageId: string,
  width: number,
  bytes: Uint8Array,
): Promise<void> {
  await db
    .updateTable("image_variants")
    .set({ bytes })
    .where("image_id", "=", imageId)
    .where("width", "=", width)
    .execute();
}

/** Moves the image's row from one location to another; false when it is gone or was already moved. */
export async function switchLocation(
  db: Kysely<Database>,
  imageId: string,
  from: ImageLocation,
  to: ImageLocation,
): Promise<boolean> {
  const result = await db
    .updateTable("images")
    .set({ location: to })
    .where("id", "=", imageId)
    .where("location", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function clearVariantBytes(db: Kysely<Database>, imageId: string): Promise<void> {
  await db.updateTable("image_variants").set({ bytes: null }).where("image_id", "=", imageId).execute();
}

/** Drops from the database the bytes of every image whose location is the bucket (they are there). */
export async function clearBytesInBucket(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable("image_variants")
    .set({ bytes: null })
    .where("bytes", "is not", null)
    .where("image_id", "in", db.selectFrom("images").select("id").where("location", "=", "s3"))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Of these image ids, those whose row says their bytes are in the bucket. */
export async function findIdsInBucket(
  db: Kysely<Database>,
  imageIds: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  // NOTE: in slices, within every database's limit of bound values.
  for (let start = 0; start < imageIds.length; start += 500) {
    const rows = await db
      .selectFrom("images")
      .select("id")
      .where("id", "in", imageIds.slice(start, start + 500))
      .where("location", "=", "s3")
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
