import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages.ts";
import { messages } from "../../shared/messages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MINUTES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TRIES,
  PHONE_CODES_PER_HOUR,
  type PhoneCodeRequestSchema,
  type PhoneVerifySchema,
  phoneMessages,
} from "../../shared/schemas/phone.ts";
import { type Context, inTransaction } from "../context.ts";
import type { PhoneCodesTable } from "../db/index.ts";
import { isUniqueViolation } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { enqueue, phoneCodeLockedMail } from "../mail/index.ts";
import { codeMessage, grantPhoneDefaults } from "../notify/index.ts";
import {
  type IssuedSession,
  isOperator,
  languageOf,
  mailRecipient,
  phoneOnlyAddress,
  publicUser,
} from "./accounts.ts";
import { findUserById } from "./auth.repository.ts";
import * as repo from "./phone.repository.ts";
import { mobileNumber } from "./phone-number.ts";
import { accountDetailsChanged, startSession } from "./sessions.service.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * What a code's row keeps: an HMAC of the number and the code, keyed by the row's random id. A 6-digit code
 * has only a million values, so the hash alone would not hide it from someone holding the table; what keeps
 * it safe is that it dies after 5 minutes and 3 wrong tries, and that the table never holds it in clear.
 */
const codeHash = (id: string, phone: string, code: string) =>
  createHmac("sha256", id).update(`${phone}:${code}`).digest();

