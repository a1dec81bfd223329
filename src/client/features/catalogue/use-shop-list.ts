import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { CATEGORIES, PRODUCT_SORTS } from "../../../shared/product-basics.ts";
import { useProductPages } from "./products.api.ts";
import { shopSearchOf } from "./shop-address.ts";
import type { ProductSort, ShopFilters, ShopFiltersChange } from "./shop-filters.tsx";
import { useLoadErrorToast } from "./use-load-error-toast.ts";

function filtersFrom(params: URLSearchParams): ShopFilters {
  const category = CATEGORIES.find((known) => known === params.get("category"));
  const sort = params.get("sort");
  const q = params.get("q")?.trim().slice(0, 100);
  return {
    category,
    q: q || undefined,
    sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : "newest",
    liked: params.get("liked") === "true" || undefined,
  };
}

/** Loads the next page when the end of the list scrolls near (the Load more button does the same). */
function useLoadWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onVisible, enabled]);
  return ref;
}

/**
 * The shop's list: the filters the address holds (a choice is a history entry, `replace` as a search is
 * typed), its products a page at a time, and the next page loaded by the button or once its end scrolls near.
 */
export function useShopList() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const pages = useProductPages(filters);
  useLoadErrorToast(pages.isError);

  const setFilters = useCallback<ShopFiltersChange>(
    (next, options) => {
      setParams(shopSearchOf(next), { replace: options?.replace ?? false });
    },
    [setParams],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useLoadWhenVisible(loadMore, Boolean(hasNextPage) && !pages.isFetchNextPageError);

  const products = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return { filters, setFilters, pages, products, loadMore, sentinel };
}

export type ShopList = ReturnType<typeof useShopList>;
