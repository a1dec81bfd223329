import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

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

/** The weak ETag of an answer's bytes. */
export const etagOf = (payload: string): string =>
  `W/"${createHash("sha1").update(payload).digest("base64url")}"`;

/**
 * A catalogue answer carries a weak ETag, a hash of the JSON sent (a prepared answer sets it itself, having
 * hashed its bytes once: decision 035); asked again with that tag in
 * `If-None-Match` while the answer is unchanged, the server answers 304 with no body, so a browser
 * revalidating its copy (`no-cache`) downloads nothing. The tag is of the bytes themselves, so it changes
 * with anything in them (a product edited, stock sold, the caller's own likes) and needs no invalidation;
 * the query still runs. Only answers a browser may keep get one (a `no-store` answer is never revalidated).
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (
      reply.statusCode !== 200 ||
      typeof payload !== "string" ||
      reply.getHeader("cache-control") !== CATALOGUE_CACHE
    ) {
      return payload;
    }
    const given = reply.getHeader("etag");
    const etag = typeof given === "string" ? given : etagOf(payload);
    reply.header("etag", etag);
    if (!clientHasCurrent(request, etag)) return payload;
    reply.code(304);
    return null;
  });
}

/**
 * True when the client already holds this answer: `If-None-Match` names its tag (compared weakly, RFC 9110
 * §13.1.2, so W/ on either side does not matter) or is `*`. Used by the catalogue's ETags and the pictures.
 */
export function clientHasCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}
