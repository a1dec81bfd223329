import type { FastifyInstance, FastifyRequest } from "fastify";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { messages } from "../../shared/messages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import { originOf } from "../config.ts";
import { AppError, unauthorized } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when signed out or on a public route. */
    user: User | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route. Every `/api` route needs a session unless it says otherwise here:
     * - `true`: anyone; no session is looked up (images, health: a browser sends the cookie with every
     *   <img>, and a picture needs no session query);
     * - `"with-session"`: anyone, and `request.user` is resolved when a session cookie is sent (sign-in).
     */
    public?: true | "with-session";
    /**
     * Why this state-changing route takes requests without our custom header or from another site (a payment
     * gateway's webhook, its hosted page's form): each such route proves the request some other way (a
     * signature) and says how in this reason. Never for a route that acts on a session.
     */
    crossSite?: string;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const NUL_IN_URL = /%00|\0/i;

export const nulMessage = "Text must not contain NUL characters (\\u0000)";

export interface AccessOptions {
  /** `scheme://host[:port]` browsers use to reach us; undefined compares with the request's own. */
  publicOrigin: string | undefined;
  /** The session cookie's name. */
  cookieName: string;
  /** The user a session token belongs to, or null. */
  userForToken(token: string): Promise<User | null>;
}

/**
 * The one gate every request passes, in one `onRequest` hook, before any route code runs:
 * 1. a NUL byte anywhere in the path or query string is a 400 (PostgreSQL cannot store one);
 * 2. a state-changing request must carry our custom header (a cross-site form cannot send one, and we answer
 *    no CORS preflight) and, when the browser names an origin, come from ours: scheme, host and port;
 * 3. a route under `/api` needs a session unless it is declared public: 401 otherwise.
 * It looks at the route the router matched (routing ignores case), never at the raw URL's spelling, so
 * `/API/orders` is held to the same rules as `/api/orders`. Request bodies are checked for NUL bytes in
 * `preValidation`, once they are parsed.
 */
export function registerAccessControl(app: FastifyInstance, options: AccessOptions): void {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    if (NUL_IN_URL.test(request.url)) {
      throw new AppError("validation_failed", nulMessage, { url: nulMessage });
    }
    const exempt = request.routeOptions.config?.crossSite !== undefined;
    if (!SAFE_METHODS.has(request.method) && !exempt && !sameOrigin(request, options.publicOrigin)) {
      throw new AppError("csrf_rejected", "This request did not come from Veggie Cart and was refused");
    }
    if (!isApiRoute(request)) return;
    const access = request.routeOptions.config.public;
    if (access === true) return;
    const token = request.cookies[options.cookieName];
    if (token) request.user = await options.userForToken(token);
    if (!request.user && access !== "with-session") throw unauthorized(messages.notSignedIn);
  });

  app.addHook("preValidation", async (request) => {
    const where = nulPath(request.body, "");
    if (where !== undefined) {
      throw new AppError("validation_failed", nulMessage, { [where || "_"]: nulMessage });
    }
  });

  // NOTE: an API answer is about one user at one moment; no browser or proxy may keep it. Routes that may be
  // cached (images) set their own Cache-Control.
  app.addHook("onSend", async (request, reply) => {
    if (isApiPath(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}

/** Whether the matched route is one of ours under /api (registered URLs are lower case). */
function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && (url === "/api" || url.startsWith("/api/"));
}

function isApiPath(request: FastifyRequest): boolean {
  const path = request.url.slice(0, 5).toLowerCase();
  return path === "/api/" || path === "/api" || path === "/api?";
}

function sameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (!request.headers[CSRF_HEADER]) return false;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const expected = originOf(publicOrigin ?? `${request.protocol}://${request.host}`);
  return expected !== undefined && originOf(origin) === expected;
}

/**
 * The deepest nesting a request body may have: our deepest (an order's lines) is 4 levels. Anything deeper is
 * refused before any recursive code (this check, validation) walks it: 8,000 levels, well within the body
 * limit, overflowed the stack (issue 25).
 */
export const MAX_BODY_DEPTH = 32;

/** The path of the first string (or key) holding a NUL byte, e.g. "items.0.name", or undefined. */
export function nulPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (depth >= MAX_BODY_DEPTH) {
    throw new AppError("bad_request", `The request is nested more than ${MAX_BODY_DEPTH} levels deep`);
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes("\0")) return childPath;
    const found = nulPath(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
