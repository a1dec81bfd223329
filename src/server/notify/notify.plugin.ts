import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { createPhoneMessenger, type PhoneMessenger } from "./messenger.ts";
import { createNewsSender, type NewsSender } from "./news-sender.ts";
import { noPhoneTransport, outboxPhoneTransport } from "./phone-transports.ts";
import { providerPhoneTransport } from "./providers.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends WhatsApp and SMS messages in the background (issue 37; see messenger.ts). */
    phoneMessenger: PhoneMessenger;
    /** Sends the queued WhatsApp and SMS order news, and falls back to SMS (decision 063; news-sender.ts). */
    phoneNews: NewsSender;
  }
}

const PASS_INTERVAL_MS = 60_000;

/**
 * Chooses where phone messages go: the providers configured (WhatsApp Cloud API, MSG91; decision 054), else
 * development's outbox folder (beside the mails, shown at /dev/outbox), or, in production, nowhere: then no
 * code is sent (503 `phone_unavailable`), no phone channel is offered or turned on, and no news is queued.
 */
export function registerNotify(app: FastifyInstance, db: Db, config: Config): void {
  const transport =
    config.whatsapp || config.msg91
      ? providerPhoneTransport({ whatsapp: config.whatsapp, msg91: config.msg91 }, app.log)
      : config.production
        ? noPhoneTransport((message) => app.log.warn(message))
        : outboxPhoneTransport(config.outboxDir);
  if (transport.kind === "none")
    app.log.warn("no WhatsApp or SMS provider is set: sign-in by mobile number and phone news are off");
  const news = createNewsSender(db.kysely, transport, app.log, () => app.clock());
  const messenger = createPhoneMessenger(transport, app.log, news.deliverQueued);
  app.decorate("phoneMessenger", messenger);
  app.decorate("phoneNews", news);
  // NOTE: each minute (and at start), every server retries what is due and sends the SMS of WhatsApp messages
  // undelivered for 10 minutes; the claims make each message go once whichever server takes it.
  const timer = setInterval(news.pass, PASS_INTERVAL_MS);
  timer.unref();
  app.addHook("onReady", async () => {
    news.pass();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await news.close();
    await messenger.settle();
  });
}
