import Razorpay from "razorpay";
import {
  type CreatedLink,
  type GatewayPayment,
  GatewayUnavailable,
  type NewLink,
  type PaymentGateway,
  type RefundStatus,
} from "./gateway.ts";
import { checkReturn, readEvent } from "./signatures.ts";

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API (`https://api.razorpay.com`), or a stand-in's (tests). */
  apiUrl: string;
  /** A call that has not answered by then counts as the gateway down. */
  timeoutMs?: number;
}

/** Razorpay's error body, as its SDK hands it on (`{ statusCode, error: { code, description } }`). */
function unavailable(error: unknown): GatewayUnavailable {
  const known = error as { statusCode?: unknown; error?: { description?: unknown } } | undefined;
  const status = typeof known?.statusCode === "number" ? known.statusCode : undefined;
  const description = typeof known?.error?.description === "string" ? known.error.description : undefined;
  // NOTE: the SDK's own error when Razorpay does not answer is a TypeError on `err.response`: say "no answer".
  const message = description ?? (status ? `Razorpay answered ${status}` : "Razorpay did not answer");
  return new GatewayUnavailable(message, status);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(error);
  }
}

/** Razorpay Payment Links through its official SDK (issue 36). */
export function razorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  // NOTE: the SDK fixes Razorpay's host and sets no timeout; its HTTP client (axios) takes both, so
  // RAZORPAY_API_URL points it at a stand-in in tests, and a gateway that hangs fails checkout in seconds.
  const http = (client.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  http.defaults.baseURL = settings.apiUrl.replace(/\/+$/, "");
  http.defaults.timeout = settings.timeoutMs ?? 10_000;

  return {
    name: "razorpay",
    async createLink(link: NewLink): Promise<CreatedLink> {
      const created = await call(() =>
        client.paymentLink.create({
          amount: link.amountPaise,
          currency: "INR",
          reference_id: link.referenceId,
          description: link.description,
          // NOTE: an order without an e-mail (an account made by phone, issue 37) sends none.
          customer: link.customer.email
            ? link.customer
            : { name: link.customer.name, contact: link.customer.contact },
          // NOTE: the shop mails its own confirmation; Razorpay sends nothing of its own.
          notify: { sms: false, email: false },
          callback_url: link.callbackUrl,
          callback_method: "get",
          expire_by: Math.floor(link.expireBy.getTime() / 1000),
          // NOTE: Razorpay copies a link's notes onto its payments: a payment.failed webhook names our link by them.
          notes: { reference_id: link.referenceId },
        }),
      );
      return { linkId: created.id, url: created.short_url };
    },
    async fetchLink(linkId) {
      const link = (await call(() => client.paymentLink.fetch(linkId))) as unknown as {
        status: string;
        currency: string;
        payments?: { payment_id: string; amount: number; method: string; status: string }[] | null;
      };
      const payments: GatewayPayment[] = (link.payments ?? [])
        .filter((payment) => payment.status === "captured")
        .map((payment) => ({
          id: payment.payment_id,
          amountPaise: payment.amount,
          currency: link.currency,
          method: payment.method,
        }));
      return { status: link.status, currency: link.currency, payments };
    },
    async cancelLink(linkId) {
      await call(() => client.paymentLink.cancel(linkId));
    },
    verifyReturn: (query) => checkReturn(query, settings.keySecret),
    readWebhook: (rawBody, signature) => readEvent(rawBody, signature, settings.webhookSecret),
    async refund(paymentId, amountPaise, notes) {
      const refund = await call(() => client.payments.refund(paymentId, { amount: amountPaise, notes }));
      return { refundId: refund.id, status: refund.status as RefundStatus };
    },
  };
}
