import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../shared/i18n/languages.ts";
import { accountMessages, messages } from "../../shared/messages.ts";
import { OPERATOR_CLAIM_HOURS, SIGN_IN_LINK_MINUTES } from "../../shared/schemas/account.ts";
import type { LoginSchema, SignupSchema, User } from "../../shared/schemas/auth.ts";
import { type PasswordHashing, passwordHashingDefaults } from "../config.ts";
import { type Context, inTransaction } from "../context.ts";
import type { Database } from "../db/index.ts";
import { isUniqueViolation, type Steps } from "../db/index.ts";
import { AppError, unauthorized } from "../http/index.ts";
import { enqueue, operatorClaimMail, signInLinkMail, signUpAttemptMail, welcomeMail } from "../mail/index.ts";
import * as repo from "./auth.repository.ts";
import * as links from "./one-time-links.ts";
import * as phoneRepo from "./phone.repository.ts";

import type { SessionCache } from "./session-cache.ts";

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

/** What the account keeps of a listed address it proved: a hash, so a deleted account keeps no address. */
export const operatorClaimOf = (email: string) =>
  createHash("sha256").update(`operator-claim:${email.trim().toLowerCase()}`).digest("hex");

/**
 * An account is an operator when the database says so (`npm run operator -- grant`), or when it proved, by a
 * link mailed there, an address that OPERATOR_EMAILS still lists (decision 021). Signing up with a listed
 * address proves nothing, and a later holder of the address can never prove it again.
 */
export const isOperator = (
  row: { operator?: number | null; operator_claim?: string | null },
  settings: Pick<SessionSettings, "operatorEmails">,
) =>
  row.operator === 1 ||
  (row.operator_claim != null &&
    settings.operatorEmails.some((email) => operatorClaimOf(email) === row.operator_claim));

const isListed = (email: string, settings: Pick<SessionSettings, "operatorEmails">) =>
  settings.operatorEmails.includes(email.trim().toLowerCase());

/** A listed account is mailed a new claim link at most this often, however often it signs in. */
const CLAIM_LINK_EVERY_MS = 10 * 60_000;

/**
 * Mails a link that proves the address to an account whose address OPERATOR_EMAILS lists and that has not
 * proved one yet (at sign-up, and at a sign-in, at most every 10 minutes). The link is a secret: sent once
 * its hash is committed, never stored (decision 018).
 */
export async function offerOperatorClaim(
  ctx: Context,
  user: { id: string; email: string; name: string; language?: string; operator_claim?: string | null },
): Promise<void> {
  if (!isListed(user.email, ctx.settings) || user.operator_claim != null) return;
  const { db, now } = ctx;
  const newest = await links.newestLink(db, "operator_claim", user.id, now);
  if (newest && now.getTime() - Date.parse(newest.created_at) < CLAIM_LINK_EVERY_MS) return;
  const token = await links.issueLink(db, {
    kind: "operator_claim",
    userId: user.id,
    address: user.email,
    now,
    lifetimeMs: OPERATOR_CLAIM_HOURS * 60 * 60_000,
  });
  const url = ctx.mail.link(`/account/confirm-operator#token=${token}`);
  ctx.mail.sendSecret(operatorClaimMail(mailRecipient(user), user.name, url, OPERATOR_CLAIM_HOURS));
}

/**
 * The account proved it controls `email` (a claim link, an e-mail change link, a password reset link): if
 * OPERATOR_EMAILS lists it, the account becomes an operator, unless another account proved it first. Answers
 * whether the account now holds the claim.
 */
export async function claimOperator(
  { db, settings }: Pick<Context, "db" | "settings">,
  { userId, email }: { userId: string; email: string },
): Promise<boolean> {
  if (!isListed(email, settings)) return false;
  const claim = operatorClaimOf(email);
  await repo.setOperatorClaim(db, userId, claim);
  // NOTE: callers make this process read the account's sessions again once their transaction has committed.
  return (await repo.findUserById(db, userId))?.operator_claim === claim;
}

