import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { unauthorized } from "../http/errors.ts";
import { type IssuedSession, userForSessionToken } from "./auth.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when signed out or on a public route. */
    user: User | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call (images, health): no session is looked up for it. */
    public?: boolean;
  }
}

export const sessionCookieName = (config: Pick<Config, "production">) =>
  config.production ? "__Host-vc_session" : "vc_session";

/**
 * Resolves `request.user` from the session cookie on every API request except public routes: a browser sends
 * the cookie with every <img>, and a picture needs no session query (nor does it count as activity).
 */
export function registerSessions(app: FastifyInstance, db: Db, config: Config): void {
  const cookieName = sessionCookieName(config);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config.public) return;
    const token = request.cookies[cookieName];
    if (token) request.user = await userForSessionToken(db.kysely, token, config);
  });
}

/** The signed-in user, or a 401 for a signed-out request. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized(messages.notSignedIn);
  return request.user;
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: IssuedSession): void {
  reply.setCookie(sessionCookieName(config), session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.production || reply.request.protocol === "https",
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.production || reply.request.protocol === "https",
  });
}

export function sessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}
