import { randomUUID } from "node:crypto";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { PART_STATUSES, partMessages } from "../../shared/schemas/order-parts.ts";
import type {
  FarmerProfile,
  FarmerProfileUpdate,
  RecordPayment,
  ShopProfile,
} from "../../shared/schemas/payments.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import * as auth from "../auth/index.ts";
import { type Context, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import { billOf, receivedPaise } from "./bills.service.ts";
import { getFarmerPart, partForPayee } from "./farmer-views.service.ts";
import { findOnlineShares } from "./online-payments.repository.ts";
import { findItemsOfParts } from "./parts.repository.ts";
import * as repo from "./payments.repository.ts";

// NOTE: a standing order's scheduled part is not an order to pay yet (issue 35).
const PAYABLE = PART_STATUSES.filter((status) => status !== "cancelled" && status !== "scheduled");
const UNDO_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the payee's part for a payment and holds its row until the transaction ends (so two payments of one
 * part are checked one after the other), with its bill and what was received: 409 for a cancelled part or a
 * bill that is not final yet.
 */
async function lockedForPayment(trx: Context, partId: string) {
  const part = await partForPayee(trx.db, trx.actor, partId);
  if (!(await repo.lockPart(trx.db, part.id, trx.now.toISOString(), PAYABLE))) {
    throw new AppError("invalid_transition", partMessages.cancelledNotPayable);
  }
  const bill = billOf(await findItemsOfParts(trx.db, [part.id]));
  if (!bill.final) throw new AppError("bill_not_final", partMessages.billNotFinal);
  // NOTE: what was paid online counts too (decision 052), so the door collects only the rest, never twice.
  const online = (await runSteps(trx.db, findOnlineShares(trx.db, [part.id]))).get(part.id) ?? 0;
  const received =
    receivedPaise(await runSteps(trx.db, repo.findPaymentsOfParts(trx.db, [part.id]))) + online;
  return { part, bill, received };
}

async function insertPayment(trx: Context, partId: string, input: RecordPayment, amountPaise: number) {
  if (!trx.actor) throw new Error("a payment is recorded by someone");
  await repo.insertPayment(trx.db, {
    id: randomUUID(),
    part_id: partId,
    method: input.method,
    amount_paise: amountPaise,
    reference: input.method === "upi" && input.reference ? input.reference : null,
    at: trx.now.toISOString(),
    by_user_id: trx.actor.id,
    undone_at: null,
    undone_by_user_id: null,
    undone_reason: null,
  });
}

/**
 * The part's farmer (an operator, for the shop's part) records one payment received at the door, once the
 * bill is final; a payment above what is still owed is refused (409), so two at once never overpay.
 */
export async function recordPayment(ctx: Context, partId: string, input: RecordPayment): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const { part, bill, received } = await lockedForPayment(trx, partId);
    const amount = rupeesToPaise(input.amount);
    const left = bill.totalPaise - received;
    if (amount > left) {
      throw new AppError("overpayment", partMessages.overpaid(formatRupees(paiseToRupees(left))));
    }
    await insertPayment(trx, part.id, input, amount);
  });
  return getFarmerPart(ctx.db, partId);
}

/** The older one-step form (`POST …/payment { state: "paid" }`): whatever is still owed, received in cash. */
export async function payRestInCash(ctx: Context, partId: string): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const { part, bill, received } = await lockedForPayment(trx, partId);
    const left = bill.totalPaise - received;
    if (left <= 0) throw new AppError("already_paid", partMessages.alreadyPaid);
    await insertPayment(trx, part.id, { method: "cash", amount: paiseToRupees(left) }, left);
  });
  return getFarmerPart(ctx.db, partId);
}

/** The payee undoes a payment they recorded, within 24 hours of its record and with a reason; it is kept. */
export async function undoPayment(
  ctx: Context,
  partId: string,
  paymentId: string,
  reason: string,
): Promise<FarmerPart> {
  await inTransaction(ctx, async (trx) => {
    const part = await partForPayee(trx.db, trx.actor, partId);
    const payment = await repo.findPayment(trx.db, part.id, paymentId);
    if (!payment || !trx.actor) throw notFound(partMessages.paymentNotFound);
    if (payment.undone_at) throw new AppError("undo_refused", partMessages.alreadyUndone);
    if (trx.now.getTime() - Date.parse(payment.at) > UNDO_WITHIN_MS) {
      throw new AppError("undo_refused", partMessages.undoTooLate);
    }
    const undo = { at: trx.now.toISOString(), byUserId: trx.actor.id, reason };
    if (!(await repo.undoPayment(trx.db, payment.id, undo))) {
      throw new AppError("undo_refused", partMessages.alreadyUndone);
    }
  });
  return getFarmerPart(ctx.db, partId);
}

// ---- UPI IDs ----

const upiIdOf = async ({ db }: Pick<Context, "db">, owner: string) =>
  (await runSteps(db, repo.findUpiIds(db, [owner]))).get(owner) ?? null;

/** A farmer's UPI ID and contact phone (Farmer Portal). */
export async function getPayeeProfile(ctx: Context, owner: string): Promise<FarmerProfile> {
  return { upiId: await upiIdOf(ctx, owner), phone: (await repo.findPhone(ctx.db, owner)) ?? null };
}

/**
 * A farmer's UPI ID and contact phone (`owner` their id): a field given is saved, null removes it (a UPI ID
 * removed: cash only), a field left out stays.
 */
export async function savePayeeProfile(ctx: Context, owner: string, profile: FarmerProfileUpdate) {
  await inTransaction(ctx, async (trx) => {
    if (profile.upiId !== undefined) {
      await repo.saveUpiId(trx.db, owner, profile.upiId, trx.now.toISOString());
    }
    if (profile.phone !== undefined) await auth.updatePhone(trx.db, owner, profile.phone);
  });
  return getPayeeProfile(ctx, owner);
}

/** The shop's own UPI ID, for its part of orders (the deal of the day). */
export const getShopProfile = async (ctx: Context): Promise<ShopProfile> => ({
  upiId: await upiIdOf(ctx, repo.SHOP_PAYEE),
});
/**
 * The operator sets the shop's UPI ID: where buyers pay the deal of the day, so each change is in the audit
 * log with the ID before and after (issue 40), in the same transaction; saving it unchanged records nothing.
 */
export async function saveShopProfile(
  ctx: Context,
  operator: Actor,
  profile: ShopProfile,
): Promise<ShopProfile> {
  await inTransaction(ctx, async (trx) => {
    const before = (await runSteps(trx.db, repo.findUpiIds(trx.db, [repo.SHOP_PAYEE]))).get(repo.SHOP_PAYEE);
    const after = profile.upiId ?? undefined;
    if (before === after) return;
    await repo.saveUpiId(trx.db, repo.SHOP_PAYEE, profile.upiId, trx.now.toISOString());
    const shown = (upiId: string | undefined) => upiId ?? "none (cash only)";
    await recordAudit(trx, {
      actor: operator,
      action: "shop_profile.update",
      target: { type: "shop", id: repo.SHOP_PAYEE },
      reason: `UPI ID: ${shown(before)} → ${shown(after)}`,
    });
  });
  return getShopProfile(ctx);
}
