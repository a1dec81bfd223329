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

/**
 * The start of the name of each farmer's own IndexedDB database, which keeps their delivery run and its
 * queued actions (features/orders/run-queue.ts, decision 046); the user id follows.
 */
export const RUN_STORE_PREFIX = "veggie-cart-run-";

/**
 * Deletes the delivery runs kept on this device: every farmer's database the browser lists, and `userId`'s
 * where it lists none. NOTE: raw IndexedDB, so signing out (on the first screen) does not load `idb`.
 */
export async function clearRunStores(userId?: string | null): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const names = new Set<string>(userId ? [`${RUN_STORE_PREFIX}${userId}`] : []);
  try {
    for (const database of (await indexedDB.databases?.()) ?? []) {
      if (database.name?.startsWith(RUN_STORE_PREFIX)) names.add(database.name);
    }
  } catch {
    // NOTE: a browser without databases() still loses the signed-in farmer's own.
  }
  await Promise.all(
    [...names].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/** Empties the runtime caches (the precached app shell stays). */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}
