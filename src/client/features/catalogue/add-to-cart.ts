import { t } from "@lingui/core/macro";
import { type CartProduct, MAX_LINE_QUANTITY } from "../../../shared/schemas/cart.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { addToCart } from "../../lib/cart-store.ts";
import { toast } from "../../lib/toast.ts";
import { productToasts } from "./product-texts.ts";

/** A product as a cart line keeps it (the product's fields, product rules §3; quantity is the cart's own). */
export const cartProductOf = (product: Product): CartProduct => ({
  id: product.id,
  name: product.name,
  price: product.price,
  image: product.image,
  description: product.description,
  category: product.category,
  userId: product.userId,
  unit: product.unit,
  stock: product.stock,
});

/** Adds one to the stored cart and says so with the product's toasts (product rules §8). */
export function addToCartWithToast(product: CartProduct): void {
  const result = addToCart(product);
  const name = product.name || t`Product`;
  if (result === "limit") {
    const most = product.stock ?? MAX_LINE_QUANTITY;
    toast.info(
      product.stock === 0
        ? t`${name} is sold out.`
        : t`Only ${most} of ${name} can be ordered, and your cart holds them all.`,
    );
    return;
  }
  toast.success(result === "added" ? productToasts.addedToCart(name) : productToasts.quantityUpdated(name));
}
