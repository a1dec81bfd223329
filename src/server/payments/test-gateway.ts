import { randomBytes } from "node:crypto";
import {
  type CreatedLink,
  type GatewayPayment,
  GatewayUnavailable,
  type NewLink,
  type PaymentGateway,
} from "./gateway.ts";
import { checkReturn, razorpaySignature, readEvent } from "./signatures.ts";

/*
 * The built-in test gateway (PAYMENT_GATEWAY=test; refused in production): its hosted page is on our own
 * server (`/pay/test/:id`, test-gateway.routes.ts), and it signs its returns and webhooks exactly as Razorpay
 * does, with the secrets below, so they go through the same checks (signatures.ts) and the same routes.
 * Links live in this process's memory: a restart forgets them, and the order's Try again makes a new one.
 */

/** Not secrets: anyone may sign for the test gateway, which moves no money. */
export const TEST_KEY_SECRET = "veggie-cart-test-gateway-key-secret";
export const TEST_WEBHOOK_SECRET = "veggie-cart-test-gateway-webhook-secret";

export type TestMethod = "card" | "upi" | "netbanking";
export const TEST_METHODS: readonly TestMethod[] = ["card", "upi", "netbanking"];

export interface TestLink {
  id: string;
  referenceId: string;
  amountPaise: number;
  description: string;
  callbackUrl: string;
  expireBy: Date;
  preferredMethod: TestMethod;
  status: "created" | "paid" | "cancelled";
  payments: GatewayPayment[];
}

export interface TestGateway extends PaymentGateway {
  readonly name: "test";
  /** A link of this process, for its page. */
  link(id: string): TestLink | undefined;
  /**
   * The buyer pays (or gives up, `method` null): answers the webhook to send (its raw body and signature) and
   * the return URL to send the browser to, both signed as Razorpay signs them.
   */
  settle(
    id: string,
    outcome: { paid: true; method: TestMethod } | { paid: false },
    now: Date,
  ): { webhook: { body: string; signature: string }; returnUrl: string };
  /** Refunds asked for, oldest first (the page of a development shop shows nothing of them). */
  readonly refunds: readonly { id: string; paymentId: string; amountPaise: number }[];
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex")}`;

/** `/pay/test/:id` on `publicUrl`. */
export function testGateway(publicUrl: string): TestGateway {
  const links = new Map<string, TestLink>();
  const refunds: { id: string; paymentId: string; amountPaise: number }[] = [];
  const find = (id: string) => {
    const link = links.get(id);
    if (!link)
      throw new GatewayUnavailable("The test gateway has no such link (was the server restarted?)", 404);
    return link;
  };

  return {
    name: "test",
    refunds,
    link: (id) => links.get(id),
    async createLink(link: NewLink): Promise<CreatedLink> {
      const id = newId("plink_test");
      links.set(id, {
        id,
        referenceId: link.referenceId,
        amountPaise: link.amountPaise,
        description: link.description,
        callbackUrl: link.callbackUrl,
        expireBy: link.expireBy,
        preferredMethod: link.preferredMethod ?? "card",
        status: "created",
        payments: [],
      });
      return { linkId: id, url: `${publicUrl}/pay/test/${id}` };
    },
    async fetchLink(id) {
      const link = find(id);
      return { status: link.status, currency: "INR", payments: link.payments };
    },
    async cancelLink(id) {
      const link = links.get(id);
      if (link && link.status === "created") link.status = "cancelled";
    },
    verifyReturn: (query) => checkReturn(query, TEST_KEY_SECRET),
    readWebhook: (rawBody, signature) => readEvent(rawBody, signature, TEST_WEBHOOK_SECRET),
    async refund(paymentId, amountPaise) {
      const id = newId("rfnd_test");
      refunds.push({ id, paymentId, amountPaise });
      return { refundId: id, status: "processed" };
    },
    settle(id, outcome, now) {
      const link = find(id);
      const paymentId = newId("pay_test");
      const method = outcome.paid ? outcome.method : link.preferredMethod;
      const payment = {
        id: paymentId,
        entity: "payment",
        amount: link.amountPaise,
        currency: "INR",
        status: outcome.paid ? "captured" : "failed",
        method,
        notes: { reference_id: link.referenceId },
        created_at: Math.floor(now.getTime() / 1000),
      };
      if (outcome.paid) {
        link.status = "paid";
        link.payments.push({ id: paymentId, amountPaise: link.amountPaise, currency: "INR", method });
      }
      const event = outcome.paid
        ? {
            entity: "event",
            account_id: "acc_test",
            event: "payment_link.paid",
            contains: ["payment_link", "payment"],
            payload: {
              payment_link: {
                entity: {
                  id: link.id,
                  amount: link.amountPaise,
                  amount_paid: link.amountPaise,
                  currency: "INR",
                  reference_id: link.referenceId,
                  status: "paid",
                },
              },
              payment: { entity: payment },
            },
            created_at: Math.floor(now.getTime() / 1000),
          }
        : {
            entity: "event",
            account_id: "acc_test",
            event: "payment.failed",
            contains: ["payment"],
            payload: { payment: { entity: payment } },
            created_at: Math.floor(now.getTime() / 1000),
          };
      const body = JSON.stringify(event);
      const status = outcome.paid ? "paid" : "failed";
      const signed = `${link.id}|${link.referenceId}|${status}|${paymentId}`;
      const query = new URLSearchParams({
        razorpay_payment_id: paymentId,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.referenceId,
        razorpay_payment_link_status: status,
        razorpay_signature: razorpaySignature(TEST_KEY_SECRET, signed),
      });
      return {
        webhook: { body, signature: razorpaySignature(TEST_WEBHOOK_SECRET, body) },
        returnUrl: `${link.callbackUrl}${link.callbackUrl.includes("?") ? "&" : "?"}${query}`,
      };
    },
  };
}
