import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { messages } from "../../shared/messages.ts";
import type { LoginSchema, SignupSchema, User } from "../../shared/schemas/auth.ts";
import type { Database } from "../db/database.ts";
import { conflict, unauthorized } from "../http/errors.ts";
import * as repo from "./auth.repository.ts";

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Refresh last_seen_at at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionWindows {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the e-mail is unknown, so both failures cost the same time. */
function timingDummyHash() {
  dummyHash ??= hash(randomBytes(16).toString("hex"), ARGON2_OPTIONS);
  return dummyHash;
}

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint/.test(e.message ?? "")
  );
}

export async function signUp(db: Kysely<Database>, input: z.output<typeof SignupSchema>): Promise<User> {
  const user = {
    id: randomUUID(),
    email: input.email,
    name: input.name,
    password_hash: await hash(input.password, ARGON2_OPTIONS),
    created_at: new Date().toISOString(),
  };
  try {
    await repo.insertUser(db, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.emailTaken, "email_taken");
    throw error;
  }
  return { id: user.id, email: user.email, name: user.name };
}

/**
 * Verifies a password against a stored hash. An unknown e-mail, or an account that must never sign in (its
 * hash is not argon2, e.g. the demo farmer's), still costs one verification against a dummy hash, so the
 * answer's timing does not reveal which accounts exist; verify() itself would throw on a non-argon2 hash.
 */
async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  const usable = storedHash?.startsWith("$argon2") === true;
  const ok = await verify(usable ? storedHash! : await timingDummyHash(), password).catch(() => false);
  return usable && ok;
}

/** Checks the credentials; any mismatch is the same 401 with the same message. */
export async function logIn(
  db: Kysely<Database>,
  input: z.output<typeof LoginSchema>,
  windows: SessionWindows,
): Promise<{ user: User; session: IssuedSession }> {
  const row = await repo.findUserByEmail(db, input.email);
  const passwordOk = await passwordMatches(row?.password_hash, input.password);
  if (!row || !passwordOk) throw unauthorized(messages.wrongCredentials);
  const session = await startSession(db, row.id, windows);
  return { user: { id: row.id, email: row.email, name: row.name }, session };
}

async function startSession(
  db: Kysely<Database>,
  userId: string,
  windows: SessionWindows,
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
  });
  return { token, expiresAt };
}

/** The user a session token belongs to, or null when it is unknown, idle too long or past its expiry. */
export async function userForSessionToken(
  db: Kysely<Database>,
  token: string,
  windows: SessionWindows,
): Promise<User | null> {
  const now = new Date();
  const sessionId = hashSessionToken(token);
  const live = await repo.findLiveSession(db, sessionId, now.toISOString());
  if (!live) return null;
  const idleSince = now.getTime() - Date.parse(live.lastSeenAt);
  if (idleSince > windows.sessionIdleMs) {
    await repo.deleteSession(db, sessionId);
    return null;
  }
  if (idleSince > TOUCH_INTERVAL_MS) await repo.touchSession(db, sessionId, now.toISOString());
  return { id: live.userId, email: live.email, name: live.name };
}

export async function logOut(db: Kysely<Database>, token: string): Promise<void> {
  await repo.deleteSession(db, hashSessionToken(token));
}

export async function purgeExpiredSessions(db: Kysely<Database>, windows: SessionWindows): Promise<void> {
  const now = Date.now();
  await repo.deleteExpiredSessions(
    db,
    new Date(now).toISOString(),
    new Date(now - windows.sessionIdleMs).toISOString(),
  );
}
