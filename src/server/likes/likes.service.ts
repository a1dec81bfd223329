import { likeMessages, MAX_LIKES } from "../../shared/schemas/likes.ts";
import type { Context } from "../context.ts";
import { AppError } from "../http/index.ts";
import { getProduct, type ProductViewer, visibleProductIds } from "../products/index.ts";
import * as repo from "./likes.repository.ts";

/**
 * Likes kept on the account (decision 011): the browser's `likedProducts` list is merged in once on sign-in,
 * and from then on the account is the source of truth. A like names a product the shopper can see; a
 * product's likes go when it is deleted (the foreign key cascades).
 */
export const listLikes = ({ db }: Context, userId: string) => repo.listLikedProductIds(db, userId);

const tooMany = () => new AppError("too_many_likes", likeMessages.tooMany);

/** Likes a product the viewer can see (else 404); liking it again changes nothing. */
export async function likeProduct(ctx: Context, viewer: ProductViewer, productId: string) {
  const { db } = ctx;
  await getProduct(ctx, productId, viewer);
  if (await repo.isLiked(db, viewer.id, productId)) return;
  // NOTE: a soft cap: two likes sent at the same moment at the limit may both land; it bounds the list's
  // size, it is not a rule anyone relies on to the unit.
  if ((await repo.countLikes(db, viewer.id)) >= MAX_LIKES) throw tooMany();
  await repo.insertLikes(db, [
    { user_id: viewer.id, product_id: productId, created_at: ctx.now.toISOString() },
  ]);
}

/** Unlikes a product; unliking one that is not liked (or no longer exists) changes nothing. */
export const unlikeProduct = ({ db }: Context, userId: string, productId: string) =>
  repo.deleteLike(db, userId, productId);

/**
 * Adds the browser's list (oldest like first, as the browser keeps it) to the account's likes and answers
 * the account's whole list. Ids of products that are gone or hidden are skipped; what does not fit under
 * MAX_LIKES is left out, the browser's oldest kept first.
 */
export async function mergeLikes(
  ctx: Context,
  viewer: ProductViewer,
  productIds: readonly string[],
): Promise<string[]> {
  const { db } = ctx;
  const wanted = [...new Set(productIds)];
  const [visible, existing] = await Promise.all([
    visibleProductIds(ctx, wanted, viewer),
    repo.listLikedProductIds(db, viewer.id).then((ids) => new Set(ids)),
  ]);
  const room = Math.max(0, MAX_LIKES - existing.size);
  const added = wanted.filter((id) => visible.has(id) && !existing.has(id)).slice(0, room);
  // Later in the browser's list is a later like, so the account lists them newest first as well; all of them
  // after the account's own likes (a like made in the same millisecond as the merge would otherwise tie).
  const latest = await repo.latestLikeAt(db, viewer.id);
  const now = Math.max(ctx.now.getTime(), latest === null ? 0 : Date.parse(latest) + added.length);
  await repo.insertLikes(
    db,
    added.map((productId, i) => ({
      user_id: viewer.id,
      product_id: productId,
      created_at: new Date(now - (added.length - 1 - i)).toISOString(),
    })),
  );
  return repo.listLikedProductIds(db, viewer.id);
}
