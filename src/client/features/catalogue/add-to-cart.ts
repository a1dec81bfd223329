import { toast } from "react-toastify/unstyled";
import { type CartProduct, MAX_LINE_QUANTITY } from "../../../shared/schemas/cart.ts";
import { productMessages } from "../../../shared/schemas/product-form.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { addToCart } from "../../lib/cart-store.ts";

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
  const name = product.name || "Product";
  if (result === "limit") {
    toast.info(
      product.stock === 0
        ? `${name} is sold out.`
        : `Only ${product.stock ?? MAX_LINE_QUANTITY} of ${name} can be ordered, and your cart holds them all.`,
    );
    return;
  }
  toast.success(
    result === "added" ? productMessages.addedToCart(name) : productMessages.quantityUpdated(name),
  );
}
