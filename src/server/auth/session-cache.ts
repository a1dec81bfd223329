import type { User } from "../../shared/schemas/auth.ts";

/**
 * A short-lived, in-process cache of resolved sessions, so that most requests of a signed-in user need no
 * database round trip to know who they are (decision 012).
 *
 * - Key: the session id (SHA-256 of the cookie's token). Value: the user and the session's times.
 * - Lifetime: SESSION_CACHE_TTL_MS at most, and never past the session's own absolute or idle expiry.
 * - Invalidation: `invalidateSessions` is the ONE function every change of a session's validity calls in this
 *   instance: logout, expiry found on a lookup, password change and account suspension (by user id: all of
 *   that user's sessions, but `keep`). auth.service's `endSessions` calls it for every session it ends, so
 *   code that ends sessions through it needs nothing more; code that changes a session or an account
 *   another way (suspension) calls it itself. In this instance the change is seen at once.
 * - Other instances behind a load balancer keep their own caches: there a logout, password change or
 *   suspension takes effect within SESSION_CACHE_TTL_MS (5 s).
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

const entries = new Map<string, Entry>();

/** The cached session, if it is still fresh; undefined means: ask the database. */
export function cachedSession(sessionId: string, now: number): CachedSession | undefined {
  const entry = entries.get(sessionId);
  if (!entry) return undefined;
  if (entry.cachedUntil <= now) {
    entries.delete(sessionId);
    return undefined;
  }
  return entry;
}

/** Remembers a session just read (and found valid) from the database, for at most `ttlMs`. */
export function cacheSession(sessionId: string, session: CachedSession, now: number, ttlMs: number): void {
  if (ttlMs <= 0) return;
  if (entries.size >= MAX_ENTRIES && !entries.has(sessionId)) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.set(sessionId, { ...session, cachedUntil: now + Math.min(SESSION_CACHE_TTL_MS, ttlMs) });
}

/**
 * Forgets cached sessions at once: one session (logout, expiry) or every session of a user (password change,
 * account suspension). Call it right after the database change that ends or alters the sessions.
 */
export function invalidateSessions(target: { sessionId: string } | { userId: string; keep?: string }): void {
  if ("sessionId" in target) {
    entries.delete(target.sessionId);
    return;
  }
  for (const [sessionId, entry] of entries) {
    if (entry.user.id === target.userId && sessionId !== target.keep) entries.delete(sessionId);
  }
}
