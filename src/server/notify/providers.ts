import type { FastifyBaseLogger } from "fastify";
import type { Msg91Settings, WhatsAppSettings } from "../config.ts";
import type { PhoneMessage, PhoneTransport } from "./phone-message.ts";

/** A provider's answer must come within this; a hung provider fails over to SMS rather than hold the code. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** The number as both providers take it: E.164 without its "+". */
const digitsOf = (e164: string) => e164.replace(/^\+/, "");

/**
 * Meta's WhatsApp Cloud API: `POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with the bearer
 * token. A code goes as the approved authentication template (its text is WhatsApp's own, in the reader's
 * language), the code in its body and its copy-code button. Answers the message's id (`wamid…`).
 */
export async function sendWhatsApp(settings: WhatsAppSettings, message: PhoneMessage): Promise<string> {
  const [code = ""] = message.template.values;
  const template =
    message.template.kind === "news"
      ? // NOTE: order news (decisions 063, 066): the event's utility template, its body's one variable the text.
        {
          name: settings.news?.templates[message.template.event] ?? "",
          language: { code: message.language },
          components: [{ type: "body", parameters: [{ type: "text", text: message.text }] }],
        }
      : {
          name: settings.codeTemplate,
          language: { code: message.language },
          components: [
            { type: "body", parameters: [{ type: "text", text: code }] },
            { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
          ],
        };
  const response = await fetch(`${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: digitsOf(message.to),
      type: "template",
      template,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number };
  };
  const id = body.messages?.[0]?.id;
  if (!response.ok || !id) {
    throw new Error(
      `WhatsApp answered ${response.status}: ${body.error?.code ?? ""} ${body.error?.message ?? ""}`,
    );
  }
  return id;
}

/**
 * MSG91's Flow API (`POST {MSG91_API_URL}/flow` with the `authkey` header): the DLT-registered template of the
 * reader's language, the code as its `code` variable (`##code##` in the template). Answers MSG91's request id.
 */
export async function sendMsg91(settings: Msg91Settings, message: PhoneMessage): Promise<string> {
  const [code = ""] = message.template.values;
  const news = message.template.kind === "news";
  const response = await fetch(`${settings.apiUrl}/flow`, {
    method: "POST",
    headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      // NOTE: news goes with its event's DLT template in the reader's language (decision 066).
      template_id:
        message.template.kind === "news"
          ? settings.news?.templates[message.language][message.template.event]
          : settings.codeTemplates[message.language],
      ...(settings.sender ? { sender: settings.sender } : {}),
      short_url: "0",
      recipients: [
        news
          ? { mobiles: digitsOf(message.to), text: message.text }
          : { mobiles: digitsOf(message.to), code },
      ],
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { type?: string; message?: string };
  if (!response.ok || body.type !== "success" || !body.message) {
    throw new Error(`MSG91 answered ${response.status}: ${body.type ?? ""} ${body.message ?? ""}`);
  }
  return body.message;
}

/**
 * The real providers: a code by WhatsApp when it is set up, else (or when WhatsApp refuses or fails to answer)
 * by SMS through MSG91 when that is. Neither the number nor the text is logged.
 */
export function providerPhoneTransport(
  providers: { whatsapp?: WhatsAppSettings; msg91?: Msg91Settings },
  log: FastifyBaseLogger,
): PhoneTransport {
  const { whatsapp, msg91 } = providers;
  return {
    kind: "provider",
    // NOTE: order news goes only on a channel whose news template is set (decision 063).
    channels: [...(whatsapp?.news ? ["whatsapp" as const] : []), ...(msg91?.news ? ["sms" as const] : [])],
    deliver: async (message) => {
      if (message.template.kind === "news") {
        // NOTE: no failover here: the news queue retries, and falls back to SMS after 10 minutes itself.
        if (message.channel === "whatsapp" && whatsapp?.news) return sendWhatsApp(whatsapp, message);
        if (message.channel === "sms" && msg91?.news) return sendMsg91(msg91, message);
        throw new Error(`no ${message.channel} provider for order news is configured`);
      }
      if (message.channel === "whatsapp" && whatsapp) {
        try {
          return await sendWhatsApp(whatsapp, message);
        } catch (error) {
          if (!msg91) throw error;
          log.warn({ err: (error as Error).message }, "WhatsApp did not take a code: sending it by SMS");
        }
      }
      if (!msg91) throw new Error("no SMS provider is configured");
      return sendMsg91(msg91, { ...message, channel: "sms" });
    },
  };
}
