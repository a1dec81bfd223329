import type { Redis } from "ioredis";
import { z } from "zod";
import type { BusMember } from "../bus.ts";
import type { SessionForgetting } from "../context.ts";
import type { SessionCache } from "./session-cache.ts";

const CHANNEL = "sessions:forget";

/**
 * The session cache on the servers' bus (bus.ts, decision 029): a logout on one server is a 401 on all of
 * them on the very next request. The cache caches only while this server is subscribed: from the moment the
 * subscription is lost until it is back, every request reads its session from the database, because a
 * logout elsewhere in between would never reach it.
 */
export function sessionBusMember(cache: SessionCache): BusMember {
  return {
    channel: CHANNEL,
    live: (on) => cache.setCaching(on),
    receive: (message) => {
      const parsed = MessageSchema.safeParse(message);
      if (parsed.success) cache.forgetHere(parsed.data.target);
    },
    connect: (publish) => {
      cache.broadcast = (target) => publish({ target });
    },
  };
}

/**
 * For a command run beside the servers (`npm run operator`): tells every server's session cache to forget,
 * with nothing cached of its own.
 */
export function sessionNotices(redis: Redis, prefix: string): SessionForgetting {
  return {
    forget: async (target) => {
      await redis.publish(prefix + CHANNEL, JSON.stringify({ origin: "command line", target }));
    },
  };
}

/** What servers tell each other; anything else on the channel is ignored. */
const MessageSchema = z.object({
  origin: z.string(),
  target: z.union([
    z.object({ sessionId: z.string() }),
    z.object({ userId: z.string(), keep: z.string().optional() }),
  ]),
});
