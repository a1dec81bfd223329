import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "../../../shared/schemas/products.ts";
import { CartIcon, EyeIcon, HeartIcon } from "../../components/icons.tsx";
import { HarvestNote, StockBadge } from "../../components/produce-facts.tsx";
import { formatUnitPrice, isSoldOut } from "../../lib/produce.ts";
import { addToCartProps } from "./add-to-cart.ts";
import { categoryLabel, productName } from "./product-labels.ts";
import { ProductNameLink, ProductPictureLink } from "./product-links.tsx";

interface ProductTileProps {
  product: Product;
  liked: boolean;
  onToggleLike: (productId: string) => void;
  onShowDetails: (product: Product) => void;
}

const likedLook = "aria-pressed:!bg-rose-600 aria-pressed:!text-white aria-pressed:[&_svg]:fill-current";

const actionClass =
  "flex h-11 w-11 items-center justify-center rounded-full bg-white text-stone-800 shadow-md ring-1 ring-stone-200 transition hover:bg-brand-700 hover:text-white";

/**
 * A dashboard grid item; its picture loads as it nears the screen (the grid is under the hero and the deal on
 * every screen size, decision 041). Its actions (like, add to cart, details) appear on hover (product rules §2), and
 * also whenever one of them has keyboard focus, and always on touch screens (hover: none) of any width.
 */
export function ProductTile({ product, liked, onToggleLike, onShowDetails }: ProductTileProps) {
  const { t } = useLingui();
  const name = productName(product.name);
  const soldOut = isSoldOut(product.stock);
  return (
    <article className="group h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-lg">
      <div className="relative aspect-[4/3] overflow-hidden bg-stone-100">
        <ProductPictureLink product={product} />
        <div className="absolute right-3 top-3 flex flex-col gap-2 transition-opacity can-hover:lg:opacity-0 can-hover:lg:group-hover:opacity-100 can-hover:lg:group-focus-within:opacity-100">
          <button
            type="button"
            aria-pressed={liked}
            aria-label={t`Like ${name}`}
            data-like={product.id}
            onClick={() => onToggleLike(product.id)}
            // NOTE: the look follows aria-pressed alone, so the boot script's like shows as the app's (decision 056).
            className={`${actionClass} ${likedLook}`}
          >
            <HeartIcon />
          </button>
          <button
            type="button"
            aria-label={soldOut ? t`${name} is sold out` : t`Add ${name} to cart`}
            {...addToCartProps(product)}
            className={`${actionClass} disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-500 disabled:hover:bg-stone-200 disabled:hover:text-stone-500`}
          >
            <CartIcon />
          </button>
          <button
            type="button"
            aria-label={t`View details of ${name}`}
            onClick={() => onShowDetails(product)}
            className={actionClass}
          >
            <EyeIcon />
          </button>
        </div>
        {/* NOTE: drawn always, shown while the heart is pressed (the boot script presses it before the app). */}
        <span className="absolute left-3 top-3 hidden h-7 w-7 group-has-[[data-like][aria-pressed=true]]:flex items-center justify-center rounded-full bg-rose-600 text-white can-hover:lg:group-hover:opacity-0 can-hover:lg:group-focus-within:opacity-0">
          <HeartIcon filled className="h-4 w-4" />
          <span className="sr-only">
            <Trans>Liked</Trans>
          </span>
        </span>
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {categoryLabel(product.category)}
        </p>
        <h3 className="mt-1 font-semibold text-stone-900">
          <ProductNameLink productId={product.id}>{name}</ProductNameLink>
        </h3>
        <HarvestNote harvestedOn={product.harvestedOn} className="mt-1" />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-lg font-bold text-brand-800">
            {formatUnitPrice(product.price || 0, product.unit)}
          </p>
          <StockBadge stock={product.stock} />
        </div>
      </div>
    </article>
  );
}
