import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../shared/messages.ts";
import { AppError } from "./errors.ts";

/** A limiter made by `app.createRateLimit(...)`. */
export type RateLimiter = ReturnType<FastifyInstance["createRateLimit"]>;

/**
 * Counts this request against every limiter; the first one exceeded answers 429 `rate_limited` with
 * `Retry-After` and `message`. The one rate-limit reply of the API.
 */
export async function enforceRateLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: readonly RateLimiter[],
  message: string,
): Promise<void> {
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new AppError("rate_limited", message);
    }
  }
}

/** A preHandler that counts the request against `limiters` (see enforceRateLimits). */
export const rateLimited =
  (limiters: readonly RateLimiter[], message: string = messages.tooManyRequests) =>
  (request: FastifyRequest, reply: FastifyReply) =>
    enforceRateLimits(request, reply, limiters, message);

const MINUTE_MS = 60_000;

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
