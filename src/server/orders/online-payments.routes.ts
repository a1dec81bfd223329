import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, callerLanguage, documentOnly } from "../http/index.ts";
import { textsIn } from "../texts/index.ts";
import { confirmReturn, handleWebhook } from "./online-payments.service.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NOT_CONFIRMED = {
  title: /*i18n*/ {
    id: "The payment could not be confirmed",
    comment: "The page a buyer sees when a return from the payment gateway is not signed right",
  },
  body: /*i18n*/ {
    id: "We could not confirm this payment, so nothing was changed. If money left your account, the order page shows it once the payment service tells us.",
    comment: "The page a buyer sees when a return from the payment gateway is not signed right",
  },
  link: /*i18n*/ {
    id: "Go to your orders",
    comment: "The link on the page of a payment that could not be confirmed",
  },
};

/**
 * The gateway's two ways back to us (decision 052): the buyer's browser (`GET /api/payments/return`, a 302 to
 * the order's page) and its webhook (`POST /api/payments/webhook`). Both public: each request proves itself by
 * Razorpay's signature, checked in the service; neither trusts an order id the browser sends.
 */
export async function onlinePaymentsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const log = (message: string, details: Record<string, unknown>) => app.log.warn(details, message);

  const returnSchema = {
    description: "The payment gateway's return (Razorpay's signed callback values): 302 to the order's page.",
    querystring: documentOnly(
      z.object({
        razorpay_payment_id: z.string(),
        razorpay_payment_link_id: z.string(),
        razorpay_payment_link_reference_id: z.string(),
        razorpay_payment_link_status: z.string(),
        razorpay_signature: z.string(),
      }),
    ),
  };
  typed.get("/return", { config: { public: true }, schema: returnSchema }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const result = await confirmReturn(request.ctx, query, log);
    if (result.ok) return reply.redirect(`/orders/${encodeURIComponent(result.orderId)}`, 302);
    const say = textsIn(callerLanguage(request));
    const title = say(NOT_CONFIRMED.title);
    return reply
      .status(400)
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="${callerLanguage(request)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(say(NOT_CONFIRMED.body))}</p><p><a href="/orders">${escapeHtml(say(NOT_CONFIRMED.link))}</a></p></main></body></html>`,
      );
  });

  await app.register(async (webhook) => {
    // NOTE: the signature is over the raw body, byte for byte: this scope keeps JSON as the text that came.
    webhook.removeContentTypeParser("application/json");
    webhook.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      done(null, body);
    });
    const webhookSchema = {
      description:
        "The payment gateway's webhook (Razorpay's payment_link.paid, payment.failed, refund.processed, refund.failed), signed with X-Razorpay-Signature over the raw body: 400 when the signature is wrong or missing.",
      headers: documentOnly(z.object({ "x-razorpay-signature": z.string() })),
      body: documentOnly(z.object({ event: z.string(), payload: z.record(z.string(), z.unknown()) })),
      response: { 200: z.object({ received: z.literal(true) }) },
    };
    webhook.withTypeProvider<ZodTypeProvider>().post(
      "/webhook",
      {
        // NOTE: exempt from the custom-header rule (http/access.ts): the gateway's servers cannot send our
        // header; the request proves itself by its signature, checked before anything is read or changed.
        config: { public: true, crossSite: "the payment gateway's webhook, proven by its signature" },
        schema: webhookSchema,
      },
      async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const signature = request.headers["x-razorpay-signature"];
        const ok = await handleWebhook(
          request.ctx,
          raw,
          typeof signature === "string" ? signature : undefined,
          log,
        );
        if (!ok) throw new AppError("bad_request", "The webhook's signature is wrong or missing");
        return { received: true as const };
      },
    );
  });
}
