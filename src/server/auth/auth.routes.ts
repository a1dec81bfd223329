import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import { LoginSchema, SignupSchema } from "../../shared/schemas/auth.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError, parseWith } from "../http/errors.ts";
import { logIn, logOut, signUp } from "./auth.service.ts";
import { clearSessionCookie, requireUser, sessionToken, setSessionCookie } from "./session.plugin.ts";

const MINUTE_MS = 60_000;

export async function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  /** Per client address: slows a flood from one place. */
  const perClient = app.createRateLimit({
    max: config.authRateLimitPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  /**
   * Per account, counted per client address too: guessing one account's password is slowed, yet an
   * attacker elsewhere cannot lock its owner out.
   */
  const perAccount = app.createRateLimit({
    max: Math.max(1, Math.floor(config.authRateLimitPerMinute / 5)),
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `auth-account:${typeof email === "string" ? email.trim().toLowerCase() : ""}:${request.ip}`;
    },
  });
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limit of [perClient, perAccount]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        throw new AppError(429, "rate_limited", messages.tooManyRequests);
      }
    }
  };
  const limited = { preHandler: rateLimited };

  app.post("/signup", limited, async (request, reply) => {
    const user = await signUp(db.kysely, parseWith(SignupSchema, request.body));
    return reply.status(201).send({ user });
  });

  app.post("/login", limited, async (request, reply) => {
    const { user, session } = await logIn(db.kysely, parseWith(LoginSchema, request.body), config);
    const previous = sessionToken(request, config);
    if (previous) await logOut(db.kysely, previous);
    setSessionCookie(reply, config, session);
    return { user };
  });

  app.post("/logout", async (request, reply) => {
    requireUser(request);
    const token = sessionToken(request, config);
    if (token) await logOut(db.kysely, token);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  app.get("/me", async (request) => ({ user: requireUser(request) }));
}
