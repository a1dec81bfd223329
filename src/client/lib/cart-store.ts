import { storageKeys } from "../../shared/constants.ts";
import {
  type CartItem,
  CartItemSchema,
  type CartProduct,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
} from "../../shared/schemas/cart.ts";
import { createStoredList, useStoredList } from "./storage.ts";

/**
 * The cart lives in localStorage under `cart` (product rules §3), saved on every change. Every screen reads it through
 * this store, and other tabs' changes arrive through the `storage` event, so two tabs stay consistent.
 */
const cart = createStoredList<CartItem>(storageKeys.cart, (entry) => {
  const parsed = CartItemSchema.safeParse(entry);
  return parsed.success ? parsed.data : undefined;
});

export const readCart = cart.read;
const saveCart = cart.write;

/** The most of a line the cart offers: the line maximum, or the stock last seen when that is lower. */
export const maxQuantityOf = (item: Pick<CartItem, "stock">): number =>
  typeof item.stock === "number" ? Math.min(MAX_LINE_QUANTITY, item.stock) : MAX_LINE_QUANTITY;

/**
 * Adds one of a product: a new line with quantity 1, or one more of an existing line. "limit" when the cart
 * already holds all the stock it last saw (or the line maximum), or the product is sold out; nothing changes.
 */
export function addToCart(product: CartProduct): "added" | "updated" | "limit" {
  const items = readCart();
  const existing = items.find((item) => item.id === product.id);
  const max = maxQuantityOf(product);
  if (existing) {
    if (existing.quantity >= max) return "limit";
    saveCart(
      items.map((item) =>
        item.id === product.id ? { ...item, ...product, quantity: item.quantity + 1 } : item,
      ),
    );
    return "updated";
  }
  if (max < MIN_LINE_QUANTITY) return "limit";
  saveCart([...items, { ...product, quantity: 1 }]);
  return "added";
}

/** Sets a line's quantity, never below 1 nor above the line maximum or the stock last seen. */
export function setCartQuantity(productId: string, quantity: number): void {
  saveCart(
    readCart().map((item) =>
      item.id === productId
        ? {
            ...item,
            quantity: Math.min(maxQuantityOf(item), Math.max(MIN_LINE_QUANTITY, Math.trunc(quantity))),
          }
        : item,
    ),
  );
}

/**
 * Remembers the stock the server last reported for products in the cart (a checkout quote), so the cart's
 * + button stops there. Quantities are left as they are: the checkout shows the problem and the shopper
 * decides. Nothing is written when nothing changed.
 */
export function rememberStock(stockById: ReadonlyMap<string, number | null>): void {
  const items = readCart();
  let changed = false;
  const next = items.map((item) => {
    if (!stockById.has(item.id)) return item;
    const stock = stockById.get(item.id) ?? null;
    if ((item.stock ?? null) === stock) return item;
    changed = true;
    return { ...item, stock };
  });
  if (changed) saveCart(next);
}

export function removeFromCart(productId: string): void {
  saveCart(readCart().filter((item) => item.id !== productId));
}

export function clearCart(): void {
  saveCart([]);
}

/** The cart's lines, re-rendering on every change in this tab or another. */
export function useCart(): readonly CartItem[] {
  return useStoredList(cart);
}
