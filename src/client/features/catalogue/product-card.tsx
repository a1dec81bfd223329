import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { CartIcon, HeartIcon, TrashIcon } from "../../components/icons.tsx";
import { HarvestNote, NextSlotNote, StockBadge } from "../../components/produce-facts.tsx";
import { formatPackPrice } from "../../lib/produce.ts";
import { addToCartProps } from "./add-to-cart.ts";
import { categoryLabel, productDescription, productName } from "./product-labels.ts";
import { ProductNameLink, ProductPictureLink } from "./product-links.tsx";

interface ProductCardProps {
  product: Product;
  /** Only the product's owner may delete it (product rules §5). */
  canDelete: boolean;
  onDelete: (product: Product) => void;
  liked: boolean;
  onToggleLike: (productId: string) => void;
  eager?: boolean;
  /** The first card's picture: the shop's largest paint on a phone (ProductImage). */
  priority?: boolean;
}

/**
 * Add to Cart (disabled when sold out) and the heart. NOTE: Add to Cart shares its row with the heart only; the
 * owner's Delete gets a row of its own, so Add to Cart keeps one line in the grid's narrowest column (issue 25:
 * three lines at 1280 px).
 */
function CardButtons({
  product,
  liked,
  onToggleLike,
}: Pick<ProductCardProps, "product" | "liked" | "onToggleLike">) {
  const { t } = useLingui();
  const name = productName(product.name);
  return (
    <div className="mt-3 flex gap-2">
      <Button className="flex-1 whitespace-nowrap" {...addToCartProps(product)}>
        <CartIcon />
        <Trans>
          Add to Cart<span className="sr-only">: {name}</span>
        </Trans>
      </Button>
      <Button
        variant="secondary"
        aria-pressed={liked}
        aria-label={t`Like ${name}`}
        data-like={product.id}
        onClick={() => onToggleLike(product.id)}
        // NOTE: the look follows aria-pressed alone, so the boot script's like shows as the app's (decision 056).
        className="aria-pressed:!bg-rose-600 aria-pressed:!text-white aria-pressed:!ring-rose-600 aria-pressed:[&_svg]:fill-current"
      >
        <HeartIcon />
      </Button>
    </div>
  );
}

/**
 * A shop card: photo, category badge, name, description, price per unit, stock and harvest notes, Add to Cart
 * (disabled when sold out), Like and, for the owner, Delete.
 */
export function ProductCard({
  product,
  canDelete,
  onDelete,
  liked,
  onToggleLike,
  eager,
  priority,
}: ProductCardProps) {
  // NOTE: the labels (Lingui's global `t`) follow a change of language with the card.
  useLinguiContext();
  const name = productName(product.name);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-lg">
      <div className="relative aspect-[4/3] overflow-hidden bg-stone-100">
        <ProductPictureLink product={product} eager={eager} priority={priority} />
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
          {categoryLabel(product.category)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-lg font-semibold text-stone-900">
          <ProductNameLink productId={product.id}>{name}</ProductNameLink>
        </h2>
        {product.farmerName ? (
          <p className="text-xs text-stone-600">
            <Trans>by {product.farmerName}</Trans>
          </p>
        ) : null}
        <p className="mt-1 line-clamp-2 flex-1 text-sm text-stone-600">
          {productDescription(product.description)}
        </p>
        <HarvestNote harvestedOn={product.harvestedOn} className="mt-2" />
        <NextSlotNote nextSlot={product.nextSlot} className="mt-1" />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xl font-bold text-brand-800">
            {formatPackPrice(product.price || 0, product.unit)}
          </p>
          <StockBadge stock={product.stock} />
        </div>
        <CardButtons product={product} liked={liked} onToggleLike={onToggleLike} />
        {canDelete ? (
          <Button
            variant="secondary"
            onClick={() => onDelete(product)}
            className="mt-2 !text-red-700 !ring-red-700 hover:!bg-red-50"
          >
            <TrashIcon />
            <Trans>
              Delete<span className="sr-only">: {name}</span>
            </Trans>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
