import { storageKeys } from "../../shared/constants.ts";
import { createStoredList } from "./stored-list.ts";

/**
 * Liked product ids, kept in localStorage under `likedProducts` (product rules §3), oldest first. Like the cart,
 * every screen reads them through this store and other tabs' changes arrive through the `storage` event.
 * Nothing of React here: the boot script of a server-drawn page likes with this module too (decision 056).
 */
export const likesList = createStoredList<string>(storageKeys.likedProducts, (id) =>
  typeof id === "string" ? id : undefined,
);

export const readLikedProducts = likesList.read;

/** Adds the id when it is not liked yet, removes it when it is; answers whether it is liked now. */
export function toggleLike(productId: string): boolean {
  const ids = readLikedProducts();
  const liked = !ids.includes(productId);
  likesList.write(liked ? [...ids, productId] : ids.filter((id) => id !== productId));
  return liked;
}
