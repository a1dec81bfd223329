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

/** The message handing the service worker the answers a server-drawn page came with (decision 037). */
export const KEEP_ANSWERS = "KEEP_ANSWERS";

/** An API answer as the server sent it: its URL and its JSON text. */
export interface KeptAnswer {
  url: string;
  body: string;
}

/**
 * Asks the service worker to keep these answers as its offline copy, once it is active. NOTE: not only the one
 * in control: on the first visit the page runs before its service worker has installed, and nothing asks for
 * these answers again while they are fresh, so the shop first opened online was missing offline (issue 40).
 */
export function keepAnswersOffline(answers: readonly KeptAnswer[]): void {
  if (answers.length === 0 || typeof navigator === "undefined" || !navigator.serviceWorker) return;
  const message = { type: KEEP_ANSWERS, answers };
  const controller = navigator.serviceWorker.controller;
  if (controller) {
    controller.postMessage(message);
    return;
  }
  // NOTE: `ready` waits for a registration's active worker; where none is ever registered it never settles.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Empties the runtime caches (the precached app shell stays). */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}
