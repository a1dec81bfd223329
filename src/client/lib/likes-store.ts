import { storageKeys } from "../../shared/constants.ts";
import { createStoredList, useStoredList } from "./storage.ts";

/**
 * Liked product ids, kept in localStorage under `likedProducts` (product rules §3). Like the cart, every screen reads
 * them through this store and other tabs' changes arrive through the `storage` event.
 */
const likes = createStoredList<string>(storageKeys.likedProducts, (id) =>
  typeof id === "string" ? id : undefined,
);

export const readLikedProducts = likes.read;

/** Adds the id when it is not liked yet, removes it when it is; answers whether it is liked now. */
export function toggleLike(productId: string): boolean {
  const ids = readLikedProducts();
  const liked = !ids.includes(productId);
  likes.write(liked ? [...ids, productId] : ids.filter((id) => id !== productId));
  return liked;
}

/** The liked ids, re-rendering on every change in this tab or another. */
export function useLikedProducts(): readonly string[] {
  return useStoredList(likes);
}
