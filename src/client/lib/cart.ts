import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, storageKeys } from "../../shared/constants.ts";
import type { CartItem, CartProduct } from "../../shared/schemas/cart.ts";
import { createStoredList } from "./stored-list.ts";

/*
 * The cart's rules, with nothing of React or zod in them: the app (cart-store.ts) and the boot script of a
 * server-drawn page (src/client/boot.ts, decision 056) add to the cart with this one module.
 */

const isText = (value: unknown): value is string => typeof value === "string";
const isWhole = (value: unknown): value is number => Number.isInteger(value);

/**
 * A stored line as `CartItemSchema` reads it, or undefined when the schema refuses it. NOTE: checked by hand,
 * so the boot script needs no zod; cart.test.ts holds the two to the same answers.
 */
export function readCartLine(entry: unknown): CartItem | undefined {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return undefined;
  const line = entry as Record<string, unknown>;
  const optionalText = (key: string) => line[key] === undefined || isText(line[key]);
  if (
    !isText(line.id) ||
    !isText(line.name) ||
    typeof line.price !== "number" ||
    !Number.isFinite(line.price) ||
    !isText(line.image) ||
    !optionalText("description") ||
    !optionalText("category") ||
    !optionalText("userId") ||
    !optionalText("startTime") ||
    !optionalText("unit") ||
    !isWhole(line.quantity) ||
    line.quantity < MIN_LINE_QUANTITY ||
    line.quantity > MAX_LINE_QUANTITY ||
    !(line.stock === undefined || line.stock === null || isWhole(line.stock))
  )
    return undefined;
  return {
    id: line.id,
    name: line.name,
    price: line.price,
    image: line.image,
    description: (line.description as string | undefined) ?? "",
    category: (line.category as string | undefined) ?? "",
    userId: (line.userId as string | undefined) ?? "",
    quantity: line.quantity,
    ...(line.startTime === undefined ? {} : { startTime: line.startTime as string }),
    ...(line.unit === undefined ? {} : { unit: line.unit as string }),
    ...(line.stock === undefined ? {} : { stock: line.stock as number | null }),
  };
}

/**
 * The cart lives in localStorage under `cart` (product rules §3), saved on every change. Every screen reads it through
 * this store, and other tabs' changes arrive through the `storage` event, so two tabs stay consistent.
 */
export const cartList = createStoredList<CartItem>(storageKeys.cart, readCartLine);

export const readCart = cartList.read;
const saveCart = cartList.write;

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

/** The words of the toasts adding to the cart says, in the reader's language (product rules §8). */
export interface CartToastTexts {
  /** What a product without a name is called. */
  product: string;
  addedToCart: (name: string) => string;
  quantityUpdated: (name: string) => string;
  soldOut: (name: string) => string;
  allInCart: (most: number, name: string) => string;
}

/** Adds one to the stored cart and answers the toast that says so (its kind and words). */
export function addToCartSaying(
  product: CartProduct,
  texts: CartToastTexts,
): { kind: "success" | "info"; text: string } {
  const result = addToCart(product);
  const name = product.name || texts.product;
  if (result === "limit") {
    return {
      kind: "info",
      text:
        product.stock === 0 ? texts.soldOut(name) : texts.allInCart(product.stock ?? MAX_LINE_QUANTITY, name),
    };
  }
  return {
    kind: "success",
    text: result === "added" ? texts.addedToCart(name) : texts.quantityUpdated(name),
  };
}

/** The cart's total quantity, as the header's badges show it. */
export const cartCountOf = (items: readonly CartItem[]): number =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/** The header's cart badge: the count, or nothing (the badge hidden) for an empty cart. */
export const cartBadgeText = (count: number): string => (count > 0 ? String(count) : "");

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
