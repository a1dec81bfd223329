import { z } from "zod";
import { PAYMENT_STATES } from "./order-parts.ts";

/**
 * Pay now (card, UPI or net banking through the payment gateway) or Pay on delivery (cash or UPI at the
 * door, as before; decision 052). A request that says nothing pays on delivery, so older clients keep working.
 */
export const PAYMENT_MODES = ["now", "on_delivery"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PaymentModeSchema = z.enum(PAYMENT_MODES, "Please choose Pay now or Pay on delivery");

/**
 * Where a Pay now order's payment stands: `awaiting` (the buyer is paying; stock and places are held),
 * `paid`, `failed` (the last attempt failed or was given up: Try again while the hold lasts), `expired` (not
 * paid in time: the order was cancelled). Null for Pay on delivery.
 */
export const ONLINE_PAYMENT_STATUSES = ["awaiting", "paid", "failed", "expired"] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

/** How a gateway payment was made, as the gateway names it (card, upi, netbanking, wallet…). */
export const OnlineMethodSchema = z.string();

/** An order's money (rupees): paid online, refunded, and still due at the door. */
export const OrderPaymentSchema = z.object({
  mode: z.enum(PAYMENT_MODES),
  status: z.enum(ONLINE_PAYMENT_STATUSES).nullable(),
  /** Its parts' payment states as one (`deriveOrderPaymentState`, decision 065), online or at the door. */
  state: z.enum(PAYMENT_STATES),
  /** The gateway's page to pay on, while the order awaits payment. */
  url: z.string().optional(),
  /** When the hold ends (ISO), while the order awaits payment or failed. */
  holdEndsAt: z.string().optional(),
  /** How it was paid online (card, upi, netbanking…), once paid. */
  method: OnlineMethodSchema.optional(),
  /** Rupees taken online for the order. */
  paid: z.number(),
  /** Rupees given back to how the buyer paid (processed or on the way). */
  refunded: z.number(),
  /** Rupees still to pay at the door (cash or UPI). */
  due: z.number(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** Why money goes back: a lower weighed bill, a cancelled part, or a payment that paid nothing. */
export const REFUND_REASONS = ["weighed_lower", "cancelled", "mismatch", "duplicate", "late"] as const;

/**
 * Money the operator settles by hand (`GET /api/admin/payments/unsettled`): refunds the gateway failed or that
 * were given up, and payments whose amount or currency was not the order's (never taken as paid).
 */
export const UnsettledMoneySchema = z.object({
  refunds: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      partId: z.string().nullable(),
      /** Rupees. */
      amount: z.number(),
      reason: z.enum(REFUND_REASONS),
      gatewayPaymentId: z.string(),
      failedAt: z.string(),
    }),
  ),
  mismatched: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      /** Rupees, as the gateway reported them. */
      amount: z.number(),
      currency: z.string(),
      gatewayPaymentId: z.string(),
      at: z.string(),
    }),
  ),
});
export type UnsettledMoney = z.infer<typeof UnsettledMoneySchema>;
