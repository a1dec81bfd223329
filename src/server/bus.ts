import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/**
 * One of the in-process caches the servers keep in step through the bus: the session cache
 * (auth/session-bus.ts) and the prepared answers (answer-cache.ts).
 */
export interface BusMember {
  /** Its channel, after REDIS_PREFIX (`sessions:forget`, `answers:drop`). */
  channel: string;
  /** False from the moment the subscription is lost, true once it is confirmed again. */
  live(on: boolean): void;
  /** A message another server published on the channel (its JSON, parsed; the member checks its shape). */
  receive(message: unknown): void;
  /** Given the way to tell the other servers; resolves once Redis took the message (see below). */
  connect(publish: (message: object) => Promise<void>): void;
}

/**
 * Tells every server's caches what another server changed, through Redis pub/sub (decision 029): one
 * subscriber connection for every member, each on a channel of its own. Redis rather than PostgreSQL's
 * LISTEN/NOTIFY because it is already the servers' shared store (rate limits) and works whatever the
 * database (SQLite has no channel).
 *
 * A member caches only while this server is subscribed: from the moment the subscription is lost (Redis
 * down, a network cut) until it is back, a change elsewhere could not reach it. Messages are at most once;
 * none is needed twice.
 */
export function connectBus(
  app: FastifyInstance,
  redis: Redis,
  prefix: string,
  members: readonly BusMember[],
): void {
  const origin = randomUUID();
  const byChannel = new Map(members.map((member) => [prefix + member.channel, member]));
  // NOTE: a connection in subscriber mode can send nothing else, so it is a second one; it resubscribes
  // itself on every reconnect (below) so that caching resumes only once the subscription is confirmed.
  const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: true });
  const setLive = (on: boolean) => {
    for (const member of members) member.live(on);
  };
  setLive(false);
  const lost = () => setLive(false);
  subscriber.on("close", lost);
  subscriber.on("end", lost);
  subscriber.on("reconnecting", lost);
  subscriber.on("error", (error) => app.log.warn({ err: error }, "bus: redis error"));
  subscriber.on("ready", () => {
    subscriber.subscribe(...byChannel.keys()).then(
      () => setLive(true),
      (error) => app.log.warn({ err: error }, "bus: could not subscribe"),
    );
  });
  subscriber.on("message", (channel: string, text: string) => {
    const member = byChannel.get(channel);
    const message = member && parse(text);
    if (message && message.origin !== origin) member.receive(message);
  });
  let closed = false;
  for (const member of members) {
    const channel = prefix + member.channel;
    member.connect(async (message) => {
      if (closed) return;
      const published = redis.publish(channel, JSON.stringify({ ...message, origin })).then(
        () => {},
        (error) => {
          // NOTE: Redis is unreachable from here, so this server's own subscription is lost too; the others
          // lost theirs as well unless only this server's link broke (then the members' own bounds apply).
          app.log.warn({ err: error }, `bus: could not tell the other servers (${member.channel})`);
        },
      );
      // NOTE: waited for only while Redis answers: a request is never held up by ioredis's reconnecting.
      if (redis.status === "ready") await published;
    });
  }
  subscriber.connect().catch(() => {
    // NOTE: ioredis retries on its own; until then the members stay off.
  });
  app.addHook("onClose", async () => {
    closed = true;
    subscriber.disconnect();
  });
}

/** A message as published: JSON with the publishing server's `origin`; anything else is ignored. */
function parse(text: string): { origin: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && "origin" in value ? value : undefined;
  } catch {
    return undefined;
  }
}
