import { randomUUID } from "node:crypto";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees } from "../../shared/money.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import * as auth from "../auth/index.ts";
import { type Context, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound } from "../http/index.ts";
import {
  enqueue,
  latePaymentRefundedMail,
  latePaymentRestoredMail,
  type Mail,
  orderConfirmationMail,
  paymentNotCompletedMail,
  type Recipient,
} from "../mail/index.ts";
import type { GatewayPayment } from "../payments/index.ts";
import { CannotRestore, restoreExpiredOrder } from "./late-payments.service.ts";
import { moveParts } from "./moves.service.ts";
import * as repo from "./online-payments.repository.ts";
import { mailOrder } from "./order-confirmation.service.ts";
import * as ordersRepo from "./orders.repository.ts";
import { findPendingOfOrder } from "./parts.repository.ts";
import { cancelLinks, createLink } from "./payment-links.service.ts";
import { recordRefundOutcome, refundWholePayment } from "./refunds.service.ts";
import { getOwnOrder, loadOrder } from "./views.service.ts";

/*
 * Pay now (issue 36, decision 052): a hosted payment link per attempt, the buyer's return and the gateway's
 * webhook marking the order paid (each checked by its signature, each safe to repeat), Try again while the
 * hold lasts, and the hold's expiry giving stock and slot places back.
 */

/** How many ended holds one pass of the expiry timer cancels. */
const EXPIRY_BATCH = 50;

/** `POST /api/orders/:id/pay`: a new link while the hold lasts (409 payment_hold_expired after). */
export async function payAgain(ctx: Context, userId: string, orderId: string): Promise<Order> {
  const order = await ordersRepo.findOwnOrder(ctx.db, userId, orderId);
  if (!order) throw notFound(orderMessages.orderNotFound);
  if (order.payment_mode !== "now" || order.released_at) {
    throw new AppError("nothing_to_pay", orderMessages.nothingToPay);
  }
  const holdEndsAt = order.hold_ends_at ? new Date(order.hold_ends_at) : ctx.now;
  if (order.expired_at || holdEndsAt.getTime() <= ctx.now.getTime()) {
    throw new AppError("payment_hold_expired", orderMessages.paymentHoldExpired);
  }
  const links = await runSteps(ctx.db, repo.findLinksOfOrders(ctx.db, [order.id]));
  const row = await createLink(ctx, order, (links.at(-1)?.attempt ?? 0) + 1, holdEndsAt);
  try {
    await inTransaction(ctx, async (trx) => {
      const locked = await repo.lockOrder(trx.db, order.id);
      // NOTE: paid or expired while the link was being made: the new link is not needed.
      if (!locked || locked.released_at || locked.expired_at) {
        throw new AppError("nothing_to_pay", orderMessages.nothingToPay);
      }
      await runSteps(trx.db, repo.linkInserted(trx.db, row));
    });
  } catch (error) {
    await cancelLinks(ctx, [row.link_id]);
    // NOTE: two Try again clicks at once made the same attempt number: the second answers the first's link.
    if (!(error instanceof AppError)) {
      const again = await runSteps(ctx.db, repo.findLinksOfOrders(ctx.db, [order.id]));
      if (again.some((link) => link.attempt === row.attempt)) return getOwnOrder(ctx, userId, orderId);
    }
    throw error;
  }
  // NOTE: the older links stop taking money, so the buyer pays on one page only.
  await cancelLinks(
    ctx,
    links.filter((link) => link.status === "created" || link.status === "failed").map((link) => link.link_id),
  );
  return getOwnOrder(ctx, userId, orderId);
}

export interface PaymentOutcome {
  orderId: string;
  /** What this report changed: a new payment, or nothing (a replay, or a report of a failure). */
  recorded: boolean;
}

/**
 * A payment the gateway took on one of our links, from a signed webhook or a signed return (the gateway's
 * word on its amount): written once per gateway payment id, in one transaction that holds the order's row,
 * so two reports at once (webhook and return, two webhooks) count it once. It pays the order only when its
 * amount and currency are the link's and the order is not paid already; else it is kept for the operator.
 * One paid after the hold ended brings the order back when its stock and places are still free, else it is
 * refunded in full; either way the buyer is mailed.
 */
