import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { AppError, documentOnly } from "../http/index.ts";
import {
  msg91KeyOk,
  takeMsg91Webhook,
  takeWhatsAppWebhook,
  whatsappChallenge,
  whatsappSignatureOk,
} from "./webhooks.service.ts";

const Received = z.object({ received: z.literal(true) });
const notSetUp = () => new AppError("not_found", "This channel's order news is not set up");

/**
 * `/api/notify`: the providers' webhooks (issue 37, decision 063), public and proven by a signature (WhatsApp)
 * or a secret (MSG91) before anything is read or changed: 401 otherwise, and nothing changes.
 */
export async function notifyWebhookRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const whatsapp = config.whatsapp?.news;
  const msg91 = config.msg91?.news;

  await app.register(async (scope) => {
    // NOTE: the signature is over the raw body, byte for byte: this scope keeps JSON as the text that came.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      done(null, body);
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/whatsapp/webhook",
      {
        config: { public: true, crossSite: "WhatsApp's webhook handshake, proven by the verify token" },
        schema: {
          description:
            "WhatsApp's webhook handshake: hub.challenge back when hub.verify_token is ours (403 otherwise).",
          querystring: z.record(z.string(), z.string()),
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        if (!whatsapp) throw notSetUp();
        const challenge = whatsappChallenge(request.query, whatsapp.verifyToken);
        if (challenge === null) throw new AppError("forbidden", "The verify token is wrong");
        return reply.type("text/plain; charset=utf-8").send(challenge);
      },
    );
    typed.post(
      "/whatsapp/webhook",
      {
        config: { public: true, crossSite: "WhatsApp's webhook, proven by its signature" },
        schema: {
          description:
            "WhatsApp's webhook (message statuses, and an inbound STOP), signed with X-Hub-Signature-256 over the raw body: 401 when the signature is wrong or missing.",
          headers: documentOnly(z.object({ "x-hub-signature-256": z.string() })),
          body: documentOnly(z.object({ object: z.string(), entry: z.array(z.unknown()) })),
          response: { 200: Received },
        },
      },
      async (request) => {
        if (!whatsapp) throw notSetUp();
        const raw = typeof request.body === "string" ? request.body : "";
        const signature = request.headers["x-hub-signature-256"];
        if (
          !whatsappSignatureOk(raw, typeof signature === "string" ? signature : undefined, whatsapp.appSecret)
        ) {
          throw new AppError("unauthorized", "The webhook's signature is wrong or missing");
        }
        await takeWhatsAppWebhook(request.ctx, raw);
        return { received: true as const };
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/sms/webhook",
    {
      config: { public: true, crossSite: "MSG91's webhook, proven by the secret in its address" },
      schema: {
        description:
          "MSG91's delivery reports and inbound messages (STOP); its address carries MSG91_WEBHOOK_SECRET as ?key= (401 otherwise).",
        querystring: z.object({ key: z.string().optional() }),
        body: documentOnly(z.unknown()),
        response: { 200: Received },
      },
    },
    async (request) => {
      if (!msg91) throw notSetUp();
      if (!msg91KeyOk(request.query.key, msg91.webhookSecret)) {
        throw new AppError("unauthorized", "The webhook's key is wrong or missing");
      }
      await takeMsg91Webhook(request.ctx, request.body);
      return { received: true as const };
    },
  );
}
