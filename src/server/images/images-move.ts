import type { ImageLocation } from "../db/index.ts";
import type { ObjectStore } from "../object-store.ts";
import * as repo from "./images.repository.ts";
import { dropImageObjects, IMAGE_CONTENT_TYPE, type PictureContext, variantKey } from "./images.service.ts";

/** Images moved per read of the list; each is moved on its own, so a stop loses at most one step. */
const BATCH = 50;
/**
 * An object whose image has no row may belong to an upload whose transaction has not committed yet; it is
 * an orphan only once older than this.
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

export interface MoveReport {
  moved: number;
  /** Images whose bytes could not be found where their row says they are (left as they are). */
  missing: string[];
  /** Objects deleted because no image in the bucket owns them (left by a stop between two steps). */
  orphansDeleted: number;
}

/**
 * `npm run images:move -- --to s3|db`: moves every picture to the bucket or into the database while the
 * shop runs (decision 029). Each image, one at a time: its bytes are written to the target first, then its
 * row's location is switched, then the source's copy is deleted, so that a picture is readable at every
 * step (the servers read a variant's bytes from its row when they are there, else from the bucket).
 * Idempotent: run it again after a stop and it carries on, then cleans what a stop between two steps left.
 */
export async function moveImages(
  ctx: PictureContext & { imageObjects: ObjectStore },
  to: ImageLocation,
  { now = new Date(), onProgress }: { now?: Date; onProgress?: (moved: number) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, missing: [], orphansDeleted: 0 };
  const from: ImageLocation = to === "s3" ? "db" : "s3";
  let after = "";
  for (;;) {
    const ids = await repo.findImageIdsAt(ctx.db, from, after, BATCH);
    if (ids.length === 0) break;
    for (const imageId of ids) {
      const moved = to === "s3" ? await toBucket(ctx, imageId) : await toDatabase(ctx, imageId);
      if (moved === "missing") report.missing.push(imageId);
      else if (moved) report.moved += 1;
    }
    onProgress?.(report.moved);
    after = ids[ids.length - 1] ?? after;
  }
  // NOTE: what a stop between "switch" and "delete from the source" left behind.
  if (to === "s3") await repo.clearBytesInBucket(ctx.db);
  report.orphansDeleted = await deleteOrphans(ctx, now);
  return report;
}

async function toBucket(ctx: PictureContext & { imageObjects: ObjectStore }, imageId: string) {
  const variants = await repo.findVariantsOf(ctx.db, imageId);
  if (variants.some((variant) => !variant.bytes)) return "missing" as const;
  for (const variant of variants) {
    if (variant.bytes) {
      await ctx.imageObjects.put(variantKey(imageId, variant.width), variant.bytes, IMAGE_CONTENT_TYPE);
    }
  }
  if (!(await repo.switchLocation(ctx.db, imageId, "db", "s3"))) {
    // NOTE: deleted (or moved by another run) meanwhile: the objects just written belong to nobody.
    if (!(await repo.findIdsInBucket(ctx.db, [imageId])).has(imageId)) await dropImageObjects(ctx, [imageId]);
    return false;
  }
  await repo.clearVariantBytes(ctx.db, imageId);
  return true;
}

async function toDatabase(ctx: PictureContext & { imageObjects: ObjectStore }, imageId: string) {
  const variants = await repo.findVariantsOf(ctx.db, imageId);
  for (const variant of variants) {
    if (variant.bytes) continue;
    const bytes = await ctx.imageObjects.get(variantKey(imageId, variant.width));
    if (!bytes) return "missing" as const;
    await repo.setVariantBytes(ctx.db, imageId, variant.width, bytes);
  }
  if (!(await repo.switchLocation(ctx.db, imageId, "s3", "db"))) return false;
  await dropImageObjects(ctx, [imageId]);
  return true;
}

/** Deletes objects older than ORPHAN_AGE_MS whose image is gone or no longer in the bucket. */
async function deleteOrphans(
  ctx: PictureContext & { imageObjects: ObjectStore },
  now: Date,
): Promise<number> {
  const objects = await ctx.imageObjects.list("images/");
  const old = objects.filter((object) => now.getTime() - object.modifiedAt.getTime() > ORPHAN_AGE_MS);
  const byImage = new Map<string, string[]>();
  for (const object of old) {
    const imageId = /^images\/([^/]+)\//.exec(object.key)?.[1];
    if (imageId) byImage.set(imageId, [...(byImage.get(imageId) ?? []), object.key]);
  }
  const owned = await repo.findIdsInBucket(ctx.db, [...byImage.keys()]);
  const orphans = [...byImage].filter(([imageId]) => !owned.has(imageId)).flatMap(([, keys]) => keys);
  await ctx.imageObjects.deleteKeys(orphans);
  return orphans.length;
}
