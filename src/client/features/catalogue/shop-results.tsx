import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { PlusIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import type { useLikes } from "./likes.api.ts";
import { ProductCard } from "./product-card.tsx";
import type { ShopFilters } from "./shop-filters.tsx";
import type { ShopList } from "./use-shop-list.ts";

/** No product to show: none liked yet, none matching the search, or none at all; and what to do then. */
function ShopEmpty({ filters, onClear }: { filters: ShopFilters; onClear: () => void }) {
  const { t } = useLingui();
  const filtered = Boolean(filters.q || filters.category || filters.liked);
  const [title, hint] =
    filters.liked && !filters.q && !filters.category
      ? [t`You have not liked any products yet.`, t`Tap the heart on a product to keep it here.`]
      : filtered
        ? [t`No products match your search.`, t`Try another word or category.`]
        : [t`No products available`, t`Be the first farmer to list your produce.`];
  return (
    <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      <p className="mt-1 text-stone-600">{hint}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {filtered ? (
          <Button variant="secondary" onClick={onClear}>
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
  );
}

/** Below the list: Load more while there are more pages, else that every product is shown. */
function ListEnd({ shop }: { shop: ShopList }) {
  const { t } = useLingui();
  const { hasNextPage, isFetchingNextPage } = shop.pages;
  return (
    <div ref={shop.sentinel} className="mt-8 flex justify-center">
      {hasNextPage ? (
        <Button variant="secondary" onClick={shop.loadMore} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? t`Loading more...` : t`Load more`}
        </Button>
      ) : (
        <p className="text-sm text-stone-600">
          <Trans>You have seen every product.</Trans>
        </p>
      )}
    </div>
  );
}

/** The products' cards; the owner's have Delete. */
function ShopGrid({
  shop,
  currentUserId,
  likes,
  onDelete,
}: {
  shop: ShopList;
  currentUserId: string | null;
  likes: ReturnType<typeof useLikes>;
  onDelete: (product: Product) => void;
}) {
  const { products } = shop;
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {/* NOTE: a count only of the whole list: the server gives no total (a count of every match
            would cost a query per page), and "Showing 12" of a longer list misleads (issue 25). */}
        {shop.pages.hasNextPage
          ? null
          : plural(products.length, { one: "Showing # product", other: "Showing # products" })}
      </p>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              canDelete={currentUserId !== null && product.userId === currentUserId}
              onDelete={onDelete}
              liked={likes.ids.includes(product.id)}
              onToggleLike={likes.toggleLike}
              eager={i < 4}
              priority={i === 0}
            />
          </li>
        ))}
      </ul>
      <ListEnd shop={shop} />
    </>
  );
}

/** The list's state: loading, failed (Try again), empty, or the cards. */
export function ShopResults(props: Parameters<typeof ShopGrid>[0]) {
  const { t } = useLingui();
  const { shop } = props;
  if (shop.pages.isPending) return <Pending label={t`Loading products...`} />;
  if (shop.pages.isError) {
    return (
      <div className="rounded-2xl bg-stone-100 p-8 text-center text-stone-700">
        <p>
          <Trans>Products could not be loaded.</Trans>
        </p>
        <Button className="mt-4" onClick={() => shop.pages.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (shop.products.length === 0) {
    return <ShopEmpty filters={shop.filters} onClear={() => shop.setFilters({ sort: shop.filters.sort })} />;
  }
  return <ShopGrid {...props} />;
}
