import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { createPhoneMessenger, type PhoneMessenger } from "./messenger.ts";
import { noPhoneTransport, outboxPhoneTransport } from "./phone-transports.ts";
import { providerPhoneTransport } from "./providers.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends WhatsApp and SMS messages in the background (issue 37; see messenger.ts). */
    phoneMessenger: PhoneMessenger;
  }
}

/**
 * Chooses where phone messages go: the providers configured (WhatsApp Cloud API, MSG91; decision 054), else
 * development's outbox folder (beside the mails, shown at /dev/outbox), or, in production, nowhere (the server
 * warns at start).
 */
export function registerNotify(app: FastifyInstance, config: Config): void {
  const transport =
    config.whatsapp || config.msg91
      ? providerPhoneTransport({ whatsapp: config.whatsapp, msg91: config.msg91 }, app.log)
      : config.production
        ? noPhoneTransport((message) => app.log.warn(message))
        : outboxPhoneTransport(config.outboxDir);
  if (transport.kind === "none")
    app.log.warn("no WhatsApp or SMS provider is set: no sign-in code can be sent");
  const messenger = createPhoneMessenger(transport, app.log);
  app.decorate("phoneMessenger", messenger);
  app.addHook("onClose", () => messenger.settle());
}
