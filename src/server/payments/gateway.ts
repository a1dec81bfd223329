/**
 * The one small interface every payment gateway answers to (decision 052): create a hosted payment for an
 * order, confirm the buyer's return, read a webhook, refund. Razorpay (razorpay-gateway.ts) and the built-in
 * test gateway (test-gateway.ts) implement it; another gateway (Cashfree, PhonePe) is one more file.
 * Amounts are integer paise; nothing here knows orders, tables or the context.
 */

export type GatewayName = "razorpay" | "test";

/** What a hosted payment page (a Razorpay Payment Link) is made for. */
export interface NewLink {
  /** Ours, unique per link at the gateway: the order's id, then `<order id>-<n>` for a retry. */
  referenceId: string;
  amountPaise: number;
  description: string;
  customer: { name: string; email: string; contact: string };
  /** Where the buyer's browser comes back (GET, with the signed values). */
  callbackUrl: string;
  /** The method the buyer chose at checkout, shown first where the gateway allows. */
  preferredMethod?: "card" | "upi" | "netbanking";
  /** When the gateway stops taking money on it. */
  expireBy: Date;
}

export interface CreatedLink {
  /** The gateway's id of the link (Razorpay: `plink_…`). */
  linkId: string;
  /** The hosted page the buyer's browser goes to. */
  url: string;
}

/** One payment the gateway took (amount in paise, as the gateway says it). */
export interface GatewayPayment {
  id: string;
  amountPaise: number;
  currency: string;
  /** card, upi, netbanking, wallet… as the gateway names it. */
  method: string;
}

/** The values of a return whose signature held: the link, our reference, its status, the payment. */
export interface SignedReturn {
  linkId: string;
  referenceId: string;
  status: string;
  paymentId: string;
}

/** A webhook whose signature held, read into what we act on. */
export type GatewayEvent =
  | { kind: "link_paid"; linkId: string; referenceId: string; payment: GatewayPayment }
  | { kind: "payment_failed"; paymentId: string; referenceId: string | undefined }
  | { kind: "refund"; refundId: string; paymentId: string; status: "processed" | "failed" }
  | { kind: "other"; event: string };

export type RefundStatus = "pending" | "processed" | "failed";

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Makes a hosted payment; throws GatewayUnavailable when the gateway cannot be reached or refuses. */
  createLink(link: NewLink): Promise<CreatedLink>;
  /** The link's status and the payments taken on it, as the gateway knows them now. */
  fetchLink(linkId: string): Promise<{ status: string; currency: string; payments: GatewayPayment[] }>;
  /** Stops a link taking money (a retry replaced it, or its order is gone). */
  cancelLink(linkId: string): Promise<void>;
  /** The return's values when its signature is right (HMAC-SHA256 with the key secret); null otherwise. */
  verifyReturn(query: Readonly<Record<string, unknown>>): SignedReturn | null;
  /** The webhook's event when its signature over the raw body is right; null otherwise. */
  readWebhook(rawBody: string, signature: string | undefined): GatewayEvent | null;
  /** Asks for `amountPaise` of a payment back; throws GatewayUnavailable when it cannot be asked now. */
  refund(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
  ): Promise<{ refundId: string; status: RefundStatus }>;
}

/** The gateway could not be reached, timed out, or refused the call: the caller says so or retries later. */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    /** The gateway's HTTP status when it answered; undefined when it did not. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayUnavailable";
  }
}
