import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { clientKey } from "./client-key.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where rate limits and remembered facts are kept: Redis when REDIS_URL is set, else this process. */
    limitStore: LimitStore;
  }
  interface FastifyRequest {
    /** The client address as rate limits count it (an IPv6 address by its /64): see client-key.ts. */
    clientKey: string;
  }
}

export interface LimitStore {
  /** The Redis client every limit is counted in, or undefined for this process's memory. */
  redis: Redis | undefined;
  /** Remembers `key` for `ttlMs`. */
  remember(key: string, ttlMs: number): Promise<void>;
  has(key: string): Promise<boolean>;
}

const MEMORY_MAX_KEYS = 100_000;
/** How long a production start waits for Redis's first answer. */
const REDIS_CHECK_MS = 5000;

/**
 * A production start stops when the Redis REDIS_URL names does not answer: the servers would otherwise each
 * count limits on their own and miss each other's logouts, quietly. Outside production a missing Redis only
 * refuses the requests that need it.
 */
export async function requireRedis(redis: Redis, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_CHECK_MS} ms`)), REDIS_CHECK_MS);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    const where = new URL(url).host;
    throw new Error(
      `Invalid configuration: REDIS_URL: Redis at ${where} does not answer (${(error as Error).message})`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens the store: with `redisUrl`, every limit of every instance is counted in that Redis (keys prefixed
 * with `prefix`), so several instances behind one load balancer share them; without it, in memory.
 */
export function registerLimitStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
  prefix: string,
): LimitStore {
  let store: LimitStore;
  if (redisUrl) {
    // NOTE: one retry, so a request is not left waiting long when Redis is down; it is then refused.
    const redis = new Redis(redisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
    redis.on("error", (error) => app.log.warn({ err: error }, "redis error"));
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    store = {
      redis,
      remember: async (key, ttlMs) => {
        await redis.set(key, "1", "PX", ttlMs);
      },
      has: async (key) => (await redis.exists(key)) === 1,
    };
  } else {
    const memory = new Map<string, number>();
    store = {
      redis: undefined,
      remember: async (key, ttlMs) => {
        if (memory.size >= MEMORY_MAX_KEYS) {
          const oldest = memory.keys().next();
          if (!oldest.done) memory.delete(oldest.value);
        }
        memory.delete(key);
        memory.set(key, Date.now() + ttlMs);
      },
      has: async (key) => (memory.get(key) ?? 0) > Date.now(),
    };
  }
  app.decorate("limitStore", store);
  app.decorateRequest("clientKey", {
    // NOTE: a trusted proxy's X-Forwarded-For may carry anything; a value that is no IP address is never a key
    // (a client could pick a fresh one per request), so the peer, the proxy itself, counts instead.
    getter(this: { ip: string; socket: { remoteAddress?: string } }) {
      return clientKey(isIP(this.ip) !== 0 ? this.ip : (this.socket.remoteAddress ?? ""));
    },
  });
  return store;
}