export async function recordGatewayPayment(
  ctx: Context,
  link: repo.LinkRow,
  payment: GatewayPayment,
  log?: (message: string, details: Record<string, unknown>) => void,
): Promise<PaymentOutcome> {
  try {
    return await recordOnce(ctx, link, payment, log, true);
  } catch (error) {
    if (!(error instanceof CannotRestore)) throw error;
    // NOTE: the try wrote nothing (its transaction rolled back): the payment is written as late, and refunded.
    log?.("late payment: the order could not be restored", { orderId: link.order_id, why: error.message });
    return recordOnce(ctx, link, payment, log, false);
  }
}

async function recordOnce(
  ctx: Context,
  link: repo.LinkRow,
  payment: GatewayPayment,
  log: ((message: string, details: Record<string, unknown>) => void) | undefined,
  restore: boolean,
): Promise<PaymentOutcome> {
  const recorded = await inTransaction(ctx, async (trx) => {
    const order = await repo.lockOrder(trx.db, link.order_id);
    if (!order) return false;
    if (await repo.findGatewayPayment(trx.db, link.gateway, payment.id)) return false;
    const known = await runSteps(trx.db, repo.findGatewayPaymentsOfOrders(trx.db, [order.id]));
    const matches = payment.amountPaise === link.amount_paise && payment.currency === link.currency;
    const outcome = !matches
      ? "mismatch"
      : known.some((row) => row.outcome === "counted")
        ? "duplicate"
        : order.expired_at && !restore
          ? "late"
          : "counted";
    const paymentRowId = randomUUID();
    const written = await repo.insertGatewayPayment(trx.db, {
      id: paymentRowId,
      order_id: order.id,
      link_id: link.id,
      gateway: link.gateway,
      gateway_payment_id: payment.id,
      method: payment.method,
      amount_paise: payment.amountPaise,
      currency: payment.currency,
      outcome,
      at: trx.now.toISOString(),
    });
    if (!written) return false;
    if (outcome !== "counted") {
      // NOTE: money we did not take as paid is never silently lost: a second payment of a paid order and a
      // late one go back in full, automatically; a mismatched one waits for the operator (it is not ours to
      // judge what the buyer meant).
      log?.("gateway payment not counted", { orderId: order.id, linkId: link.link_id, outcome });
      if (outcome === "duplicate" || outcome === "late") {
        await refundWholePayment(
          trx,
          { id: paymentRowId, order_id: order.id, amount_paise: payment.amountPaise },
          outcome,
        );
      }
      if (outcome === "late") {
        await mailBuyer(trx, order.id, (to, placed, url) =>
          latePaymentRefundedMail(to, placed, paiseToRupees(payment.amountPaise), url),
        );
      }
      return true;
    }
    await repo.setLinkStatus(trx.db, link.id, ["created", "failed", "cancelled"], "paid");
    // NOTE: paid after the hold ended: its stock and places are taken again, or CannotRestore undoes it all.
    if (order.expired_at) await restoreExpiredOrder(trx, order);
    const at = trx.now.toISOString();
    const released = await repo.releaseOrder(trx.db, order.id, at, order.expired_at !== null);
    if (released) {
      // NOTE: now the farmers see it and are told, and the buyer gets the confirmation, as for any order.
      const placed = await runSteps(trx.db, loadOrder(trx.db, { ...order, released_at: at }));
      await runSteps(
        trx.db,
        mailOrder(
          trx,
          order.user_id,
          placed,
          trx.now,
          order.expired_at ? latePaymentRestoredMail : orderConfirmationMail,
        ),
      );
    }
    return true;
  });
  return { orderId: link.order_id, recorded };
}

/** An attempt the buyer gave up or the gateway failed: the order page offers Try again while the hold lasts. */
async function markFailed(ctx: Context, link: repo.LinkRow): Promise<void> {
  await repo.setLinkStatus(ctx.db, link.id, ["created"], "failed");
}

export type ReturnResult = { ok: true; orderId: string } | { ok: false; orderId?: string };

/**
 * `GET /api/payments/return`: the buyer's browser back from the gateway. The signed values are checked; the
 * order is looked up from the link (never from the URL); a paid status is confirmed with the gateway, which
 * says the amount (the webhook would tell the same later). A wrong or missing signature changes nothing.
 */
