import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { User } from "../../shared/schemas/auth.ts";
import type { Context } from "../context.ts";
import type { Database } from "../db/index.ts";
import { hashSessionToken, type IssuedSession, isOperator, publicUser } from "./accounts.ts";
import * as repo from "./auth.repository.ts";
import * as links from "./one-time-links.ts";
import * as phoneRepo from "./phone.repository.ts";
import type { SessionCache } from "./session-cache.ts";

// Sessions: started at sign-in, resolved on each request (through the cache), ended, and purged when expired.

/** Refresh last_seen_at at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionWindows {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

/** What resolving a user needs from the configuration: the session windows and the configured operators. */
export interface SessionSettings extends SessionWindows {
  operatorEmails: readonly string[];
}

export async function startSession(
  db: Kysely<Database>,
  userId: string,
  windows: SessionWindows,
  browser: string | null,
): Promise<IssuedSession> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + windows.sessionAbsoluteMs);
  await repo.insertSession(db, {
    id: hashSessionToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    browser,
  });
  return { token, expiresAt };
}

/**
 * The user a session token belongs to, or null when it is unknown, idle too long or past its expiry. Most
 * calls are answered from the server's session cache (session-cache.ts); the database is asked at least
 * every SESSION_CACHE_TTL_MS per session, which also refreshes last_seen_at when it is due.
 */
export async function userForSessionToken(
  db: Kysely<Database>,
  sessions: SessionCache,
  token: string,
  windows: SessionSettings,
): Promise<User | null> {
  const now = Date.now();
  const sessionId = hashSessionToken(token);
  const cached = sessions.get(sessionId, now);
  if (cached && cached.expiresAt > now && now - cached.lastSeenAt <= windows.sessionIdleMs)
    return cached.user;

  const live = await repo.findLiveSession(db, sessionId, new Date(now).toISOString());
  // NOTE: forgotten here only: whoever ended the session told every server (a stale cookie costs no message).
  if (!live) {
    sessions.forgetHere({ sessionId });
    return null;
  }
  let lastSeenAt = Date.parse(live.lastSeenAt);
  const idleSince = now - lastSeenAt;
  if (idleSince > windows.sessionIdleMs) {
    await repo.deleteSession(db, sessionId);
    sessions.forgetHere({ sessionId });
    return null;
  }
  if (idleSince > TOUCH_INTERVAL_MS) {
    await repo.touchSession(db, sessionId, new Date(now).toISOString());
    lastSeenAt = now;
  }
  const user = {
    ...publicUser({
      id: live.userId,
      email: live.email,
      name: live.name,
      language: live.language,
      sign_in_phone: live.signInPhone,
    }),
    operator: isOperator(live, windows),
  };
  const expiresAt = Math.min(Date.parse(live.expiresAt), lastSeenAt + windows.sessionIdleMs);
  sessions.set(sessionId, { user, lastSeenAt, expiresAt }, now, expiresAt - now);
  return user;
}

/**
 * Makes every server read the account's sessions from the database again on their next request: after an
 * operator grant or revoke, or a suspension once its transaction has committed.
 */
export const forgetCachedSessionsOf = ({ sessions }: Pick<Context, "sessions">, userId: string) =>
  sessions.forget({ userId });

export async function logOut(ctx: Context, token: string): Promise<void> {
  await endSessions(ctx, { sessionIds: [hashSessionToken(token)] });
}

/**
 * The account's name or e-mail changed: every server's session cache forgets its sessions so that the next
 * request reads the new details (see session-cache.ts).
 */
export function accountDetailsChanged(
  { sessions }: Pick<Context, "sessions">,
  userId: string,
): Promise<void> {
  return sessions.forget({ userId });
}

/**
 * The one way sessions end early (sign-out, ending a device, password change or reset, account deletion):
 * every session of `userId` except `keep`, or exactly the `sessionIds` given. Returns how many ended.
 */
export async function endSessions(
  { db, sessions }: Pick<Context, "db" | "sessions">,
  which: { userId: string; keep?: string } | { sessionIds: string[] },
): Promise<number> {
  const ended =
    "userId" in which
      ? await repo.deleteSessionsOfUser(db, which.userId, which.keep)
      : await repo.deleteSessions(db, which.sessionIds);
  // NOTE: every server's session cache forgets them at once (session-bus.ts when there are several).
  if ("userId" in which) await sessions.forget({ userId: which.userId, keep: which.keep });
  else await Promise.all(which.sessionIds.map((sessionId) => sessions.forget({ sessionId })));
  return ended;
}

export async function purgeExpiredSessions(db: Kysely<Database>, windows: SessionWindows): Promise<void> {
  const now = Date.now();
  await repo.deleteExpiredSessions(
    db,
    new Date(now).toISOString(),
    new Date(now - windows.sessionIdleMs).toISOString(),
  );
  await links.deleteExpiredLinks(db, new Date(now).toISOString());
  // NOTE: a phone code is kept an hour after it was made: the hourly limit per number counts it (issue 37).
  await phoneRepo.deleteOldPhoneCodes(db, new Date(now - 60 * 60_000).toISOString());
}
