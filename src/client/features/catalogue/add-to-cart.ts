import { t } from "@lingui/core/macro";
import type { CartProduct } from "../../../shared/schemas/cart.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { addToCartSaying, type CartToastTexts } from "../../lib/cart.ts";
import { isSoldOut } from "../../lib/produce.ts";
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

/** The cart's toasts in the language shown now (said when called). */
export const cartToastTexts = (): CartToastTexts => ({
  product: t`Product`,
  addedToCart: productToasts.addedToCart,
  quantityUpdated: productToasts.quantityUpdated,
  soldOut: (name) => t`${name} is sold out.`,
  allInCart: (most, name) => t`Only ${most} of ${name} can be ordered, and your cart holds them all.`,
});

/**
 * The cart line an Add to Cart button adds, as the attribute the boot script of a server-drawn page reads
 * before the app has arrived (src/client/boot.ts, decision 056).
 */
export const bootCartProps = (product: CartProduct) => ({ "data-cart-product": JSON.stringify(product) });

/** Adds one to the stored cart and says so with the product's toasts (product rules §8). */
export function addToCartWithToast(product: CartProduct): void {
  const { kind, text } = addToCartSaying(product, cartToastTexts());
  toast[kind](text);
}

/** An Add to Cart button's props: disabled when sold out, its line for the boot script, and the click. */
export function addToCartProps(product: Product) {
  const line = cartProductOf(product);
  return {
    disabled: isSoldOut(product.stock),
    ...bootCartProps(line),
    onClick: () => addToCartWithToast(line),
  };
}