export async function confirmReturn(
  ctx: Context,
  query: Readonly<Record<string, unknown>>,
  log: (message: string, details: Record<string, unknown>) => void,
): Promise<ReturnResult> {
  const gateway = ctx.gateway;
  if (!gateway) return { ok: false };
  const signed = gateway.verifyReturn(query);
  if (!signed) {
    log("payment return with a wrong or missing signature", {});
    return { ok: false };
  }
  const link = await repo.findLink(ctx.db, gateway.name, { linkId: signed.linkId });
  if (!link || link.reference_id !== signed.referenceId) {
    log("payment return for a link we never made", { linkId: signed.linkId });
    return { ok: false };
  }
  if (signed.status !== "paid") {
    await markFailed(ctx, link);
    return { ok: true, orderId: link.order_id };
  }
  try {
    const known = await gateway.fetchLink(link.link_id);
    const payment = known.payments.find((candidate) => candidate.id === signed.paymentId);
    if (payment) await recordGatewayPayment(ctx, link, payment, log);
  } catch (error) {
    // NOTE: the gateway did not answer now; its webhook brings the payment, and the order page shows awaiting.
    log("payment return could not be confirmed with the gateway", {
      linkId: link.link_id,
      err: String(error),
    });
  }
  return { ok: true, orderId: link.order_id };
}

/**
 * `POST /api/payments/webhook`: false for a wrong or missing signature (400, nothing changes). A link we never
 * made is logged and ignored; a replayed event changes nothing more.
 */
export async function handleWebhook(
  ctx: Context,
  rawBody: string,
  signature: string | undefined,
  log: (message: string, details: Record<string, unknown>) => void,
): Promise<boolean> {
  const gateway = ctx.gateway;
  if (!gateway) return false;
  const event = gateway.readWebhook(rawBody, signature);
  if (!event) {
    log("payment webhook with a wrong or missing signature", {});
    return false;
  }
  if (event.kind === "link_paid") {
    const link = await repo.findLink(ctx.db, gateway.name, { linkId: event.linkId });
    if (!link || link.reference_id !== event.referenceId) {
      log("payment webhook for a link we never made", { linkId: event.linkId });
      return true;
    }
    await recordGatewayPayment(ctx, link, event.payment, log);
  } else if (event.kind === "refund") {
    if (!(await recordRefundOutcome(ctx, event)))
      log("refund webhook for a refund we never asked", { refundId: event.refundId });
  } else if (event.kind === "payment_failed") {
    const link = event.referenceId
      ? await repo.findLink(ctx.db, gateway.name, { referenceId: event.referenceId })
      : undefined;
    if (!link) {
      log("payment.failed webhook for a link we never made", { paymentId: event.paymentId });
      return true;
    }
    await markFailed(ctx, link);
  }
  return true;
}

/**
 * The expiry timer (every 30 s on every server): each Pay now order whose hold ended unpaid is marked expired
 * once (the database decides which server), its parts are cancelled, giving their stock and slot places back,
 * and its buyer is told once; its links stop taking money. Answers how many it expired.
 */
export async function expireHolds(ctx: Context, log?: (error: unknown) => void): Promise<number> {
  const ended = await repo.findEndedHolds(ctx.db, ctx.now.toISOString(), EXPIRY_BATCH);
  let expired = 0;
  for (const { id, user_id } of ended) {
    const links = await inTransaction(ctx, async (trx) => {
      if (!(await repo.expireOrder(trx.db, id, trx.now.toISOString()))) return undefined;
      await moveParts(
        trx,
        { to: "cancelled", actor: { id: user_id }, reason: "Payment not completed" },
        (db) => findPendingOfOrder(db, id),
      );
      await mailBuyer(trx, id, paymentNotCompletedMail);
      return runSteps(trx.db, repo.findLinksOfOrders(trx.db, [id]));
    });
    if (!links) continue;
    expired += 1;
    await cancelLinks(
      ctx,
      links
        .filter((link) => link.status === "created" || link.status === "failed")
        .map((link) => link.link_id),
      log,
    );
  }
  return expired;
}

/** The order's buyer is mailed `make`'s mail, at the checkout address, in their account's language. */
async function mailBuyer(
  trx: Context,
  orderId: string,
  make: (to: Recipient, order: Order, orderUrl: string) => Mail,
): Promise<void> {
  const { db } = trx;
  const row = await repo.findOrder(db, orderId);
  if (!row) return;
  const order = await runSteps(db, loadOrder(db, row));
  const buyer = await runSteps(db, auth.mailRecipients(db, [row.user_id]));
  const language = buyer.get(row.user_id)?.language;
  const to = auth.mailRecipient({ email: row.email, language: language ?? null });
  await enqueue(trx, make(to, order, trx.mail.link(`/orders/${orderId}`)));
}
