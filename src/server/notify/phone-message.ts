import type { Language } from "../../shared/i18n/languages.ts";
import type { NewsEvent } from "../../shared/schemas/notifications.ts";

/** The two phone channels (issue 37): WhatsApp first, SMS where WhatsApp is not used or did not arrive. */
export type PhoneChannel = "whatsapp" | "sms";

/** One WhatsApp or SMS message as the shop writes it, in its reader's language. */
export interface PhoneMessage {
  channel: PhoneChannel;
  /** The number, as E.164. */
  to: string;
  language: Language;
  /** The whole text, as the development outbox shows it and a provider's template says it. */
  text: string;
  /**
   * What a provider sends instead of free text: the template's kind and its values in order (WhatsApp and
   * India's DLT rules allow only registered templates to a person who has not written first). News names its
   * event: each has its own template (decision 066).
   */
  template: { kind: "code"; values: string[] } | { kind: "news"; event: NewsEvent; values: string[] };
}

/** Where phone messages go: a provider's API, development's outbox folder, or nowhere (production). */
export interface PhoneTransport {
  readonly kind: "outbox" | "none" | "provider";
  /** The channels it can send on (a provider's; both for the outbox). */
  readonly channels: readonly PhoneChannel[];
  /**
   * Resolves once the message was handed over, with the provider's id for it (its status webhooks name it);
   * rejects when it could not be.
   */
  deliver(message: PhoneMessage): Promise<string>;
}
