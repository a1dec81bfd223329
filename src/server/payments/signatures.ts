import { createHmac } from "node:crypto";
import Razorpay from "razorpay";
import { validatePaymentVerification } from "razorpay/dist/utils/razorpay-utils.js";
import type { GatewayEvent, SignedReturn } from "./gateway.ts";

/*
 * Razorpay's two signatures, checked with its SDK, for Razorpay and for the test gateway alike (which signs as
 * Razorpay does, with its own secrets), so both go through this one code path.
 */

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * A Payment Link's return: `razorpay_signature` is HMAC-SHA256 with the key secret over
 * `payment_link_id|payment_link_reference_id|payment_link_status|razorpay_payment_id`. Null when a value is
 * missing or the signature is wrong.
 */
export function checkReturn(
  query: Readonly<Record<string, unknown>>,
  keySecret: string,
): SignedReturn | null {
  const paymentId = text(query.razorpay_payment_id);
  const linkId = text(query.razorpay_payment_link_id);
  const referenceId = text(query.razorpay_payment_link_reference_id);
  const status = text(query.razorpay_payment_link_status);
  const signature = text(query.razorpay_signature);
  if (!paymentId || !linkId || !referenceId || !status || !signature) return null;
  const values = {
    payment_id: paymentId,
    payment_link_id: linkId,
    payment_link_reference_id: referenceId,
    payment_link_status: status,
  };
  return validatePaymentVerification(values, signature, keySecret)
    ? { linkId, referenceId, status, paymentId }
    : null;
}

interface Entity {
  id?: unknown;
  amount?: unknown;
  currency?: unknown;
  method?: unknown;
  reference_id?: unknown;
  payment_id?: unknown;
  notes?: unknown;
}

const entityOf = (payload: unknown, name: string): Entity | undefined => {
  const holder = (payload as Record<string, { entity?: Entity } | undefined> | undefined)?.[name];
  return holder && typeof holder.entity === "object" && holder.entity !== null ? holder.entity : undefined;
};

/**
 * A webhook: `X-Razorpay-Signature` is HMAC-SHA256 with the webhook secret over the raw body, byte for byte
 * as sent (so it is checked before the body is parsed). Null for a missing or wrong signature, or a body
 * that is not one of Razorpay's events.
 */
export function readEvent(
  rawBody: string,
  signature: string | undefined,
  webhookSecret: string,
): GatewayEvent | null {
  if (!signature || !Razorpay.validateWebhookSignature(rawBody, signature, webhookSecret)) return null;
  let body: { event?: unknown; payload?: unknown };
  try {
    body = JSON.parse(rawBody) as typeof body;
  } catch {
    return null;
  }
  const event = typeof body.event === "string" ? body.event : "";
  const payment = entityOf(body.payload, "payment");
  if (event === "payment_link.paid") {
    const link = entityOf(body.payload, "payment_link");
    const linkId = text(link?.id);
    const referenceId = text(link?.reference_id);
    const paymentId = text(payment?.id);
    if (!linkId || !referenceId || !paymentId || typeof payment?.amount !== "number") return null;
    return {
      kind: "link_paid",
      linkId,
      referenceId,
      payment: {
        id: paymentId,
        amountPaise: payment.amount,
        currency: text(payment.currency) ?? "",
        method: text(payment.method) ?? "",
      },
    };
  }
  if (event === "payment.failed") {
    const paymentId = text(payment?.id);
    if (!paymentId) return null;
    const notes = (payment?.notes ?? {}) as Record<string, unknown>;
    return { kind: "payment_failed", paymentId, referenceId: text(notes.reference_id) };
  }
  if (event === "refund.processed" || event === "refund.failed") {
    const refund = entityOf(body.payload, "refund");
    const refundId = text(refund?.id);
    const paymentId = text(refund?.payment_id);
    if (!refundId || !paymentId) return null;
    return {
      kind: "refund",
      refundId,
      paymentId,
      status: event === "refund.processed" ? "processed" : "failed",
    };
  }
  return { kind: "other", event };
}

/** HMAC-SHA256 in hex, as Razorpay signs a return (with the key secret) or a webhook (with the webhook secret). */
export const razorpaySignature = (secret: string, text: string): string =>
  createHmac("sha256", secret).update(text).digest("hex");
