import { randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { z } from "zod";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages.ts";
import { accountMessages, messages } from "../../shared/messages.ts";
import { SIGN_IN_LINK_MINUTES } from "../../shared/schemas/account.ts";
import type { LoginSchema, SignupSchema, User } from "../../shared/schemas/auth.ts";
import { type PasswordHashing, passwordHashingDefaults } from "../config.ts";
import { type Context, inTransaction } from "../context.ts";
import { isUniqueViolation } from "../db/index.ts";
import { AppError, unauthorized } from "../http/index.ts";
import { enqueue, signInLinkMail, signUpAttemptMail, welcomeMail } from "../mail/index.ts";
import { type IssuedSession, isOperator, mailRecipient, publicUser } from "./accounts.ts";
import * as repo from "./auth.repository.ts";
import * as links from "./one-time-links.ts";
import { CLAIM_LINK_EVERY_MS, offerOperatorClaim } from "./operator-claim.service.ts";
import { startSession } from "./sessions.service.ts";

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
