import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CATEGORIES, PRODUCT_SORTS } from "../../../shared/product-basics.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { LaterPart, laterPart } from "../../lib/later-part.tsx";
import { BootTextsScript } from "./boot-texts-script.tsx";
import { useLikes } from "./likes.api.ts";
import { ProductCard } from "./product-card.tsx";
import { useProductPages } from "./products.api.ts";
import { shopSearchOf } from "./shop-address.ts";
import {
  type ProductSort,
  type ShopFilters,
  ShopFiltersBar,
  type ShopFiltersChange,
} from "./shop-filters.tsx";
import { useLoadErrorToast } from "./use-load-error-toast.ts";

// NOTE: opened by a tap; its code comes once the page runs, not before it is drawn (decision 073).
const deleteDialog = laterPart(() =>
  import("./delete-product-dialog.tsx").then((m) => m.DeleteProductDialog),
);

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

/** The shop (product rules §2): every product, a page at a time, with search, category filter and sort. */
export function ShopPage({ currentUserId }: { currentUserId: string | null }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const pages = useProductPages(filters);
  const likes = useLikes(currentUserId);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
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
  const filtered = Boolean(filters.q || filters.category || filters.liked);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-stone-900 sm:text-4xl">
            <Trans>Our Products</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <Trans>Straight from the farmers who grow them.</Trans>
          </p>
        </div>
        <Link
          to="/contact"
          className="inline-flex min-h-11 items-center rounded-xl bg-white px-4 py-2 font-semibold text-brand-800 shadow-sm ring-1 ring-brand-700 hover:bg-brand-50"
        >
          <Trans>Connect with Farmers</Trans>
        </Link>
      </div>

      <div className="mt-6">
        <ShopFiltersBar filters={filters} onChange={setFilters} />
      </div>

      <div className="mt-8" aria-busy={pages.isFetching}>
        {pages.isPending ? (
          <Pending label={t`Loading products...`} />
        ) : pages.isError ? (
          <div className="rounded-2xl bg-stone-100 p-8 text-center text-stone-700">
            <p>
              <Trans>Products could not be loaded.</Trans>
            </p>
            <Button className="mt-4" onClick={() => pages.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : products.length === 0 ? (
          <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
            <p className="text-lg font-semibold text-stone-900">
              {filters.liked && !filters.q && !filters.category
                ? t`You have not liked any products yet.`
                : filtered
                  ? t`No products match your search.`
                  : t`No products available`}
            </p>
            <p className="mt-1 text-stone-600">
              {filters.liked && !filters.q && !filters.category
                ? t`Tap the heart on a product to keep it here.`
                : filtered
                  ? t`Try another word or category.`
                  : t`Be the first farmer to list your produce.`}
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {filtered ? (
                <Button variant="secondary" onClick={() => setFilters({ sort: filters.sort })}>
                  <Trans>Clear filters</Trans>
                </Button>
              ) : null}
              <Link
                to="/addProduct"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                <PlusIcon />
                <Trans>Add New Product</Trans>
              </Link>
            </div>
          </div>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {/* NOTE: a count only of the whole list: the server gives no total (a count of every match
                  would cost a query per page), and "Showing 12" of a longer list misleads (issue 25). */}
              {hasNextPage
                ? null
                : plural(products.length, { one: "Showing # product", other: "Showing # products" })}
            </p>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {products.map((product, i) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    canDelete={currentUserId !== null && product.userId === currentUserId}
                    onDelete={setDeleting}
                    liked={likes.ids.includes(product.id)}
                    onToggleLike={likes.toggleLike}
                    eager={i < 4}
                    priority={i === 0}
                  />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="mt-8 flex justify-center">
              {hasNextPage ? (
                <Button variant="secondary" onClick={loadMore} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? t`Loading more...` : t`Load more`}
                </Button>
              ) : (
                <p className="text-sm text-stone-600">
                  <Trans>You have seen every product.</Trans>
                </p>
              )}
            </div>
          </>
        )}
      </div>

      {deleting ? (
        <LaterPart
          part={deleteDialog}
          product={deleting}
          onClose={() => setDeleting(null)}
          // NOTE: the Delete button that opened the dialog is gone; focus goes to the page title, not to <body>.
          onDeleted={() => window.setTimeout(() => headingRef.current?.focus())}
        />
      ) : null}
      <BootTextsScript />
    </div>
  );
}
