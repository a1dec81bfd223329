import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { accountMessages, messages } from "../../shared/messages.ts";
import {
  type Account,
  type ChangeEmailSchema,
  type ChangePasswordSchema,
  EMAIL_CHANGE_HOURS,
  PASSWORD_RESET_MINUTES,
  type PasswordResetConfirmSchema,
  type Session,
  type UpdateAccountSchema,
} from "../../shared/schemas/account.ts";
import type { User } from "../../shared/schemas/auth.ts";
import * as addressBook from "../addresses/index.ts";
import * as auth from "../auth/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import type { Database } from "../db/index.ts";
import { isUniqueViolation } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import * as idempotency from "../idempotency/index.ts";
import * as images from "../images/index.ts";
import * as likes from "../likes/index.ts";
import {
  deleteQueuedMailsTo,
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  emailTakenAttemptMail,
  enqueue,
  passwordResetMail,
} from "../mail/index.ts";
import * as messagesDomain from "../messages/index.ts";
import * as notify from "../notify/index.ts";
import * as orders from "../orders/index.ts";
import * as products from "../products/index.ts";
import * as slots from "../slots/index.ts";
import * as repo from "./profile.repository.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The id a session is shown and ended by. It is derived from the stored hash rather than being it, so no
 * value that the server looks sessions up by ever leaves the server.
 */
export const publicSessionId = (sessionHash: string) =>
  createHash("sha256").update(`session:${sessionHash}`).digest("base64url").slice(0, 32);

const wrongPassword = (field: string) =>
  new AppError("wrong_password", accountMessages.wrongPassword, {
    [field]: accountMessages.wrongPassword,
  });

async function requirePassword(db: Kysely<Database>, userId: string, password: string, field: string) {
  const row = await repo.findUserById(db, userId);
  if (!row || row.deleted_at) throw notFound();
  if (!(await auth.passwordMatches(row.password_hash, password))) throw wrongPassword(field);
  return row;
}

export async function getAccount({ db, now }: Context, user: User): Promise<Account> {
  const pending = await auth.newestLink(db, "email_change", user.id, now);
  return { user, pendingEmail: pending?.address ?? null };
}

/** A new name and/or language; every server reads the account again on its next request. */
export async function updateAccount(
  ctx: Context,
  user: User,
  { name, language }: z.output<typeof UpdateAccountSchema>,
): Promise<Account> {
  if (name !== undefined) await auth.updateName(ctx.db, user.id, name);
  if (language !== undefined) await auth.updateLanguage(ctx.db, user.id, language);
  await auth.accountDetailsChanged(ctx, user.id);
  // NOTE: a farmer's name is on their product cards (decision 035).
  if (name !== undefined) await catalogueChanged(ctx);
  return getAccount(ctx, {
    ...user,
    ...(name !== undefined ? { name } : {}),
    ...(language ? { language } : {}),
  });
}

// --- e-mail change ---------------------------------------------------------------------------------------

/**
 * Sends a confirmation link to the new address and tells the old one; the address changes only when the link
 * is opened. A newer request replaces an older one. The notice to the old address is queued with the change;
 * the link, a secret, is sent once the change is committed and never stored (decision 018).
 */
export async function requestEmailChange(
  ctx: Context,
  user: User,
  input: z.output<typeof ChangeEmailSchema>,
): Promise<Account> {
  const { db, now } = ctx;
  const row = await requirePassword(db, user.id, input.password, "password");
  if (input.email === row.email) {
    throw new AppError("validation_failed", accountMessages.sameEmail, {
      email: accountMessages.sameEmail,
    });
  }
  // NOTE: an address that has an account is answered as a free one (issue 40 #32: the answer must not tell
  // whether an address is known); its owner is told instead of sent a link, so the change can never complete.
  const owner = await auth.findUserByEmail(db, input.email);
  const token = await inTransaction(ctx, async (trx) => {
    const token = await auth.issueLink(trx.db, {
      kind: "email_change",
      userId: user.id,
      address: input.email,
      now,
      lifetimeMs: EMAIL_CHANGE_HOURS * HOUR_MS,
      replace: true,
    });
    await enqueue(trx, emailChangeNoticeMail(auth.mailRecipient(row), row.name, input.email));
    if (owner && !owner.deleted_at) {
      const resetUrl = trx.mail.link("/forgot-password");
      await enqueue(trx, emailTakenAttemptMail(auth.mailRecipient(owner), owner.name, resetUrl));
    }
    return token;
  });
  const pending = { user: { id: row.id, email: row.email, name: row.name }, pendingEmail: input.email };
  if (owner) return pending;
  const url = ctx.mail.link(`/account/confirm-email#token=${token}`);
  ctx.mail.sendSecret(
    emailChangeConfirmMail(
      // NOTE: the new address has no account yet: the mail speaks the language of the account asking.
      { email: input.email, language: auth.mailRecipient(row).language },
      row.name,
      url,
      EMAIL_CHANGE_HOURS,
    ),
  );
  return pending;
}

