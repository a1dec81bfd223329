import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ProductList, ProductListQuery } from "../../../shared/schemas/products.ts";
import { apiFetch, laterSchema } from "../../lib/api-client.ts";

// NOTE: imported with the first request, not with the screens: a drawn page's lists come with it (decision 073).
const ProductListSchema = laterSchema("ProductListSchema");

/** The shop's filters; `liked` keeps only the signed-in account's liked products. */
export type ProductFilters = Pick<ProductListQuery, "category" | "q" | "sort"> & { liked?: boolean };

export const SHOP_PAGE_SIZE = 12;

export async function fetchProducts(query: ProductListQuery, signal?: AbortSignal): Promise<ProductList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return apiFetch(`/api/products?${params}`, ProductListSchema, { signal });
}

/** Every cached product list starts with this key, so a new or deleted product refreshes them all. */
export const productsKey = ["products"] as const;

/** The shop's list, one page at a time (never the whole catalogue). */
export const productPagesQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: [...productsKey, "pages", filters],
    queryFn: ({ pageParam, signal }) =>
      fetchProducts(
        { ...filters, liked: filters.liked ? "true" : undefined, cursor: pageParam, limit: SHOP_PAGE_SIZE },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // NOTE: the server draws the shop with its first page, but a search's answers are asked for by the
    // browser, as typed (decision 037); the liked list is this browser's too.
    meta: { browserOnly: Boolean(filters.q) || filters.liked === true },
  });

export const useProductPages = (filters: ProductFilters) => useInfiniteQuery(productPagesQuery(filters));

/** The dashboard's grid: the newest few. */
export const latestProductsQuery = (limit: number) =>
  queryOptions({
    queryKey: [...productsKey, "latest", limit],
    queryFn: ({ signal }) => fetchProducts({ sort: "newest", limit }, signal),
  });

export const useLatestProducts = (limit: number) => useQuery(latestProductsQuery(limit));

/** One product (its own page, /products/:id): 404 for an unknown id or one the viewer may not see. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: [...productsKey, "one", id],
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`/api/products/${encodeURIComponent(id)}`, laterSchema("ProductResponseSchema"), {
          signal,
        })
      ).product,
  });

export const useProduct = (id: string) => useQuery(productQuery(id));
