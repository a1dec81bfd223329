import { randomUUID } from "node:crypto";
import { paiseToRupees } from "../../shared/money.ts";
import type { UnsettledMoney } from "../../shared/schemas/online-payments.ts";
import type { Context } from "../context.ts";
import type { RefundReason } from "../db/index.ts";
import { runSteps } from "../db/index.ts";
import { GatewayUnavailable } from "../payments/index.ts";
import { billOf } from "./bills.service.ts";
import * as onlineRepo from "./online-payments.repository.ts";
import { findItemsOfParts } from "./parts.repository.ts";
import * as repo from "./refunds.repository.ts";

/*
 * Refunds to how the buyer paid (issue 36, decision 052): asked for in the transaction that makes them owed
 * (a part cancelled, a lower weighed bill at dispatch, a payment that paid nothing), once per request key, and
 * sent from a retry queue (the mail queue's pattern) until the gateway accepts them. A refund the gateway
 * reports failed, or one given up, is shown to the operator to settle by hand.
 */

const MINUTE_MS = 60_000;
/** A refund the gateway refused this many times is given up and shown to the operator as failed. */
export const MAX_REFUND_ATTEMPTS = 10;
/** While one process sends a refund, others leave it alone for this long. */
const LEASE_MS = 5 * MINUTE_MS;
const REFUND_BATCH = 20;
/** 1, 2, 4 … minutes after each failure, at most six hours (as the mail queue's). */
const retryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1) * MINUTE_MS, 6 * 60 * MINUTE_MS);

/** The counted gateway payment of a part's order, and what is left of the part's online share (paise). */
async function onlineShareOf(trx: Context, part: { id: string; order_id: string }) {
  const payments = await runSteps(trx.db, onlineRepo.findGatewayPaymentsOfOrders(trx.db, [part.order_id]));
  const counted = payments.find((payment) => payment.outcome === "counted");
  if (!counted) return undefined;
  const share = (await runSteps(trx.db, onlineRepo.findOnlineShares(trx.db, [part.id]))).get(part.id) ?? 0;
  return { payment: counted, share };
}

async function askRefund(
  trx: Context,
  refund: {
    paymentId: string;
    orderId: string;
    partId: string | null;
    amountPaise: number;
    reason: RefundReason;
    key: string;
  },
): Promise<void> {
  if (refund.amountPaise <= 0) return;
  await repo.insertRefund(trx.db, {
    id: randomUUID(),
    payment_id: refund.paymentId,
    order_id: refund.orderId,
    part_id: refund.partId,
    amount_paise: refund.amountPaise,
    reason: refund.reason,
    request_key: refund.key,
    at: trx.now.toISOString(),
  });
}

/** A paid part cancelled (by its buyer, its farmer or an operator): what it was paid online comes back in full. */
export async function refundCancelledPart(
  trx: Context,
  part: { id: string; order_id: string },
): Promise<void> {
  const online = await onlineShareOf(trx, part);
  if (!online) return;
  await askRefund(trx, {
    paymentId: online.payment.id,
    orderId: part.order_id,
    partId: part.id,
    amountPaise: online.share,
    reason: "cancelled",
    key: `cancelled:${part.id}`,
  });
}

/**
 * A paid part out for delivery, its bill final: a bill lower than what it was paid online gets the difference
 * back; a higher one leaves the rest due at the door (the part's UPI link and QR ask only for it).
 */
export async function refundWeighedDifference(
  trx: Context,
  part: { id: string; order_id: string },
): Promise<void> {
  const online = await onlineShareOf(trx, part);
  if (!online) return;
  const bill = billOf(await findItemsOfParts(trx.db, [part.id]));
  if (!bill.final) return;
  await askRefund(trx, {
    paymentId: online.payment.id,
    orderId: part.order_id,
    partId: part.id,
    amountPaise: online.share - bill.totalPaise,
    reason: "weighed_lower",
    key: `weighed:${part.id}`,
  });
}

/** A gateway payment that paid nothing (a second payment of a paid order, a late one): all of it goes back. */
export async function refundWholePayment(
  trx: Context,
  payment: { id: string; order_id: string; amount_paise: number },
  reason: "duplicate" | "late",
): Promise<void> {
  await askRefund(trx, {
    paymentId: payment.id,
    orderId: payment.order_id,
    partId: null,
    amountPaise: payment.amount_paise,
    reason,
    key: `payment:${payment.id}`,
  });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends the queued refunds that are due (the timer, every 30 s on every server; each claims its own): an
 * accepted refund leaves the queue with its event (pending or processed); one the gateway could not take is
 * retried later, and given up as failed after MAX_REFUND_ATTEMPTS. Answers how many the gateway accepted.
 */
export async function sendDueRefunds(
  ctx: Context,
  log?: (message: string, details: object) => void,
): Promise<number> {
  const gateway = ctx.gateway;
  if (!gateway) return 0;
  const now = ctx.now;
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const due = await repo.claimDueRefunds(ctx.db, now.toISOString(), lease, REFUND_BATCH);
  let accepted = 0;
  for (const refund of due) {
    if (refund.gateway !== gateway.name) continue;
    try {
      const answer = await gateway.refund(refund.gateway_payment_id, refund.amount_paise, {
        order_id: refund.order_id,
        reason: refund.reason,
      });
      await repo.insertRefundEvent(ctx.db, {
        id: randomUUID(),
        refund_id: refund.id,
        status: answer.status,
        gateway_refund_id: answer.refundId,
        at: now.toISOString(),
      });
      await repo.dequeueRefund(ctx.db, refund.id);
      accepted += 1;
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      const attempts = refund.attempts + 1;
      log?.("refund not accepted by the gateway", { refundId: refund.id, attempts, err: errorText(error) });
      if (attempts >= MAX_REFUND_ATTEMPTS) {
        // NOTE: never silently lost: the operator sees it failed and settles it by hand.
        await repo.insertRefundEvent(ctx.db, {
          id: randomUUID(),
          refund_id: refund.id,
          status: "failed",
          gateway_refund_id: null,
          at: now.toISOString(),
        });
        await repo.dequeueRefund(ctx.db, refund.id);
      } else {
        const next = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
        await repo.recordRefundFailure(ctx.db, {
          refundId: refund.id,
          attempts,
          nextAttemptAt: next,
          lastError: errorText(error),
        });
      }
    }
  }
  return accepted;
}

/** A refund.processed or refund.failed webhook: recorded once for the refund the gateway names; others ignored. */
export async function recordRefundOutcome(
  ctx: Context,
  event: { refundId: string; status: "processed" | "failed" },
): Promise<boolean> {
  const known = await repo.findRefundByGatewayId(ctx.db, event.refundId);
  if (!known) return false;
  await repo.insertRefundEvent(ctx.db, {
    id: randomUUID(),
    refund_id: known.refund_id,
    status: event.status,
    gateway_refund_id: event.refundId,
    at: ctx.now.toISOString(),
  });
  return true;
}

/** The operator's list of money to settle by hand (decision 052): failed refunds and mismatched payments. */
export async function unsettledMoney(ctx: Context): Promise<UnsettledMoney> {
  const { failed, mismatched } = await repo.findMoneyToSettle(ctx.db);
  return {
    refunds: failed.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      partId: row.part_id,
      amount: paiseToRupees(row.amount_paise),
      reason: row.reason,
      gatewayPaymentId: row.gateway_payment_id,
      failedAt: row.at,
    })),
    mismatched: mismatched.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      amount: paiseToRupees(row.amount_paise),
      currency: row.currency,
      gatewayPaymentId: row.gateway_payment_id,
      at: row.at,
    })),
  };
}
