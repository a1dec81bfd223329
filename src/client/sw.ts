/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest, decision 011):
 * - precaches the app shell: index.html together with the very chunks it names, so it can never serve a
 *   page that points at chunks which no longer exist; a new build waits until the user chooses Reload;
 * - answers page navigations from the server (the first screens arrive drawn), and with that shell when there
 *   is no connection, so the shop opens without one;
 * - keeps the last catalogue answers (network first) and product pictures (cache first) for offline use;
 * - never stores an answer marked `no-store` (the session, orders, messages): they stay private;
 * - sends the farmer's queued delivery-run actions on Background Sync, even with no page open (decision 046).
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StrategyHandler } from "workbox-strategies";
import { drainLocked, openRunStore } from "./features/orders/run-queue.ts";
import {
  RUN_QUEUE_CHANNEL,
  RUN_QUEUE_SENT,
  RUN_SYNC_TAG,
  sendRunAction,
} from "./features/orders/run-send.ts";
import {
  KEEP_ANSWERS,
  type KeptAnswer,
  OFFLINE_CACHES,
  OFFLINE_COPY_HEADER,
  RUN_STORE_PREFIX,
} from "./lib/offline-caches.ts";

/** Background Sync's event (Chromium's; not in TypeScript's worker types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** NOTE: past this, a connection that answers nothing counts as none (as the catalogue's network first). */
const PAGE_TIMEOUT_MS = 6000;

/**
 * A page comes from the server, which draws the first screens with their content and answers a guard's
 * redirect itself (decision 037); without a connection, the precached shell opens the shop, which the browser
 * draws from what it kept.
 */
async function pageOrShell({ request }: { request: Request }): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // NOTE: a navigation's request cannot be copied with a signal of its own, so the wait is raced instead.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), PAGE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([fetch(request), timeout]);
  } catch {
    return (await matchPrecache("/index.html")) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

// Pages the server renders itself (the API, its docs, development's outbox) are never the app's shell.
registerRoute(new NavigationRoute(pageOrShell, { denylist: [/^\/(api|dev)(\/|$)/i] }));

/** Only complete, shareable answers are kept: never an error, never one the server marked `no-store`. */
const storableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get("cache-control") ?? "")
      ? response
      : null,
};

/** NOTE: network first reads its copy only when the server was not reached; the app shows that it is offline. */
const markOfflineCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, "1");
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const DAY_SECONDS = 24 * 60 * 60;

const isCatalogueAnswer = (url: URL) =>
  url.origin === self.location.origin && /^\/api\/(products(\/[^/]+)?|deal)$/i.test(url.pathname);
const catalogue = new NetworkFirst({
  cacheName: OFFLINE_CACHES.catalogue,
  networkTimeoutSeconds: 6,
  plugins: [
    storableOnly,
    markOfflineCopy,
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS }),
  ],
});
registerRoute(({ url, request }) => request.method === "GET" && isCatalogueAnswer(url), catalogue);

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === self.location.origin && /^\/api\/images\//i.test(url.pathname),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.pictures,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    /^\/api\/deal\/image$/i.test(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pictures,
    networkTimeoutSeconds: 6,
    plugins: [storableOnly],
  }),
);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; answers?: unknown } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  // NOTE: a page the server drew came with its catalogue answers inside; the page hands them over once it runs
  // and they are kept as if fetched here, so the shop opens offline with what it showed (decision 037).
  if (data?.type === KEEP_ANSWERS && Array.isArray(data.answers)) {
    const kept = (data.answers as unknown[]).flatMap((answer) => {
      const { url, body } = (answer ?? {}) as Partial<KeptAnswer>;
      if (typeof url !== "string" || typeof body !== "string") return [];
      const request = new Request(new URL(url, self.location.origin));
      if (!isCatalogueAnswer(new URL(request.url))) return [];
      const response = new Response(body, {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-cache" },
      });
      return [new StrategyHandler(catalogue, { event, request }).cachePut(request, response)];
    });
    event.waitUntil(Promise.all(kept).catch(() => undefined));
  }
});
/**
 * Sends the delivery run's queue of every farmer database on this device (only the signed-in farmer's exists:
 * signing out deletes it), with the queue's own `drain` under the lock the pages take, the same requests
 * (run-send.ts) and in the language each action was recorded in. Open tabs are told to fetch again. Rejects
 * while actions still wait, so the browser tries again later: that is how Background Sync retries.
 */
async function sendKeptRuns(): Promise<void> {
  const names = ((await indexedDB.databases()) ?? [])
    .map((database) => database.name ?? "")
    .filter((name) => name.startsWith(RUN_STORE_PREFIX));
  let moved = 0;
  let waiting = 0;
  for (const name of names) {
    const userId = name.slice(RUN_STORE_PREFIX.length);
    // NOTE: a database deleted meanwhile (a sign-out) is not made again; the next try finds it gone.
    const store = openRunStore(userId, { existing: true });
    try {
      const result = await drainLocked(userId, store, (action) =>
        sendRunAction(action, {
          language: action.language ?? "en",
          fetch: (path, init) => fetch(path, init),
        }),
      );
      moved += result.sent + result.refused;
      waiting += result.waiting;
    } catch {
      waiting += 1;
    } finally {
      store.close();
    }
  }
  if (moved > 0) {
    const channel = new BroadcastChannel(RUN_QUEUE_CHANNEL);
    channel.postMessage(RUN_QUEUE_SENT);
    channel.close();
  }
  if (waiting > 0) throw new Error(`${waiting} delivery-run actions still wait for the server`);
}

self.addEventListener("sync", (event) => {
  if (event.tag === RUN_SYNC_TAG) event.waitUntil(sendKeptRuns());
});

clientsClaim();
