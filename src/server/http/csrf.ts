import type { FastifyInstance } from "fastify";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { AppError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing API request must carry our custom header (a cross-site form cannot send one, and we
 * answer no CORS preflight) and, when the browser names an origin, come from our own.
 */
export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const fetchSite = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const crossSite = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    const foreignOrigin = origin !== undefined && hostOf(origin) !== request.host;
    if (!request.headers[CSRF_HEADER] || crossSite || foreignOrigin) {
      throw new AppError(403, "csrf_rejected", "This request did not come from Veggie Cart and was refused");
    }
  });
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
