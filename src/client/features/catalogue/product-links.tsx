import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "../../../shared/schemas/products.ts";
import { ProductImage, productGridSizes } from "./product-image.tsx";

export const productPath = (productId: string) => `/products/${encodeURIComponent(productId)}`;

/**
 * A card's name as the link to the product's page. NOTE: the padding, taken back by a negative margin, makes
 * the hit area at least 44 px high without moving the text (decision 011).
 */
export function ProductNameLink({ productId, children }: { productId: string; children: ReactNode }) {
  return (
    <Link
      to={productPath(productId)}
      className="-my-2.5 inline-block py-2.5 hover:text-brand-800 hover:underline focus-visible:underline"
    >
      {children}
    </Link>
  );
}

/**
 * A card's picture, also a way to the product's page for a pointer or a finger. NOTE: kept out of the tab
 * order: the name is the same link, so the keyboard stops once per card.
 */
export function ProductPictureLink({
  product,
  eager,
  priority,
}: {
  product: Pick<Product, "id" | "image" | "imageWidths" | "imageWidth" | "imageHeight" | "name">;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <Link to={productPath(product.id)} tabIndex={-1} className="block h-full w-full">
      <ProductImage product={product} sizes={productGridSizes} eager={eager} priority={priority} />
    </Link>
  );
}
