import { useSyncExternalStore } from "react";
import { storageKeys } from "../../shared/constants.ts";
import {
  type CartItem,
  CartItemSchema,
  type CartProduct,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
} from "../../shared/schemas/cart.ts";
import { writeStored } from "./storage.ts";

/**
 * The cart lives in localStorage under `cart` (SPEC §3), saved on every change. Every screen reads it through
 * this store, and other tabs' changes arrive through the `storage` event, so two tabs stay consistent.
 */
const listeners = new Set<() => void>();
let cached: { raw: string | null; items: CartItem[] } = { raw: null, items: [] };

function parse(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const parsed = CartItemSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

export function readCart(): CartItem[] {
  const raw = window.localStorage.getItem(storageKeys.cart);
  if (raw !== cached.raw) cached = { raw, items: parse(raw) };
  return cached.items;
}

function saveCart(items: CartItem[]): void {
  writeStored(storageKeys.cart, items);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.cart || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adds one of a product: a new line with quantity 1, or one more of an existing line. */
export function addToCart(product: CartProduct): "added" | "updated" {
  const items = readCart();
  const existing = items.find((item) => item.id === product.id);
  if (existing) {
    saveCart(
      items.map((item) =>
        item.id === product.id
          ? { ...item, ...product, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + 1) }
          : item,
      ),
    );
    return "updated";
  }
  saveCart([...items, { ...product, quantity: 1 }]);
  return "added";
}

/** Sets a line's quantity, never below 1 nor above the line maximum. */
export function setCartQuantity(productId: string, quantity: number): void {
  const clamped = Math.min(MAX_LINE_QUANTITY, Math.max(MIN_LINE_QUANTITY, Math.trunc(quantity)));
  saveCart(readCart().map((item) => (item.id === productId ? { ...item, quantity: clamped } : item)));
}

export function removeFromCart(productId: string): void {
  saveCart(readCart().filter((item) => item.id !== productId));
}

export function clearCart(): void {
  saveCart([]);
}

/** The cart's lines, re-rendering on every change in this tab or another. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => []);
}
