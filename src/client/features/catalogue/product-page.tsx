import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { CartIcon, ChevronLeftIcon, HeartIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { HarvestNote, NextSlotNote, StockBadge } from "../../components/produce-facts.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatPackPrice, isSoldOut, stockLabel } from "../../lib/produce.ts";
import { addToCartProps } from "./add-to-cart.ts";
import { BootTextsScript } from "./boot-texts-script.tsx";
import { useLikes } from "./likes.api.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productDescription, productName } from "./product-labels.ts";
import { useProduct } from "./products.api.ts";

const backLinkClass =
  "inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline focus-visible:underline";

function BackToShop() {
  return (
    <Link to="/shop" className={backLinkClass}>
      <ChevronLeftIcon className="h-5 w-5" />
      <Trans>Back to the shop</Trans>
    </Link>
  );
}

/** The product could not be shown: it is not in the shop (404), or it could not be loaded (Try again). */
function ProductUnavailable({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">
        {missing ? t`Product not found` : t`Product could not be loaded`}
      </h1>
      <p className="mt-3 text-stone-600">
        {missing
          ? t`This product does not exist or is no longer in the shop.`
          : t`Please check your connection and try again.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-4">
        {missing ? null : (
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        )}
        <BackToShop />
      </div>
    </section>
  );
}

/**
 * NOTE: the whole photo in its own proportions, a portrait one too (issue 40); at most most of the screen's
 * height, the rest of the box left plain. Cards keep cropping to 4:3.
 */
function ProductPhoto({ item }: { item: Product }) {
  const sized = Boolean(item.imageWidth && item.imageHeight);
  return (
    <div
      className={`max-h-[75vh] w-full overflow-hidden rounded-2xl bg-stone-100 ${sized ? "" : "aspect-[4/3]"}`}
      style={sized ? { aspectRatio: `${item.imageWidth} / ${item.imageHeight}` } : undefined}
    >
      <ProductImage product={item} sizes="(min-width: 768px) 480px, 95vw" priority fit="contain" />
    </div>
  );
}

/** Add to Cart (Sold out when none is left) and Like. */
function ProductActions({ item, liked, onLike }: { item: Product; liked: boolean; onLike: () => void }) {
  const { t } = useLingui();
  const soldOut = isSoldOut(item.stock);
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button className="min-h-11 flex-1" {...addToCartProps(item)}>
        <CartIcon />
        {soldOut ? t`Sold out` : t`Add to Cart`}
      </Button>
      <Button
        variant="secondary"
        // NOTE: the look follows aria-pressed alone, so the boot script's like shows as the app's (decision 056).
        className="min-h-11 aria-pressed:[&_svg]:fill-current aria-pressed:[&_svg]:text-rose-600"
        aria-pressed={liked}
        data-like={item.id}
        onClick={onLike}
      >
        <HeartIcon />
        <Trans>Like</Trans>
      </Button>
    </div>
  );
}

/** A product's own page, /products/:id: shareable, opened directly or from any card (decision 011). */
export function ProductPage({ userId }: { userId: string | null }) {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const product = useProduct(id);
  const likes = useLikes(userId);

  if (product.isPending) return <Pending label={t`Loading product...`} />;
  if (product.isError) {
    const missing = product.error instanceof ApiRequestError && product.error.status === 404;
    return <ProductUnavailable missing={missing} onRetry={() => product.refetch()} />;
  }

  const item = product.data;
  return (
    <article className="mx-auto max-w-5xl px-4 py-6">
      <BackToShop />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <ProductPhoto item={item} />
        <div className="flex flex-col">
          <span className="self-start rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
            {categoryLabel(item.category)}
          </span>
          <h1 className="mt-3 text-3xl font-extrabold text-stone-900">{productName(item.name)}</h1>
          {item.farmerName ? (
            <p className="mt-1 text-stone-600">
              <Trans>by {item.farmerName}</Trans>
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-2xl font-bold text-brand-800">{formatPackPrice(item.price || 0, item.unit)}</p>
            {stockLabel(item.stock) ? (
              <StockBadge stock={item.stock} />
            ) : (
              <span className="text-sm font-semibold text-brand-800">
                <Trans>In stock</Trans>
              </span>
            )}
          </div>
          <HarvestNote harvestedOn={item.harvestedOn} className="mt-2 text-sm" />
          <NextSlotNote nextSlot={item.nextSlot} className="mt-1" />
          <p className="mt-4 whitespace-pre-line text-stone-700">{productDescription(item.description)}</p>
          <ProductActions
            item={item}
            liked={likes.ids.includes(id)}
            onLike={() => likes.toggleLike(item.id)}
          />
        </div>
      </div>
      <BootTextsScript />
    </article>
  );
}
