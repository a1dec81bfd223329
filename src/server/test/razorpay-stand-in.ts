import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for Razorpay's API (issue 36), answering the endpoints the shop calls as Razorpay
 * documents them (https://razorpay.com/docs/api/payments/payment-links/, …/refunds/): `POST /v1/payment_links`,
 * `GET /v1/payment_links/:id`, `POST /v1/payment_links/:id/cancel` and `POST /v1/payments/:id/refund`, behind
 * HTTP Basic auth with the key id and secret. A test plays the buyer with `pay` and `fail`, which answer the
 * return's query and the webhook, signed as Razorpay signs them (HMAC-SHA256: the return with the key secret
 * over `plink_id|reference_id|status|payment_id`, the webhook with the webhook secret over the raw body).
 * It is written from Razorpay's documentation alone, never from our code, so it checks what we send.
 */

export interface StandInLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  description: string;
  callback_url: string;
  callback_method: string;
  expire_by: number;
  notes: Record<string, string>;
  customer: Record<string, string>;
  status: "created" | "paid" | "cancelled" | "expired" | "partially_paid";
  payments: {
    payment_id: string;
    amount: number;
    method: string;
    status: string;
    plink_id: string;
    created_at: number;
    updated_at: number;
  }[];
  created_at: number;
}

export interface StandInRefund {
  id: string;
  payment_id: string;
  amount: number;
  notes: Record<string, string>;
  status: "pending" | "processed" | "failed";
}

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, StandInLink>;
  refunds: StandInRefund[];
  /** Every request, `METHOD path`, in order. */
  calls: string[];
  /** `"5xx"`: every call answers 503; `"hang"`: no call is answered; null: up. */
  failure: "5xx" | "hang" | null;
  /** The buyer pays a link: the return's query and the webhook (`payment_link.paid`), both signed. */
  pay(
    linkId: string,
    options?: { method?: string; amount?: number; currency?: string },
  ): { paymentId: string; returnQuery: Record<string, string>; webhook: SignedWebhook };
  /** A payment on the link fails (`payment.failed`, its notes the link's). */
  fail(linkId: string): { paymentId: string; webhook: SignedWebhook };
  /** Razorpay tells of a refund's end (`refund.processed` or `refund.failed`). */
  refundEvent(refundId: string, status: "processed" | "failed"): SignedWebhook;
  /** Signs any body as Razorpay signs a webhook (for replay and forgery tests). */
  sign(body: string): string;
  close(): Promise<void>;
}

export interface SignedWebhook {
  body: string;
  signature: string;
}

const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;
const seconds = () => Math.floor(Date.now() / 1000);

function error(res: http.ServerResponse, status: number, code: string, description: string) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      error: {
        code,
        description,
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        metadata: {},
      },
    }),
  );
}

