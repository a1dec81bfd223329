import { likesList } from "./likes.ts";
import { useStoredList } from "./storage.ts";

export { readLikedProducts, toggleLike } from "./likes.ts";

/** The liked ids, re-rendering on every change in this tab or another (the rules are in likes.ts). */
export function useLikedProducts(): readonly string[] {
  return useStoredList(likesList);
}
