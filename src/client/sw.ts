/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest, decision 011):
 * - precaches the app shell: index.html together with the very chunks it names, so it can never serve a
 *   page that points at chunks which no longer exist; a new build waits until the user chooses Reload;
 * - answers page navigations with that shell, so the shop opens without a connection;
 * - keeps the last catalogue answers (network first) and product pictures (cache first) for offline use;
 * - never stores an answer marked `no-store` (the session, orders, messages): they stay private.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { OFFLINE_CACHES, OFFLINE_COPY_HEADER } from "./lib/offline-caches.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages the server renders itself (the API, its docs, development's outbox) are never the app's shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/(api|dev)(\/|$)/i] }),
);

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

registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    /^\/api\/(products(\/[^/]+)?|deal)$/i.test(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.catalogue,
    networkTimeoutSeconds: 6,
    plugins: [
      storableOnly,
      markOfflineCopy,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY_SECONDS }),
    ],
  }),
);

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
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
clientsClaim();
