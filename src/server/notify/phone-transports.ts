import { writeOutboxEntry } from "../mail/index.ts";
import type { PhoneMessage, PhoneTransport } from "./phone-message.ts";

const CHANNEL_NAMES = { whatsapp: "WhatsApp", sms: "SMS" } as const;

/**
 * Development and tests without a provider: each message becomes an entry of the outbox folder beside the
 * mails (`/dev/outbox` lists them with their channel, number, language and text), so the one-command start
 * shows a sign-in code without any account anywhere. Never used in production.
 */
export function outboxPhoneTransport(dir: string): PhoneTransport {
  return {
    kind: "outbox",
    channels: ["whatsapp", "sms"],
    deliver: async (message) => {
      const id = await writeOutboxEntry(dir, (entryId) => ({
        id: entryId,
        from: "Veggie Cart",
        to: message.to,
        subject: `${CHANNEL_NAMES[message.channel]} message`,
        text: message.text,
        html: "",
        date: new Date().toISOString(),
        channel: message.channel,
        language: message.language,
      }));
      return `outbox-${id}`;
    },
  };
}

/** Production without a provider: nothing is sent; the warning names neither the number nor the text. */
export function noPhoneTransport(warn: (message: string) => void): PhoneTransport {
  return {
    kind: "none",
    channels: [],
    deliver: async (message: PhoneMessage) => {
      warn(`a ${CHANNEL_NAMES[message.channel]} message was not sent: no provider is configured`);
      return "";
    },
  };
}
