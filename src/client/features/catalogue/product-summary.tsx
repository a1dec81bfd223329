import type { ReactNode } from "react";
import type { Product } from "../../../shared/schemas/products.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { ProductImage } from "./product-image.tsx";
import { categoryLabel, productName } from "./product-labels.ts";

/**
 * A product in a workspace's list (the farmer's, the operator's): its photo, name, category and price, then
 * what that list says of it (`byline` after the price, `children` below).
 */
export function ProductSummary({
  product,
  small = false,
  byline,
  children,
}: {
  product: Product;
  /** The operator's smaller photo. */
  small?: boolean;
  byline?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-4">
      <div
        className={`${small ? "h-14 w-16" : "h-16 w-20"} shrink-0 overflow-hidden rounded-lg bg-stone-100`}
      >
        <ProductImage product={product} sizes={small ? "64px" : "80px"} />
      </div>
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-stone-900">{productName(product.name)}</h3>
        <p className="text-sm text-stone-600">
          {categoryLabel(product.category)} · {formatUnitPrice(product.price, product.unit)}
          {byline}
        </p>
        {children}
      </div>
    </div>
  );
}
