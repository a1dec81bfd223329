import type { Language } from "../../shared/i18n/languages.ts";
import { PHONE_CODE_MINUTES } from "../../shared/schemas/phone.ts";
import { textsIn } from "../texts/index.ts";
import type { PhoneChannel, PhoneMessage } from "./phone-message.ts";

export const CODE_TEXT = /*i18n*/ {
  id: "{code} is your Veggie Cart code. It works for {minutes} minutes. Do not share it with anyone.",
  comment: "The WhatsApp or SMS message that carries a 6-digit sign-in code",
};

/** The message carrying a sign-in code, in its reader's language. */
export function codeMessage(
  to: string,
  language: Language,
  code: string,
  channel: PhoneChannel = "whatsapp",
): PhoneMessage {
  return {
    channel,
    to,
    language,
    text: textsIn(language)(CODE_TEXT, { code, minutes: PHONE_CODE_MINUTES }),
    template: { kind: "code", values: [code] },
  };
}
