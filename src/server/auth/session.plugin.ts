import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { forbidden, registerAccessControl, unauthorized } from "../http/index.ts";
import type { IssuedSession } from "./accounts.ts";
import { rememberKnownAddress } from "./known-addresses.ts";
import { SessionCache } from "./session-cache.ts";
import { logOut, userForSessionToken } from "./sessions.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This server's cache of resolved sessions (session-cache.ts). */
    sessionCache: SessionCache;
  }
}

export const sessionCookieName = (config: Pick<Config, "production">) =>
  config.production ? "__Host-vc_session" : "vc_session";

/**
 * The access gate (see http/access.ts): sessions are resolved from the cookie, and every /api route not
 * declared public answers 401 to a signed-out request. With Redis, every server's session cache hears what
 * the others forget (app.ts puts it on the bus: session-bus.ts).
 */
export function registerSessions(app: FastifyInstance, db: Db, config: Config): void {
  const sessions = new SessionCache();
  app.decorate("sessionCache", sessions);
  registerAccessControl(app, {
    publicOrigin: config.publicOrigin,
    cookieName: sessionCookieName(config),
    userForToken: (token) => userForSessionToken(db.kysely, sessions, token, config),
  });
}

/** The signed-in user, or a 401 for a signed-out request. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized(messages.notSignedIn);
  return request.user;
}

/** The signed-in operator: 401 when signed out, 403 for any other account. */
export function requireOperator(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!user.operator) throw forbidden("Only the shop's operators can do this");
  return user;
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

/**
 * A sign-in by password or by phone code: the browser's earlier session ends (it may be another account's),
 * the new one's cookie is set, and the account's address becomes known (exempt from limits others exhaust).
 */
export async function replaceSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: IssuedSession,
): Promise<void> {
  const previous = sessionToken(request, config);
  if (previous) await logOut(request.ctx, previous);
  setSessionCookie(reply, config, session);
  await rememberKnownAddress(app, request);
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
