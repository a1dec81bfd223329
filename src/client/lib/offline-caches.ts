/**
 * The service worker's runtime caches (src/client/sw.ts). Signing out empties them, so the next person on
 * this device does not see what the last one browsed.
 */
export const OFFLINE_CACHES = {
  catalogue: "veggie-cart-catalogue",
  pictures: "veggie-cart-pictures",
} as const;

/** A header the service worker adds to an answer it gives from its copy because the server was not reached. */
export const OFFLINE_COPY_HEADER = "x-veggie-cart-offline-copy";

/** Empties the runtime caches (the precached app shell stays). */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}
