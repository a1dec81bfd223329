import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { SessionForgetting } from "../context.ts";
import type { SessionCache } from "./session-cache.ts";

/**
 * Tells every server's session cache what another server forgot, through Redis pub/sub (decision 029):
 * a logout on one server is a 401 on all of them on the very next request. Redis rather than PostgreSQL's
 * LISTEN/NOTIFY because it is already the servers' shared store (rate limits) and works whatever the
 * database (SQLite has no channel).
 *
 * The cache caches only while this server is subscribed: from the moment the subscription is lost
 * (Redis down, a network cut) until it is back, every request reads its session from the database, because
 * a logout elsewhere in between would never reach it. Messages are at most once; none is needed twice.
 */
export function connectSessionBus(
  app: FastifyInstance,
  cache: SessionCache,
  redis: Redis,
  prefix: string,
): void {
  const channel = channelOf(prefix);
  const origin = randomUUID();
  // NOTE: a connection in subscriber mode can send nothing else, so it is a second one; it resubscribes
  // itself on every reconnect (below) so that caching resumes only once the subscription is confirmed.
  const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: true });
  cache.setCaching(false);
  const lost = () => cache.setCaching(false);
  subscriber.on("close", lost);
  subscriber.on("end", lost);
  subscriber.on("reconnecting", lost);
  subscriber.on("error", (error) => app.log.warn({ err: error }, "session bus: redis error"));
  subscriber.on("ready", () => {
    subscriber.subscribe(channel).then(
      () => cache.setCaching(true),
      (error) => app.log.warn({ err: error }, "session bus: could not subscribe"),
    );
  });
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseMessage(text);
    if (message && message.origin !== origin) cache.forgetHere(message.target);
  });
  cache.broadcast = async (target) => {
    const published = redis.publish(channel, JSON.stringify({ origin, target })).then(
      () => {},
      (error) => {
        // NOTE: Redis is unreachable from here, so this server's own subscription is lost too; the others
        // lost theirs as well unless only this server's link broke (then they see the logout within 5 s).
        app.log.warn({ err: error }, "session bus: could not tell the other servers");
      },
    );
    // NOTE: waited for only while Redis answers: a request is never held up by ioredis's reconnecting.
    if (redis.status === "ready") await published;
  };
  subscriber.connect().catch(() => {
    // NOTE: ioredis retries on its own; until then the cache stays off.
  });
  app.addHook("onClose", async () => {
    cache.broadcast = async () => {};
    subscriber.disconnect();
  });
}

const channelOf = (prefix: string) => `${prefix}sessions:forget`;

/**
 * For a command run beside the servers (`npm run operator`): tells every server's session cache to forget,
 * with nothing cached of its own.
 */
export function sessionNotices(redis: Redis, prefix: string): SessionForgetting {
  return {
    forget: async (target) => {
      await redis.publish(channelOf(prefix), JSON.stringify({ origin: "command line", target }));
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

function parseMessage(text: string): z.output<typeof MessageSchema> | undefined {
  try {
    return MessageSchema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