/** Opens a claim link: its account becomes an operator if it still has the address the link was sent to. */
export async function confirmOperatorClaim(ctx: Context, token: string): Promise<void> {
  const invalid = (message: string = accountMessages.linkInvalid) => new AppError("invalid_token", message);
  const userId = await inTransaction(ctx, async (trx) => {
    const link = await links.takeLink(trx.db, "operator_claim", token, ctx.now);
    if (!link?.address) throw invalid();
    const user = await repo.findUserById(trx.db, link.user_id);
    if (!user || user.deleted_at || user.email !== link.address) throw invalid();
    if (!(await claimOperator(trx, { userId: user.id, email: link.address })))
      throw invalid(accountMessages.operatorClaimTaken);
    return user.id;
  });
  await ctx.sessions.forget({ userId });
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

const dummyHashes = new Map<string, Promise<string>>();
/** A hash to verify against when the e-mail is unknown, so both failures cost the same time. */
function timingDummyHash(hashing: PasswordHashing) {
  const key = JSON.stringify(hashing);
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString("hex"), hashing);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** An argon2id (the library's default) hash of a new password, at the configured cost; the hash records it. */
export const hashPassword = (password: string, hashing: PasswordHashing) => hash(password, hashing);

/**
 * A new account, and its welcome mail queued in the same transaction. An address that has an account gets
 * the answer a new one gets, and its owner a mail saying so, so a sign-up tells nobody which addresses have
 * accounts (issue 40 #32), as "Forgot password?" tells nobody.
 */
export async function signUp(ctx: Context, input: z.output<typeof SignupSchema>): Promise<User> {
  const hashed = await hashPassword(input.password, ctx.settings.passwordHashing);
  try {
    const user = await inTransaction(ctx, async (trx) => {
      const user = await insertAccount(trx, { ...input, passwordHash: hashed });
      const to = mailRecipient({ email: input.email, language: user.language });
      await enqueue(trx, welcomeMail(to, user.name, trx.mail.link("/login")));
      return user;
    });
    await offerOperatorClaim(ctx, { ...user, email: input.email });
    return user;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "email_taken")) throw error;
    await mailOwnerOfTakenAddress(ctx, input.email);
    // NOTE: shaped as a new account's answer, with an id as fresh as one; nothing can be done with it.
    const language = input.language ?? DEFAULT_LANGUAGE;
    return { id: randomUUID(), email: input.email, name: input.name, operator: false, language, phone: null };
  }
}

/** Tells the owner of `email` that someone tried to sign up with it; nothing for a deleted account. */
async function mailOwnerOfTakenAddress(ctx: Context, email: string): Promise<void> {
  const owner = await repo.findUserByEmail(ctx.db, email);
  if (!owner || owner.deleted_at) return;
  await inTransaction(ctx, (trx) =>
    enqueue(trx, signUpAttemptMail(mailRecipient(owner), owner.name, trx.mail.link("/forgot-password"))),
  );
}

/** An account's language from its row (English for a value the shop no longer speaks). */
export const languageOf = (value: string | null | undefined): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The address kept for an account made with a mobile number and no e-mail (issue 37): `users.email` stays
 * required and unique (SQLite cannot drop NOT NULL without rebuilding `users`, which most tables reference),
 * so such an account holds an address in `.invalid`, the top-level domain that never resolves (RFC 2606). No
 * mail is ever queued to it (outbox.ts), and the API shows it as no address (decision 054).
 */
export const phoneOnlyAddress = (userId: string) => `${userId}@phone.invalid`;
const hasMailbox = (email: string) => !email.endsWith(".invalid");
/** An account's address as a list shows it: empty for an account made by phone (decision 054). */
export const shownAddress = (email: string) => (hasMailbox(email) ? email : "");

/** Whether the account has an e-mail address of its own (one made by phone may have none; decision 054). */
export async function hasEmail(db: Kysely<Database>, userId: string): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  return user !== undefined && hasMailbox(user.email);
}

/** What the API tells about an account, from its row (`operator` is decided by the caller). */
export function publicUser(row: {
  id: string;
  email: string;
  name: string;
  language?: string;
  sign_in_phone?: string | null;
}) {
  return {
    id: row.id,
    email: hasMailbox(row.email) ? row.email : null,
    name: row.name,
    language: languageOf(row.language),
    phone: row.sign_in_phone ?? null,
  };
}

/** Where an account's mail goes, and the language it reads (decision 032), from a row already read. */
export const mailRecipient = (row: { email: string; language?: string | null }) => ({
  email: row.email,
  language: languageOf(row.language),
});

/** The mail recipient of each of these accounts that can still receive mail, by account id. */
export function* mailRecipients(
  db: Kysely<Database>,
  userIds: readonly string[],
): Steps<Map<string, { email: string; language: Language }>> {
  const rows = yield* repo.mailableUsers(db, userIds);
  return new Map(rows.map((row) => [row.id, mailRecipient(row)]));
}

/**
 * An account without its welcome mail, in the caller's transaction (the demo farmer, who is no real person);
 * 409 email_taken when the address has one.
 */
