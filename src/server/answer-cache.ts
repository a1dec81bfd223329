import type { BusMember } from "./bus.ts";

/**
 * The catalogue's common answers kept in process memory, one cache per app (server): the first page of each
 * category and sort and of each name search in them (decision 057), each product, the deal (decision 035). Every answer is the same for every shopper; what
 * is a viewer's own (their products' hidden state, an operator's view) is laid over it by the service.
 *
 * Exact: every write that changes what the catalogue shows drops every answer (`drop`, through
 * `catalogueChanged` in context.ts) after it commits and before its HTTP answer is sent, here at once and on
 * the other servers through the bus (bus.ts), whose message Redis has taken before the answer goes.
 * - A fill is stored only if nothing was dropped since it began (the generation below): a read that began
 *   before a write and ends after it never stores what it read before the commit.
 * - Concurrent misses of one answer share one fill (no stampede), but only within a generation: a read that
 *   arrives after a drop never waits for a fill that began before it.
 * - While the bus's subscription is lost, nothing is cached (a change elsewhere could not reach this server).
 * - An answer that time alone changes (the deal at midnight, a farmer's next slot at its cut-off) says until
 *   when it holds; ANSWER_MAX_AGE_MS bounds the rest, which matters only when this server could not reach
 *   Redis to tell the others of a write (the others would otherwise never hear of it).
 */
export const ANSWER_MAX_AGE_MS = 5_000;
/** Bounded, so a crawl of every product id cannot grow memory without limit (oldest out first). */
const MAX_ENTRIES = 5_000;

/**
 * Answers of one kind that may hold fewer places than MAX_ENTRIES (oldest of the kind out first): name searches,
 * whose texts are as many as shoppers type, must not push the first pages and products out (decision 057).
 */
export interface AnswerGroup {
  name: string;
  most: number;
}

/** What a fill loads: the answer, and the instant (epoch ms) from which time alone may change it. */
export interface Fill<T> {
  value: T;
  until?: number;
}

interface Entry {
  value: unknown;
  until: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly filling = new Map<string, { generation: number; fill: Promise<Entry> }>();
  /** The keys held of each group, oldest first. */
  private readonly groups = new Map<string, Set<string>>();
  private generation = 0;
  private on = true;
  /** Tells the other servers to drop theirs; replaced by the bus when there is one. */
  broadcast: () => Promise<void> = async () => {};

  /** Whether answers are cached at all (off while the channel to the other servers is lost). */
  get caching(): boolean {
    return this.on;
  }

  /** Turns caching on or off; either way what is held goes, since it may have changed meanwhile. */
  setCaching(on: boolean): void {
    this.on = on;
    this.dropHere();
  }

  /** The answer under `key` at `now` (epoch ms): the cached one while it holds, else `load`'s. */
  async read<T>(key: string, now: number, load: () => Promise<Fill<T>>, group?: AnswerGroup): Promise<T> {
    const held = this.entries.get(key);
    if (held && held.until > now) return held.value as T;
    const generation = this.generation;
    const pending = this.filling.get(key);
    if (pending && pending.generation === generation) {
      const shared = await pending.fill;
      // NOTE: a fill that began earlier may hold only until before this read's `now`.
      if (shared.until > now) return shared.value as T;
    }
    const fill = load().then((loaded): Entry => {
      const entry = {
        value: loaded.value,
        until: Math.min(loaded.until ?? Infinity, now + ANSWER_MAX_AGE_MS),
      };
      if (this.on && this.generation === generation) this.store(key, entry, group);
      return entry;
    });
    this.filling.set(key, { generation, fill });
    try {
      return (await fill).value as T;
    } finally {
      if (this.filling.get(key)?.fill === fill) this.filling.delete(key);
    }
  }

  private store(key: string, entry: Entry, group: AnswerGroup | undefined): void {
    if (group) {
      let keys = this.groups.get(group.name);
      if (!keys) {
        keys = new Set();
        this.groups.set(group.name, keys);
      }
      // NOTE: a key another answer pushed out is forgotten here too; the group then counts only what is held.
      for (const held of keys) if (!this.entries.has(held)) keys.delete(held);
      if (keys.size >= group.most && !keys.has(key)) {
        const oldest = keys.values().next();
        if (!oldest.done) {
          keys.delete(oldest.value);
          this.entries.delete(oldest.value);
        }
      }
      keys.add(key);
    }
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  /** Drops every answer here and on every other server; resolves once Redis took the message. */
  drop(): Promise<void> {
    this.dropHere();
    return this.broadcast();
  }

  /** Drops every answer in this server only (what another server told it, or a write not yet committed). */
  dropHere(): void {
    this.generation += 1;
    this.entries.clear();
    this.filling.clear();
    this.groups.clear();
  }
}

/** The answers on the servers' bus: what one server drops, every server drops. */
export function answersBusMember(cache: AnswerCache): BusMember {
  return {
    channel: "answers:drop",
    live: (on) => cache.setCaching(on),
    receive: () => cache.dropHere(),
    connect: (publish) => {
      cache.broadcast = () => publish({});
    },
  };
}
