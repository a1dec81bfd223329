import type { FastifyReply } from "fastify";

/**
 * The catalogue (product lists and pages, the deal) is the same for every signed-in shopper: the browser and
 * the app's service worker may keep it for offline use, but must ask the server again each time it is
 * online (`no-cache`), and no shared cache may keep it (`private`). Every other API answer stays
 * `no-store` (the default of the request gate), so the service worker never keeps it (decision 011).
 */
export const CATALOGUE_CACHE = "private, no-cache";

export function allowOfflineCopy(reply: FastifyReply): void {
  reply.header("cache-control", CATALOGUE_CACHE);
}
