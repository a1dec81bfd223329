import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { CartIcon } from "../../components/icons.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { HarvestNote, StockBadge } from "../../components/produce-facts.tsx";
import { formatPackPrice, isSoldOut } from "../../lib/produce.ts";
import { addToCartWithToast, cartProductOf } from "./add-to-cart.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productDescription, productName } from "./product-labels.ts";

/** A product's details: photo, description, price and Add to Cart (product rules §2). */
export function ProductDetailsDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalDialog title={productName(product.name)} onClose={onClose} className="max-w-2xl">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="aspect-[4/3] overflow-hidden rounded-xl bg-stone-100">
          <ProductImage product={product} sizes="(min-width: 640px) 320px, 90vw" eager />
        </div>
        <div className="flex flex-col">
          <span className="self-start rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
            {categoryLabel(product.category)}
          </span>
          {product.farmerName ? (
            <p className="mt-2 text-sm text-stone-600">
              <Trans>by {product.farmerName}</Trans>
            </p>
          ) : null}
          <p className="mt-3 flex-1 text-stone-700">{productDescription(product.description)}</p>
          <HarvestNote harvestedOn={product.harvestedOn} className="mt-3 text-sm" />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="text-2xl font-bold text-brand-800">
              {formatPackPrice(product.price || 0, product.unit)}
            </p>
            <StockBadge stock={product.stock} />
          </div>
          <Button
            className="mt-4"
            data-autofocus={isSoldOut(product.stock) ? undefined : true}
            disabled={isSoldOut(product.stock)}
            onClick={() => addToCartWithToast(cartProductOf(product))}
          >
            <CartIcon />
            {isSoldOut(product.stock) ? t`Sold out` : t`Add to Cart`}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
