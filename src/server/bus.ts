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
  const lost = () => {
    subscribed = false;
    setLive(false);
    // NOTE: nothing comes back on a lost subscription: no publisher waits for it.
    for (const back of echoes.values()) back();
  };
  subscriber.on("close", lost);
  subscriber.on("end", lost);
  subscriber.on("reconnecting", lost);
  subscriber.on("error", (error) => app.log.warn({ err: error }, "bus: redis error"));
  subscriber.on("ready", () => {
    subscriber.subscribe(...byChannel.keys()).then(
      () => {
        subscribed = true;
        setLive(true);
      },
      (error) => app.log.warn({ err: error }, "bus: could not subscribe"),
    );
  });
  // NOTE: a publisher waits for its own message to come back on its subscription. Redis writes a message to
  // every subscriber in one pass, so once this server has it back every other server has it on its way too:
  // a request to another server after this one has answered finds its caches dropped. Without the wait, a
  // request answered at once by a server in the same process (the tests) or on a busy machine now and then
  // came before that server had read the message.
  const echoes = new Map<string, () => void>();
  let subscribed = false;
  subscriber.on("message", (channel: string, text: string) => {
    const member = byChannel.get(channel);
    const message = member && parse(text);
    if (!message) return;
    if (message.origin !== origin) member.receive(message);
    else if ("echo" in message && typeof message.echo === "string") echoes.get(message.echo)?.();
  });
  let closed = false;
  for (const member of members) {
    const channel = prefix + member.channel;
    member.connect(async (message) => {
      if (closed) return;
      const echo = randomUUID();
      const echoed = subscribed ? echoOf(echoes, echo) : undefined;
      const published = redis.publish(channel, JSON.stringify({ ...message, origin, echo })).then(
        () => true,
        (error) => {
          // NOTE: Redis is unreachable from here, so this server's own subscription is lost too; the others
          // lost theirs as well unless only this server's link broke (then the members' own bounds apply).
          app.log.warn({ err: error }, `bus: could not tell the other servers (${member.channel})`);
          return false;
        },
      );
      // NOTE: waited for only while Redis answers: a request is never held up by ioredis's reconnecting.
      const sent = redis.status === "ready" && (await published);
      if (!sent) echoes.get(echo)?.();
      await echoed?.wait();
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

/** How long a publisher waits for its message to come back (a lost subscription stops the wait sooner). */
const ECHO_WAIT_MS = 1_000;

/** A wait for the message `echo` to come back on this server's subscription, at most ECHO_WAIT_MS. */
function echoOf(echoes: Map<string, () => void>, echo: string) {
  let timer: NodeJS.Timeout | undefined;
  const back = new Promise<void>((resolve) => {
    echoes.set(echo, resolve);
    timer = setTimeout(resolve, ECHO_WAIT_MS);
  });
  return {
    wait: () =>
      back.finally(() => {
        clearTimeout(timer);
        echoes.delete(echo);
      }),
  };
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