/** Compares in constant time, so a wrong code's answer takes as long whichever digit is wrong. */
function codeMatches(row: Pick<PhoneCodesTable, "id" | "phone" | "code_hash">, code: string): boolean {
  const expected = Buffer.from(row.code_hash, "hex");
  const given = codeHash(row.id, row.phone, code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A row to compare against when the number has no live code, so both failures cost the same work. */
const NO_CODE = { id: "none", phone: "", code_hash: "00".repeat(32) };

const invalidCode = () => new AppError("invalid_code", phoneMessages.codeWrong);

/** Production without a WhatsApp or SMS provider sends no code: it says so rather than send nothing. */
function requirePhoneCodes(ctx: Context): void {
  if (!ctx.phone.sendsCodes) throw new AppError("phone_unavailable", phoneMessages.unavailable);
}

const newCode = () => String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");

/**
 * Makes and sends a new code to `phone`, replacing the number's earlier ones: at most one every 30 seconds and
 * 5 an hour per number, counted in the database by the server's clock, so every server holds them alike (a
 * 429 with Retry-After beyond). The code is a secret: sent once its hash is committed, never stored in clear.
 */
async function issueCode(
  ctx: Context,
  {
    phone,
    purpose,
    userId,
    language,
  }: { phone: string; purpose: PhoneCodesTable["purpose"]; userId: string | null; language: Language },
): Promise<void> {
  const { now } = ctx;
  const code = newCode();
  await repo.inNumberLock(ctx.db, phone, async (db) => {
    const sent = await repo.codesSentSince(db, phone, new Date(now.getTime() - HOUR_MS).toISOString());
    const newest = sent.at(-1);
    const resendAt = newest ? Date.parse(newest) + PHONE_CODE_RESEND_SECONDS * 1000 : 0;
    if (resendAt > now.getTime()) {
      const wait = Math.ceil((resendAt - now.getTime()) / 1000);
      throw new AppError("rate_limited", phoneMessages.resendTooSoon, undefined, wait);
    }
    const oldest = sent[0];
    if (oldest && sent.length >= PHONE_CODES_PER_HOUR) {
      const wait = Math.ceil((Date.parse(oldest) + HOUR_MS - now.getTime()) / 1000);
      throw new AppError("rate_limited", phoneMessages.tooManyCodes, undefined, Math.max(1, wait));
    }
    await repo.spendCodesOf(db, phone, now.toISOString());
    if (userId) await repo.spendAddCodesOf(db, userId, now.toISOString());
    const id = randomUUID();
    await repo.insertPhoneCode(db, {
      id,
      phone,
      purpose,
      user_id: userId,
      code_hash: codeHash(id, phone, code).toString("hex"),
      tries: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PHONE_CODE_MINUTES * MINUTE_MS).toISOString(),
      spent_at: null,
    });
  });
  ctx.phone.sendSecret(codeMessage(phone, language, code));
}

/**
 * "Send me a code" (POST /api/auth/phone/code). Every valid mobile number is sent a code, whether or not an
 * account signs in with it, so the answer (and its time: the same reads and writes either way) is the same
 * for a known and an unknown number; only the phone's holder learns, by the code, which it is. The code's text
 * is in the account's language, or the one the visitor chose.
 */
export async function sendPhoneCode(
  ctx: Context,
  input: z.output<typeof PhoneCodeRequestSchema>,
): Promise<void> {
  requirePhoneCodes(ctx);
  const phone = mobileNumber(input.phone);
  const owner = await repo.findUserByPhone(ctx.db, phone);
  const language = owner ? languageOf(owner.language) : (input.language ?? DEFAULT_LANGUAGE);
  await issueCode(ctx, { phone, purpose: "sign-in", userId: null, language });
}

/**
 * The live code `row` if `code` is it; a wrong code counts a try (the third kills it). Every failure is the
 * same 400 `invalid_code`: wrong, expired, spent, replaced, out of tries, or never sent.
 */
async function checkCode(
  ctx: Context,
  row: PhoneCodesTable | undefined,
  code: string,
  purpose: PhoneCodesTable["purpose"],
): Promise<PhoneCodesTable> {
  const matches = codeMatches(row ?? NO_CODE, code);
  if (!row || row.purpose !== purpose) throw invalidCode();
  if (!matches) {
    const tries = await repo.addWrongTry(ctx.db, row.id, PHONE_CODE_TRIES);
    if (tries === PHONE_CODE_TRIES) await tellOwnerOfLockOut(ctx, row);
    throw invalidCode();
  }
  return row;
}

/**
 * A code died of wrong tries: the account the number belongs to (or that asked for it) is told by e-mail, its
 * other way in, when it has an address; the number is named by its last 3 digits only.
 */
async function tellOwnerOfLockOut(ctx: Context, row: PhoneCodesTable): Promise<void> {
  const owner = row.user_id
    ? await findUserById(ctx.db, row.user_id)
    : await repo.findUserByPhone(ctx.db, row.phone);
  if (!owner || owner.deleted_at) return;
  // NOTE: an account made by phone keeps a `.invalid` address, which the queue drops.
  await enqueue(ctx, phoneCodeLockedMail(mailRecipient(owner), owner.name, row.phone.slice(-3)));
}

/**
 * Signs in with a number and its code (POST /api/auth/phone/verify): the account that signs in with the number,
 * or, when none does and a name is given, a new account with that number and no e-mail (`created`). The same
 * session as a password sign-in. Every code of the number dies with it.
 */
export async function signInWithPhone(
  ctx: Context,
  input: z.output<typeof PhoneVerifySchema>,
  browser: string | null,
): Promise<{ user: User; session: IssuedSession; created: boolean }> {
  const { settings } = ctx;
  const phone = mobileNumber(input.phone);
  const live = await repo.liveCode(ctx.db, phone, ctx.now.toISOString(), PHONE_CODE_TRIES);
  const code = await checkCode(ctx, live, input.code, "sign-in");
  const existing = await repo.findUserByPhone(ctx.db, phone);
  // NOTE: the code stays usable: the visitor, who proved they hold the number, is asked their name and sends it again.
  if (!existing && input.name === undefined) {
    throw new AppError("validation_failed", phoneMessages.nameNeeded, { name: phoneMessages.nameNeeded });
  }
  if (existing?.suspended_at) throw new AppError("account_suspended", messages.accountSuspended);
  const now = ctx.now.toISOString();
  const row = await inTransaction(ctx, async ({ db }) => {
    if (!(await repo.spendCode(db, code.id, now, PHONE_CODE_TRIES))) throw invalidCode();
    await repo.spendCodesOf(db, phone, now);
    if (existing) return existing;
    const id = randomUUID();
    const account = {
      id,
      email: phoneOnlyAddress(id),
      name: input.name ?? "",
      // NOTE: not an argon2 hash: nothing matches it, so the account has no password until it sets one.
      password_hash: "!phone",
      created_at: now,
      language: input.language ?? DEFAULT_LANGUAGE,
      sign_in_phone: phone,
    };
    try {
      await repo.insertPhoneAccount(db, account);
    } catch (error) {
      if (isUniqueViolation(error, "users_sign_in_phone_key")) throw invalidCode();
      throw error;
    }
    // NOTE: WhatsApp on and SMS as its fallback, consented to by signing up with the number (decision 063).
    await grantPhoneDefaults(db, id, ctx.now);
    return account;
  });
  const session = await startSession(ctx.db, row.id, settings, browser);
  return {
    // NOTE: a new account has no grant and has proved no address (decision 021).
    user: { ...publicUser(row), operator: existing ? isOperator(existing, settings) : false },
    session,
    created: !existing,
  };
}

/**
 * A signed-in account asks to sign in with `phone` too, or instead of its number (POST /api/account/phone): a
 * code goes to that number, which the account confirms. The answer is the same whoever holds the number.
 */
export async function offerAccountPhone(ctx: Context, userId: string, typed: string): Promise<void> {
  requirePhoneCodes(ctx);
  const phone = mobileNumber(typed);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  await issueCode(ctx, { phone, purpose: "add", userId, language: languageOf(user.language) });
}

/**
 * The account's newest number code, confirmed (POST /api/account/phone/confirm): the number becomes the one it
 * signs in with, replacing any other; 409 `phone_taken` when another account signs in with it.
 */
export async function confirmAccountPhone(ctx: Context, userId: string, typedCode: string): Promise<string> {
  const now = ctx.now.toISOString();
  const live = await repo.liveCodeOfUser(ctx.db, userId, now, PHONE_CODE_TRIES);
  const code = await checkCode(ctx, live, typedCode, "add");
  const holder = await repo.findUserByPhone(ctx.db, code.phone);
  if (holder && holder.id !== userId) throw new AppError("phone_taken", phoneMessages.phoneTaken);
  await inTransaction(ctx, async ({ db }) => {
    if (!(await repo.spendCode(db, code.id, now, PHONE_CODE_TRIES))) throw invalidCode();
    await repo.spendCodesOf(db, code.phone, now);
    await repo.updateSignInPhone(db, userId, code.phone);
  });
  await accountDetailsChanged(ctx, userId);
  return code.phone;
}

/**
 * The account stops signing in with its number (DELETE /api/account/phone), if it keeps another way in: a
 * password (an account made with its number has none until it sets one).
 */
export async function removeAccountPhone(ctx: Context, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  if (!user.password_hash.startsWith("$argon2")) {
    throw new AppError("last_way_in", phoneMessages.keepAWayIn);
  }
  await repo.updateSignInPhone(ctx.db, userId, null);
  await accountDetailsChanged(ctx, userId);
}
