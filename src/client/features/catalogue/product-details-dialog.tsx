import { formatRupees } from "../../../shared/money.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { CartIcon } from "../../components/icons.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { addToCartWithToast, cartProductOf } from "./add-to-cart.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productDescription, productName } from "./product-labels.ts";

/** A product's details: photo, description, price and Add to Cart (SPEC §2). */
export function ProductDetailsDialog({ product, onClose }: { product: Product; onClose: () => void }) {
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
          {product.farmerName ? <p className="mt-2 text-sm text-stone-600">by {product.farmerName}</p> : null}
          <p className="mt-3 flex-1 text-stone-700">{productDescription(product.description)}</p>
          <p className="mt-4 text-2xl font-bold text-brand-800">{formatRupees(product.price || 0)}</p>
          <Button className="mt-4" data-autofocus onClick={() => addToCartWithToast(cartProductOf(product))}>
            <CartIcon />
            Add to Cart
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
