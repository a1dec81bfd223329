import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import { AppError } from "./errors.ts";

/** A limiter made by `app.createRateLimit(...)`. */
export type RateLimiter = ReturnType<FastifyInstance["createRateLimit"]>;

/**
 * Counts this request against every limiter; the first one exceeded answers 429 `rate_limited` with
 * `Retry-After` and `message`. The one rate-limit reply of the API. Without a message of its own, it says to
 * wait a minute, or to try later when the wait is longer (an hourly limit).
 */
export async function enforceRateLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: readonly RateLimiter[],
  message?: string,
): Promise<void> {
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      const said =
        message ?? (result.ttlInSeconds > 60 ? messages.tooManyRequestsLater : messages.tooManyRequests);
      throw new AppError("rate_limited", said);
    }
  }
}

/** A preHandler that counts the request against `limiters` (see enforceRateLimits). */
export const rateLimited =
  (limiters: readonly RateLimiter[], message?: string) => (request: FastifyRequest, reply: FastifyReply) =>
    enforceRateLimits(request, reply, limiters, message);

const MINUTE_MS = 60_000;

/**
 * The e-mail address in the request's body as a limit's key: a hash of it, trimmed and lower-cased, so no
 * key in Redis or memory holds an address in clear, even after its account is deleted (issue 40 #25).
 */
export function emailKeyOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const normalized = typeof email === "string" ? email.trim().toLowerCase() : "";
  return createHash("sha256").update(normalized).digest("base64url").slice(0, 32);
}

/**
 * The limits of anything that checks a password: `perMinute` per client address, and a fifth of it per
 * account (whatever `accountKey` names), so one account's password cannot be guessed quickly.
 */
export function passwordCheckLimits(
  app: FastifyInstance,
  name: string,
  perMinute: number,
  accountKey: (request: FastifyRequest) => string,
) {
  const perClient = app.createRateLimit({
    max: perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `${name}-ip:${request.clientKey}`,
  });
  const perAccount = app.createRateLimit({
    max: Math.max(1, Math.floor(perMinute / 5)),
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `${name}-account:${accountKey(request)}`,
  });
  return rateLimited([perClient, perAccount]);
}