/** Opens an e-mail change link: the account's address becomes the confirmed one. */
export async function confirmEmailChange(ctx: Context, token: string): Promise<{ email: string }> {
  const change = await inTransaction(ctx, async ({ db: trx }) => {
    const taken = await auth.takeLink(trx, "email_change", token, ctx.now);
    if (!taken?.address) throw new AppError("invalid_token", accountMessages.linkInvalid);
    const newEmail = taken.address;
    const user = await repo.findUserById(trx, taken.user_id);
    if (!user || user.deleted_at) throw new AppError("invalid_token", accountMessages.linkInvalid);
    try {
      await auth.updateEmail(trx, taken.user_id, newEmail);
    } catch (error) {
      if (isUniqueViolation(error, "users_email_key")) {
        throw new AppError("email_taken", messages.emailTaken, { email: messages.emailTaken });
      }
      throw error;
    }
    await enqueue({ ...ctx, db: trx }, emailChangedMail(auth.mailRecipient(user), user.name, newEmail));
    // NOTE: the link proved the new address: if OPERATOR_EMAILS lists it, the account may claim it (decision 021).
    await auth.claimOperator({ db: trx, settings: ctx.settings }, { userId: taken.user_id, email: newEmail });
    return { userId: taken.user_id, email: newEmail };
  });
  await auth.accountDetailsChanged(ctx, change.userId);
  return { email: change.email };
}

// --- password ----------------------------------------------------------------------------------------------

/** Changes the password (the current one required) and signs every other device out; this one stays. */
export async function changePassword(
  ctx: Context,
  userId: string,
  currentSessionHash: string,
  input: z.output<typeof ChangePasswordSchema>,
): Promise<void> {
  const { db } = ctx;
  await requirePassword(db, userId, input.currentPassword, "currentPassword");
  const passwordHash = await auth.hashPassword(input.newPassword, ctx.settings.passwordHashing);
  await inTransaction(ctx, async ({ db: trx }) => {
    await auth.updatePasswordHash(trx, userId, passwordHash);
    await voidRecoveryThreats(trx, userId);
  });
  await auth.endSessions(ctx, { userId, keep: currentSessionHash });
}

/**
 * What someone who once held a session may have started and must not outlive the owner's recovery (a new
 * password, a reset, signing out everywhere): a pending e-mail change, whose confirmation would hand them the
 * account's reset links (issue 25).
 */
function voidRecoveryThreats(trx: Kysely<Database>, userId: string) {
  return auth.dropLinks(trx, userId, ["email_change", "password_reset"]);
}

/**
 * The work behind "Forgot password?", done after the answer has been sent so that the answer is the same,
 * in content and in time, whether or not the address has an account. A newer link replaces older ones.
 */
export async function sendPasswordReset(ctx: Context, email: string): Promise<void> {
  const { db, now } = ctx;
  const user = await auth.findUserByEmail(db, email);
  // NOTE: the demo farmer and deleted accounts have no argon2 hash: they must never sign in, so no reset.
  if (!user || user.deleted_at || !user.password_hash.startsWith("$argon2")) return;
  const token = await auth.issueLink(db, {
    kind: "password_reset",
    userId: user.id,
    now,
    lifetimeMs: PASSWORD_RESET_MINUTES * MINUTE_MS,
    replace: true,
  });
  // NOTE: a secret link: sent once the link is committed, never stored (decision 018).
  const url = ctx.mail.link(`/reset-password#token=${token}`);
  ctx.mail.sendSecret(passwordResetMail(auth.mailRecipient(user), user.name, url, PASSWORD_RESET_MINUTES));
}

