import type { ShopFilters } from "./shop-filters.tsx";

/**
 * The shop's address for a choice of filters (?q=&category=&sort=&liked=, the defaults left out). The shop
 * and the boot script of a server-drawn page (src/client/boot.ts) both go there with this one rule.
 */
export function shopSearchOf(filters: ShopFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.q) search.set("q", filters.q);
  if (filters.category) search.set("category", filters.category);
  if (filters.sort !== "newest") search.set("sort", filters.sort);
  if (filters.liked) search.set("liked", "true");
  return search;
}
