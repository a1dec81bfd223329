import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { CategoryTiles } from "../../components/category-tiles.tsx";
import { FeatureTiles } from "../../components/feature-tiles.tsx";
import { TruckIcon } from "../../components/icons.tsx";
import { Pending, RetryButton } from "../../components/pending.tsx";
import { LaterPart, laterPart } from "../../lib/later-part.tsx";
import { BootTextsScript } from "./boot-texts-script.tsx";
import { useLikes } from "./likes.api.ts";
import { ProductTile } from "./product-tile.tsx";
import { useLatestProducts } from "./products.api.ts";
import { useLoadErrorToast } from "./use-load-error-toast.ts";

export const DASHBOARD_PRODUCT_COUNT = 8;

// NOTE: the server draws the hero and the deal; their code (and the dialog's) comes once the page runs, so
// the dashboard hydrates without it (decision 073).
const heroCarousel = laterPart(() => import("./hero-carousel.tsx").then((m) => m.HeroCarousel));
const dealOfTheDay = laterPart(() => import("./deal-of-the-day.tsx").then((m) => m.DealOfTheDay));
const detailsDialog = laterPart(() =>
  import("./product-details-dialog.tsx").then((m) => m.ProductDetailsDialog),
);

function SectionHeading({ id, title, children }: { id: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
      <h2 id={id} className="text-2xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** Home (product rules §2): hero, shipping banner, feature and category tiles, deal of the day and the product grid. */
export function DashboardPage({ userId }: { userId: string | null }) {
  const products = useLatestProducts(DASHBOARD_PRODUCT_COUNT);
  const likes = useLikes(userId);
  const [details, setDetails] = useState<Product | null>(null);
  const { t } = useLingui();
  useLoadErrorToast(products.isError);

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-6">
      <h1 className="sr-only">Veggie Cart</h1>
      <LaterPart part={heroCarousel} />

      <p className="flex items-center justify-center gap-3 rounded-2xl bg-brand-700 px-4 py-3 text-center font-semibold text-white">
        <TruckIcon className="h-6 w-6 shrink-0" />
        {/* NOTE: a no-break space, so "Rs." never ends a line without its amount. */}
        <Trans>Free shipping on orders over Rs.&nbsp;200</Trans>
      </p>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          <Trans>Why Veggie Cart</Trans>
        </h2>
        <FeatureTiles headingLevel={3} />
      </section>

      <section aria-labelledby="categories-heading">
        <SectionHeading id="categories-heading" title={t`Shop by category`} />
        <CategoryTiles />
      </section>

      <LaterPart part={dealOfTheDay} />

      <section aria-labelledby="products-heading">
        <SectionHeading id="products-heading" title={t`Fresh products`}>
          <Link
            to="/shop"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
          >
            <Trans>View all products</Trans>
          </Link>
        </SectionHeading>
        {products.isPending ? (
          <Pending label={t`Loading products...`} />
        ) : products.isError ? (
          <p className="rounded-2xl bg-stone-100 p-8 text-center text-stone-700">
            <Trans>Products could not be loaded.</Trans> <RetryButton onRetry={products.refetch} />
          </p>
        ) : products.data.items.length === 0 ? (
          <p className="rounded-2xl bg-stone-100 p-8 text-center text-stone-700">
            <Trans>No products available</Trans>
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {products.data.items.map((product) => (
              <li key={product.id}>
                <ProductTile
                  product={product}
                  liked={likes.ids.includes(product.id)}
                  onToggleLike={likes.toggleLike}
                  onShowDetails={setDetails}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {details ? <LaterPart part={detailsDialog} product={details} onClose={() => setDetails(null)} /> : null}
      <BootTextsScript />
    </div>
  );
}
