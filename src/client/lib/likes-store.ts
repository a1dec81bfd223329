import { useSyncExternalStore } from "react";
import { storageKeys } from "../../shared/constants.ts";
import { writeStored } from "./storage.ts";

/**
 * Liked product ids, kept in localStorage under `likedProducts` (product rules §3). Like the cart, every screen reads
 * them through this store and other tabs' changes arrive through the `storage` event.
 */
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: readonly string[] } = { raw: null, ids: [] };

function parse(raw: string | null): readonly string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function readLikedProducts(): readonly string[] {
  const raw = window.localStorage.getItem(storageKeys.likedProducts);
  if (raw !== cached.raw) cached = { raw, ids: parse(raw) };
  return cached.ids;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.likedProducts || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adds the id when it is not liked yet, removes it when it is; answers whether it is liked now. */
export function toggleLike(productId: string): boolean {
  const ids = readLikedProducts();
  const liked = !ids.includes(productId);
  writeStored(storageKeys.likedProducts, liked ? [...ids, productId] : ids.filter((id) => id !== productId));
  for (const listener of listeners) listener();
  return liked;
}

/** The liked ids, re-rendering on every change in this tab or another. */
export function useLikedProducts(): readonly string[] {
  return useSyncExternalStore(subscribe, readLikedProducts, () => []);
}
