import type { Generated } from "kysely";
import type { OrderStatus, PartStatus, PaymentRecordMethod } from "../../shared/schemas/order-parts.ts";
import type { PaymentMethod } from "../../shared/schemas/orders.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";

// The orders' tables, their money (payments, refunds, payouts) and delivery; database.ts gathers every table.

export interface OrdersTable {
  id: string;
  user_id: string;
  /** Derived from the parts' statuses (deriveOrderStatus) and kept up to date on every move. */
  status: OrderStatus;
  total_paise: number;
  full_name: string;
  email: string;
  address: string;
  city: string;
  /** The state's code in India (`MH`; decision 047); an order placed before codes keeps an unknown text. */
  state: string;
  zip_code: string;
  /** ISO 3166-1 alpha-2 (`IN`). */
  country: string;
  /** address, city, state and zip joined, as the API's Order has it (product rules §3). */
  shipping_address: string;
  /** The checkout form's phone ('' for orders placed before it was asked). */
  phone: string;
  payment_method: PaymentMethod;
  /** Unique per user: a repeated request with the same key returns the first order. */
  idempotency_key: string;
  /** SHA-256 of the canonical request body, so a reused key with a different body is refused. */
  request_hash: string;
  created_at: string;
  /** Pay now (through the gateway) or on delivery (migration 0050, decision 052). */
  payment_mode: "on_delivery" | "now";
  /** Pay now: its stock and slot places are held for the buyer to pay until then. */
  hold_ends_at: string | null;
  /** Pay now: when it was paid and went to its farmers (null: they do not see it). */
  released_at: string | null;
  /** Pay now: when the hold ran out unpaid and its parts were cancelled. */
  expired_at: string | null;
  /** The standing order this order is an occurrence of (issue 35); null (or absent) for a checkout's order. */
  standing_order_id?: string | null;
}

/** A hosted payment made for an order (decision 052); its status is the link's, not money. */
export interface PaymentLinksTable {
  id: string;
  order_id: string;
  attempt: number;
  gateway: string;
  link_id: string;
  reference_id: string;
  url: string;
  amount_paise: number;
  currency: string;
  status: "created" | "paid" | "failed" | "cancelled";
  created_at: string;
  expire_by: string;
}

/** Whether a gateway payment paid its order, or is money to give back (decision 052). */
export type GatewayPaymentOutcome = "counted" | "mismatch" | "duplicate" | "late";

/** A payment a gateway reported for one of our links, once per gateway payment id; never changed. */
export interface GatewayPaymentsTable {
  id: string;
  order_id: string;
  /** payment_links.id */
  link_id: string;
  gateway: string;
  gateway_payment_id: string;
  method: string;
  amount_paise: number;
  currency: string;
  outcome: GatewayPaymentOutcome;
  at: string;
}

export type RefundReason = "weighed_lower" | "cancelled" | "mismatch" | "duplicate" | "late";

/** A refund asked for, once per request_key; never changed (its progress is in refund_events). */
export interface RefundsTable {
  id: string;
  /** gateway_payments.id */
  payment_id: string;
  order_id: string;
  part_id: string | null;
  amount_paise: number;
  reason: RefundReason;
  request_key: string;
  at: string;
}

/** What the gateway said of a refund: accepted (pending), processed or failed; never changed. */
export interface RefundEventsTable {
  id: string;
  refund_id: string;
  status: "pending" | "processed" | "failed";
  gateway_refund_id: string | null;
  at: string;
}

/** A payment the shop made to a farmer (decision 052); never changed. */
export interface PayoutsTable {
  id: string;
  farmer_id: string;
  amount_paise: number;
  reference: string;
  /** YYYY-MM-DD, the shop's calendar. */
  paid_on: string;
  at: string;
  by_user_id: string;
}

/** A refund the gateway has not accepted yet, retried as the mail queue retries a mail. */
export interface RefundQueueTable {
  refund_id: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

export interface OrderItemsTable {
  order_id: string;
  /** The line's position in the order, from 1. */
  line_no: number;
  product_id: string;
  /** Name and unit price as charged. */
  name: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
  /** The unit the price was for, as placed. */
  unit: ProductUnit;
  /** The part of the order this line belongs to (set for every line; nullable only because SQLite adds it so). */
  part_id: string | null;
  /** How much stock placing the order took (0 for an untracked product or the deal); a cancel returns it. */
  stock_taken: number;
  /** Grams packed, once a line sold by weight is weighed (0: none packed, the line is dropped); null before. */
  packed_grams?: number | null;
  /**
   * What the line is billed: its estimate (`line_total_paise`) for a line not sold by weight, the packed
   * weight's price once weighed; null while a weighed line waits for its weight (decision 020).
   */
  amount_paise?: number | null;
}

export interface OrderPartsTable {
  id: string;
  order_id: string;
  /** The farmer who delivers this part; null for the shop's own part (the deal of the day). */
  farmer_id: string | null;
  status: PartStatus;
  /** The estimate: the sum of its lines as ordered. Its bill is the sum of its lines' amounts (decision 020). */
  total_paise: number;
  /** The order's created_at, copied so a farmer's list pages on one table. */
  created_at: string;
  updated_at: string;
}

export interface OrderPartHistoryTable {
  part_id: string;
  /** The move's number in this part's history, from 1 (placing the order). */
  seq: number;
  status: PartStatus;
  at: string;
  /** The account that made the move. */
  by_user_id: string;
  reason: string | null;
}

/** One payment at the door a farmer recorded for a part (decision 020); undone, it stays with its reason. */
export interface OrderPaymentsTable {
  id: string;
  part_id: string;
  method: PaymentRecordMethod;
  amount_paise: number;
  /** The UPI transaction reference the farmer typed, if any. */
  reference: string | null;
  at: string;
  by_user_id: string;
  undone_at: string | null;
  undone_by_user_id: string | null;
  undone_reason: string | null;
}

/** Where buyers pay by UPI: `owner` is a farmer's user id, or `shop` for the shop's own part. */
export interface UpiIdsTable {
  owner: string;
  upi_id: string;
  updated_at: string;
}

/** Where a farmer last put an address in their delivery run, per PIN code (decision 046). */
export interface RunPositionsTable {
  farmer_id: string;
  zip_code: string;
  /** The order's joined shipping address, in lower case. */
  address: string;
  position: number;
  updated_at: string;
}

/** A "not at home": the farmer came and nobody was there; the part stays out for delivery. */
export interface DeliveryAttemptsTable {
  id: string;
  part_id: string;
  at: string;
  by_user_id: string;
  reason: string;
}
