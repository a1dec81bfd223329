import { accountMessages } from "../../shared/messages.ts";
import { OPERATOR_CLAIM_HOURS } from "../../shared/schemas/account.ts";
import { type Context, inTransaction } from "../context.ts";
import { AppError } from "../http/index.ts";
import { operatorClaimMail } from "../mail/index.ts";
import { mailRecipient, operatorClaimOf } from "./accounts.ts";
import * as repo from "./auth.repository.ts";
import * as links from "./one-time-links.ts";
import type { SessionSettings } from "./sessions.service.ts";

// The operator's claim (decision 021): an address OPERATOR_EMAILS lists, proved by a mailed link.

const isListed = (email: string, settings: Pick<SessionSettings, "operatorEmails">) =>
  settings.operatorEmails.includes(email.trim().toLowerCase());

/** A listed account is mailed a new claim link at most this often, however often it signs in. */
export const CLAIM_LINK_EVERY_MS = 10 * 60_000;

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