function send(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = `rzp_test_${randomBytes(6).toString("hex")}`;
  const keySecret = randomBytes(12).toString("hex");
  const webhookSecret = randomBytes(12).toString("hex");
  const links = new Map<string, StandInLink>();
  const refunds: StandInRefund[] = [];
  const calls: string[] = [];
  const payments = new Map<string, { amount: number; currency: string; refunded: number }>();
  const hanging = new Set<http.ServerResponse>();

  const linkEntity = (link: StandInLink) => ({
    accept_partial: false,
    amount: link.amount,
    amount_paid: link.amount_paid,
    callback_method: link.callback_method,
    callback_url: link.callback_url,
    cancelled_at: link.status === "cancelled" ? seconds() : 0,
    created_at: link.created_at,
    currency: link.currency,
    customer: link.customer,
    description: link.description,
    expire_by: link.expire_by,
    expired_at: 0,
    first_min_partial_amount: 0,
    id: link.id,
    notes: link.notes,
    notify: { email: false, sms: false },
    payments: link.payments.length > 0 ? link.payments : null,
    reference_id: link.reference_id,
    reminder_enable: false,
    reminders: [],
    short_url: `https://rzp.io/i/${link.id.slice(6)}`,
    status: link.status,
    updated_at: seconds(),
    upi_link: false,
    user_id: "",
  });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      calls.push(`${req.method} ${path}`);
      if (standIn.failure === "hang") {
        hanging.add(res);
        return;
      }
      if (standIn.failure === "5xx") return error(res, 503, "SERVER_ERROR", "The server is unavailable");
      const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        return error(res, 401, "BAD_REQUEST_ERROR", "The api key provided is invalid");
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return error(res, 400, "BAD_REQUEST_ERROR", "The request body is not JSON");
      }
      if (req.method === "POST" && path === "/v1/payment_links") {
        const amount = body.amount;
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
          return error(res, 400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00");
        }
        if (body.currency !== "INR") return error(res, 400, "BAD_REQUEST_ERROR", "Currency is not supported");
        const reference = String(body.reference_id ?? "");
        if ([...links.values()].some((link) => link.reference_id === reference && reference !== "")) {
          return error(
            res,
            400,
            "BAD_REQUEST_ERROR",
            `payment link with given reference_id ${reference} already exists`,
          );
        }
        if (typeof body.expire_by !== "number" || body.expire_by < seconds() + 15 * 60) {
          return error(
            res,
            400,
            "BAD_REQUEST_ERROR",
            "expire_by should be at least 15 minutes after current time",
          );
        }
        const link: StandInLink = {
          id: id("plink"),
          amount,
          amount_paid: 0,
          currency: "INR",
          reference_id: reference,
          description: String(body.description ?? ""),
          callback_url: String(body.callback_url ?? ""),
          callback_method: String(body.callback_method ?? ""),
          expire_by: body.expire_by,
          notes: (body.notes ?? {}) as Record<string, string>,
          customer: (body.customer ?? {}) as Record<string, string>,
          status: "created",
          payments: [],
          created_at: seconds(),
        };
        links.set(link.id, link);
        return send(res, linkEntity(link));
      }
      const linkMatch = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(path);
      if (linkMatch) {
        const link = links.get(linkMatch[1] ?? "");
        if (!link) return error(res, 400, "BAD_REQUEST_ERROR", "The id provided does not exist");
        if (req.method === "GET" && !linkMatch[2]) return send(res, linkEntity(link));
        if (req.method === "POST" && linkMatch[2]) {
          if (link.status !== "created") {
            return error(
              res,
              400,
              "BAD_REQUEST_ERROR",
              `Payment link cannot be cancelled as it is already ${link.status}`,
            );
          }
          link.status = "cancelled";
          return send(res, linkEntity(link));
        }
      }
      const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === "POST" && refundMatch) {
        const paymentId = refundMatch[1] ?? "";
        const payment = payments.get(paymentId);
        if (!payment) return error(res, 400, "BAD_REQUEST_ERROR", "The id provided does not exist");
        const amount = typeof body.amount === "number" ? body.amount : payment.amount - payment.refunded;
        if (!Number.isInteger(amount) || amount < 100 || amount > payment.amount - payment.refunded) {
          return error(
            res,
            400,
            "BAD_REQUEST_ERROR",
            "The refund amount provided is greater than amount captured",
          );
        }
        payment.refunded += amount;
        const refund: StandInRefund = {
          id: id("rfnd"),
          payment_id: paymentId,
          amount,
          notes: (body.notes ?? {}) as Record<string, string>,
          status: "pending",
        };
        refunds.push(refund);
        return send(res, {
          id: refund.id,
          entity: "refund",
          amount,
          currency: payment.currency,
          payment_id: paymentId,
          notes: refund.notes,
          receipt: null,
          acquirer_data: { arn: null },
          created_at: seconds(),
          batch_id: null,
          status: refund.status,
          speed_processed: "normal",
          speed_requested: "normal",
        });
      }
      return error(res, 400, "BAD_REQUEST_ERROR", "The requested URL was not found on the server.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const webhookOf = (event: string, payload: Record<string, unknown>): SignedWebhook => {
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_StandIn",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: seconds(),
    });
    return { body, signature: hmac(webhookSecret, body) };
  };
  const paymentEntity = (
    paymentId: string,
    link: StandInLink,
    amount: number,
    currency: string,
    method: string,
    status: string,
  ) => ({
    id: paymentId,
    entity: "payment",
    amount,
    currency,
    status,
    order_id: `order_${link.id.slice(6)}`,
    invoice_id: null,
    international: false,
    method,
    amount_refunded: 0,
    refund_status: null,
    captured: status === "captured",
    description: link.description,
    email: link.customer.email ?? "",
    contact: link.customer.contact ?? "",
    notes: link.notes,
    fee: 0,
    tax: 0,
    error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
    created_at: seconds(),
  });

  const standIn: RazorpayStandIn = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    links,
    refunds,
    calls,
    failure: null,
    pay(linkId, options = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no link ${linkId}`);
      const paymentId = id("pay");
      const amount = options.amount ?? link.amount;
      const currency = options.currency ?? link.currency;
      const method = options.method ?? "upi";
      payments.set(paymentId, { amount, currency, refunded: 0 });
      link.status = "paid";
      link.amount_paid = amount;
      link.payments.push({
        payment_id: paymentId,
        amount,
        method,
        status: "captured",
        plink_id: link.id,
        created_at: seconds(),
        updated_at: seconds(),
      });
      const returnQuery = {
        razorpay_payment_id: paymentId,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: "paid",
        razorpay_signature: hmac(keySecret, `${link.id}|${link.reference_id}|paid|${paymentId}`),
      };
      const webhook = webhookOf("payment_link.paid", {
        payment_link: { entity: linkEntity(link) },
        order: {
          entity: { id: `order_${link.id.slice(6)}`, amount, amount_paid: amount, currency, status: "paid" },
        },
        payment: { entity: paymentEntity(paymentId, link, amount, currency, method, "captured") },
      });
      return { paymentId, returnQuery, webhook };
    },
    fail(linkId) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no link ${linkId}`);
      const paymentId = id("pay");
      const webhook = webhookOf("payment.failed", {
        payment: { entity: paymentEntity(paymentId, link, link.amount, link.currency, "card", "failed") },
      });
      return { paymentId, webhook };
    },
    refundEvent(refundId, status) {
      const refund = refunds.find((candidate) => candidate.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      return webhookOf(`refund.${status}`, {
        refund: {
          entity: {
            id: refund.id,
            entity: "refund",
            amount: refund.amount,
            currency: "INR",
            payment_id: refund.payment_id,
            notes: refund.notes,
            status,
            created_at: seconds(),
          },
        },
      });
    },
    sign: (body) => hmac(webhookSecret, body),
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
