import type { User } from "../../shared/schemas/auth.ts";
import type { SessionForgetting, SessionTarget } from "../context.ts";

/**
 * A short-lived cache of resolved sessions, one per app (server), so that most requests of a signed-in user
 * need no database round trip to know who they are (decision 012).
 *
 * - Key: the session id (SHA-256 of the cookie's token). Value: the user and the session's times.
 * - Lifetime: SESSION_CACHE_TTL_MS at most, and never past the session's own absolute or idle expiry.
 * - Invalidation: `forget` is the ONE method every change of a session's validity calls: logout, expiry found
 *   on a lookup, password change or reset, ending a device, suspension, account deletion, a changed name,
 *   e-mail or operator grant (by user id: all of that user's sessions, but `keep`). auth.service's
 *   `endSessions` calls it for every session it ends, so code that ends sessions through it needs nothing
 *   more; code that changes a session or an account another way (suspension) calls it itself.
 * - Other servers: `forget` is also handed to `broadcast` (session-bus.ts: Redis pub/sub when REDIS_URL is
 *   set), and what other servers forget arrives through `forgetHere`. While that channel is lost this cache
 *   is off (every request asks the database), since another server's logout could not reach it.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Bounded, so a flood of distinct valid sessions cannot grow memory without limit (oldest out first). */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: User;
  /** Epoch milliseconds. */
  lastSeenAt: number;
  expiresAt: number;
}

interface Entry extends CachedSession {
  cachedUntil: number;
}

export class SessionCache implements SessionForgetting {
  private readonly entries = new Map<string, Entry>();
  private on = true;
  /** Tells the other servers what this one forgot; replaced by the session bus when there is one. */
  broadcast: (target: SessionTarget) => Promise<void> = async () => {};

  /** Whether sessions are cached at all (off while the channel to the other servers is lost). */
  get caching(): boolean {
    return this.on;
  }

  /** Turns caching on or off; off also empties the cache, since what it holds may have ended elsewhere. */
  setCaching(on: boolean): void {
    this.on = on;
    if (!on) this.entries.clear();
  }

  /** The cached session, if it is still fresh; undefined means: ask the database. */
  get(sessionId: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Remembers a session just read (and found valid) from the database, for at most `ttlMs`. */
  set(sessionId: string, session: CachedSession, now: number, ttlMs: number): void {
    if (ttlMs <= 0 || !this.on) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(sessionId)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { ...session, cachedUntil: now + Math.min(SESSION_CACHE_TTL_MS, ttlMs) });
  }

  /**
   * Forgets cached sessions here and on every other server; resolves once the others have been told (so the
   * answer that follows reaches the client after the message reached the other servers). Call it right after
   * the database change that ends or alters the sessions (after its commit when in a transaction).
   */
  forget(target: SessionTarget): Promise<void> {
    this.forgetHere(target);
    return this.broadcast(target);
  }

  /** Forgets cached sessions in this server only (what another server told it). */
  forgetHere(target: SessionTarget): void {
    if ("sessionId" in target) {
      this.entries.delete(target.sessionId);
      return;
    }
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === target.userId && sessionId !== target.keep) this.entries.delete(sessionId);
    }
  }
}