/** Sets a new password from a reset link: once, within 30 minutes, only the newest link; every session ends. */
export async function confirmPasswordReset(
  ctx: Context,
  input: z.output<typeof PasswordResetConfirmSchema>,
): Promise<void> {
  const { db } = ctx;
  const invalid = () =>
    new AppError("invalid_token", accountMessages.linkInvalid, {
      token: accountMessages.linkInvalid,
    });
  // NOTE: a dead link is refused before the password is hashed, which costs the server time.
  if (!(await auth.peekLink(db, "password_reset", input.token, ctx.now))) throw invalid();
  const passwordHash = await auth.hashPassword(input.password, ctx.settings.passwordHashing);
  const userId = await inTransaction(ctx, async ({ db: trx }) => {
    // NOTE: taking is one DELETE, so of two requests racing with one link only one gets here.
    const reset = await auth.takeLink(trx, "password_reset", input.token, ctx.now);
    if (!reset) throw invalid();
    await auth.updatePasswordHash(trx, reset.user_id, passwordHash);
    await voidRecoveryThreats(trx, reset.user_id);
    // NOTE: the link proved the account's address, as a claim link would (decision 021).
    const user = await repo.findUserById(trx, reset.user_id);
    if (user)
      await auth.claimOperator({ db: trx, settings: ctx.settings }, { userId: user.id, email: user.email });
    return reset.user_id;
  });
  await auth.endSessions(ctx, { userId });
}

// --- sessions ----------------------------------------------------------------------------------------------

export async function listSessions(
  { db, now }: Context,
  userId: string,
  currentSessionHash: string,
): Promise<Session[]> {
  const rows = await repo.listSessions(db, userId, now.toISOString());
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    browser: row.browser ?? null,
    createdAt: row.created_at,
    lastUsedAt: row.last_seen_at,
    current: row.id === currentSessionHash,
  }));
}

/** Ends one of the user's sessions by its public id; true when it was the asking one. */
export async function endOwnSession(
  ctx: Context,
  userId: string,
  currentSessionHash: string,
  publicId: string,
): Promise<{ wasCurrent: boolean }> {
  const rows = await repo.listSessions(ctx.db, userId, ctx.now.toISOString());
  const match = rows.find((row) => publicSessionId(row.id) === publicId);
  if (!match) throw notFound(accountMessages.sessionNotFound);
  await auth.endSessions(ctx, { sessionIds: [match.id] });
  return { wasCurrent: match.id === currentSessionHash };
}

/** "Sign out everywhere else": every other session ends, and so does a pending e-mail change. */
export async function endOtherSessions(ctx: Context, userId: string, currentSessionHash: string) {
  await inTransaction(ctx, async ({ db: trx }) => voidRecoveryThreats(trx, userId));
  return auth.endSessions(ctx, { userId, keep: currentSessionHash });
}

// --- leaving -----------------------------------------------------------------------------------------------

/**
 * Deletes an account after its password: sessions end, products leave the shop, personal data is removed,
 * and orders stay for the other party under the name "Deleted account".
 */
export async function deleteAccount(ctx: Context, userId: string, password: string): Promise<void> {
  const { db } = ctx;
  const row = await requirePassword(db, userId, password, "password");
  // NOTE: the owners' forgetUser take a Transaction, so that none of them can be called outside one.
  const imageIds = await db.transaction().execute(async (trx) => {
    // NOTE: read before the orders lose them: mails still waiting for a retry, to the account's address or
    // to one given at checkout (order confirmations, status moves), would reach a person who asked to be
    // forgotten.
    const addresses = [row.email, ...(await repo.checkoutEmailsOf(trx, userId))];
    // NOTE: each table's owner forgets its share, in this order: products before the pictures they show.
    const replacement = {
      name: accountMessages.deletedAccountName,
      // NOTE: `.invalid` is reserved (RFC 2606): no mail can ever reach it, and the id keeps it unique.
      email: `deleted-${userId}@deleted.invalid`,
    };
    await products.forgetUser(trx, userId);
    const pictures = await images.forgetUser(trx, userId);
    await likes.forgetUser(trx, userId);
    await addressBook.forgetUser(trx, userId);
    const orderIds = await orders.forgetUser(trx, userId, replacement);
    // NOTE: after the orders, before the account's e-mail changes: answers kept for replayed keys name both.
    await idempotency.forgetUser(trx, userId, [...addresses, ...orderIds]);
    await slots.forgetUser(trx, userId, ctx.now.toISOString());
    await messagesDomain.forgetUser(trx, userId, replacement);
    await auth.forgetUser(trx, userId, {
      ...replacement,
      passwordHash: "!deleted",
      deletedAt: ctx.now.toISOString(),
    });
    await deleteQueuedMailsTo(trx, addresses);
    // NOTE: the WhatsApp and SMS news (queued or sent, with the number and text) and the channel choices go too.
    await notify.forgetMessages(trx, userId);
    await notify.forgetChannels(trx, userId);
    return pictures;
  });
  await catalogueChanged(ctx);
  await auth.endSessions(ctx, { userId });
  await images.dropImageObjects(ctx, imageIds);
}