export async function insertAccount(
  { db, now }: Pick<Context, "db" | "now">,
  input: Pick<z.output<typeof SignupSchema>, "email" | "name" | "language"> & { passwordHash: string },
): Promise<User> {
  const user = {
    id: randomUUID(),
    email: input.email,
    name: input.name,
    password_hash: input.passwordHash,
    created_at: now.toISOString(),
    language: input.language ?? DEFAULT_LANGUAGE,
  };
  try {
    await repo.insertUser(db, user);
  } catch (error) {
    if (isUniqueViolation(error, "users_email_key")) throw new AppError("email_taken", messages.emailTaken);
    throw error;
  }
  // NOTE: a new account has proved no address and has no grant (decision 021).
  return { ...publicUser(user), operator: false };
}

/**
 * Verifies a password against a stored hash. An unknown e-mail, or an account that must never sign in (its
 * hash is not argon2, e.g. the demo farmer's), still costs one verification against a dummy hash, so the
 * answer's timing does not reveal which accounts exist; verify() itself would throw on a non-argon2 hash.
 */
export async function passwordMatches(
  storedHash: string | undefined,
  password: string,
  // NOTE: only the dummy hash uses it, to cost what a real one does; a stored hash carries its own cost.
  hashing: PasswordHashing = passwordHashingDefaults,
): Promise<boolean> {
  const usable = storedHash?.startsWith("$argon2") === true ? storedHash : undefined;
  const ok = await verify(usable ?? (await timingDummyHash(hashing)), password).catch(() => false);
  return usable !== undefined && ok;
}

/**
 * Checks the credentials; any mismatch is the same 401 with the same message. A suspended account learns
 * that it is suspended only after its password matched, so the answer reveals nothing to a guesser.
 */
export async function logIn(
  ctx: Context,
  input: z.output<typeof LoginSchema>,
  browser: string | null = null,
): Promise<{ user: User; session: IssuedSession }> {
  const { db, settings } = ctx;
  const row = await repo.findUserByEmail(db, input.email);
  const passwordOk = await passwordMatches(row?.password_hash, input.password, settings.passwordHashing);
  if (!row || !passwordOk) throw unauthorized(messages.wrongCredentials);
  if (row.suspended_at) throw new AppError("account_suspended", messages.accountSuspended);
  const session = await startSession(db, row.id, settings, browser);
  await offerOperatorClaim(ctx, row);
  return {
    user: { ...publicUser(row), operator: isOperator(row, settings) },
    session,
  };
}

/**
 * A sign-in refused only because the account's overall budget is spent (guesses from many addresses): if the
 * password is right, the owner is mailed a one-time link that signs them in, at most one every 10 minutes, so
 * 30 wrong passwords a minute cannot lock the owner out (issue 25). The caller answers the same 429 either
 * way, so a guesser learns nothing from it.
 */
export async function offerSignInLink(ctx: Context, input: z.output<typeof LoginSchema>): Promise<void> {
  const { db, now, settings } = ctx;
  const row = await repo.findUserByEmail(db, input.email);
  const passwordOk = await passwordMatches(row?.password_hash, input.password, settings.passwordHashing);
  if (!row || !passwordOk || row.suspended_at || row.deleted_at) return;
  const newest = await links.newestLink(db, "sign_in", row.id, now);
  if (newest && now.getTime() - Date.parse(newest.created_at) < CLAIM_LINK_EVERY_MS) return;
  const token = await links.issueLink(db, {
    kind: "sign_in",
    userId: row.id,
    now,
    lifetimeMs: SIGN_IN_LINK_MINUTES * 60_000,
  });
  const url = ctx.mail.link(`/sign-in-link#token=${token}`);
  ctx.mail.sendSecret(signInLinkMail(mailRecipient(row), row.name, url, SIGN_IN_LINK_MINUTES));
}

/** Opens a one-time sign-in link: a new session for its account (not if it was suspended since). */
export async function signInWithLink(
  ctx: Context,
  token: string,
  browser: string | null,
): Promise<{ user: User; session: IssuedSession }> {
  const { db, settings } = ctx;
  const link = await links.takeLink(db, "sign_in", token, ctx.now);
  const row = link && (await repo.findUserById(db, link.user_id));
  if (!row || row.deleted_at) throw new AppError("invalid_token", accountMessages.linkInvalid);
  if (row.suspended_at) throw new AppError("account_suspended", messages.accountSuspended);
  const session = await startSession(db, row.id, settings, browser);
  return {
    user: { ...publicUser(row), operator: isOperator(row, settings) },
    session,
  };
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
