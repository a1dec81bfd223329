import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/index.ts";
import { stopChannel } from "./channels.service.ts";
import * as queue from "./news.repository.ts";

// The providers' webhooks (issue 37, decision 063): status reports move a message's status forward only, so a
// replay changes nothing more; an inbound "STOP" turns that channel off for the account with that number, once
// per inbound message id; a number we do not know is ignored.

interface WebhookContext {
  db: Kysely<Database>;
  now: Date;
}

const sameText = (a: string, b: string) => {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
};

/** WhatsApp's GET handshake: the challenge back when the verify token is ours; null otherwise. */
export function whatsappChallenge(
  query: Record<string, string | undefined>,
  verifyToken: string,
): string | null {
  const token = query["hub.verify_token"] ?? "";
  if (query["hub.mode"] !== "subscribe" || !sameText(token, verifyToken)) return null;
  return query["hub.challenge"] ?? "";
}

/** `X-Hub-Signature-256`: `sha256=` and the HMAC-SHA-256 of the raw body with the app secret, in hex. */
export function whatsappSignatureOk(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex");
  const given = header.slice("sha256=".length);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const isStop = (text: unknown) => typeof text === "string" && /^\s*stop\s*$/i.test(text);
const e164 = (digits: unknown) =>
  typeof digits === "string" && /^\+?\d{8,15}$/.test(digits) ? `+${digits.replace(/^\+/, "")}` : "";
const WHATSAPP_STATUSES = new Set(["sent", "delivered", "read", "failed"]);

type Obj = Record<string, unknown>;
const list = (value: unknown): Obj[] =>
  Array.isArray(value) ? value.filter((each): each is Obj => typeof each === "object" && each !== null) : [];

/**
 * A WhatsApp webhook whose signature was checked: `entry[].changes[].value.statuses[]` ({ id, status }) and
 * `…value.messages[]` ({ id, from, type: "text", text: { body } }). Answers how many things it changed.
 */
export async function takeWhatsAppWebhook(ctx: WebhookContext, rawBody: string): Promise<number> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 0;
  }
  const at = ctx.now.toISOString();
  let changed = 0;
  for (const entry of list((body as Obj)?.entry)) {
    for (const change of list(entry.changes)) {
      const value = (change.value ?? {}) as Obj;
      for (const status of list(value.statuses)) {
        if (typeof status.id !== "string" || !WHATSAPP_STATUSES.has(String(status.status))) continue;
        changed += await queue.recordStatus(
          ctx.db,
          "whatsapp",
          status.id,
          status.status as "sent" | "delivered" | "read" | "failed",
          at,
        );
      }
      for (const message of list(value.messages)) {
        const text = (message.text as Obj | undefined)?.body;
        if (typeof message.id !== "string" || !isStop(text)) continue;
        changed += await stop(ctx, message.id, e164(message.from), "whatsapp");
      }
    }
  }
  return changed;
}

/** MSG91's delivery report's `desc`, or its numeric status: delivered, failed, or still on its way. */
function msg91Status(report: Obj): "delivered" | "failed" | "sent" | null {
  const desc = String(report.desc ?? "").toUpperCase();
  const code = String(report.status ?? "");
  if (desc === "DELIVERED" || code === "1") return "delivered";
  if (["FAILED", "REJECTED", "NDNC", "BLOCKED", "EXPIRED"].includes(desc)) return "failed";
  if (["2", "9", "16", "17", "25", "26"].includes(code)) return "failed";
  if (desc === "SENT" || code === "8") return "sent";
  return null;
}

/**
 * MSG91's webhook (its address carries our secret): delivery reports (`[{ requestId, report: [{ desc, status,
 * number }] }]`, or under `data`) and inbound messages (`{ sender, message, rcvd }`: a STOP). Answers how many
 * things it changed.
 */
export async function takeMsg91Webhook(ctx: WebhookContext, body: unknown): Promise<number> {
  const at = ctx.now.toISOString();
  let changed = 0;
  const items = Array.isArray(body) ? list(body) : list((body as Obj | undefined)?.data);
  for (const item of items) {
    if (typeof item.requestId !== "string") continue;
    for (const report of list(item.report)) {
      const status = msg91Status(report);
      if (status) changed += await queue.recordStatus(ctx.db, "sms", item.requestId, status, at);
    }
  }
  const inbound = (Array.isArray(body) ? {} : (body ?? {})) as Obj;
  if (isStop(inbound.message) && typeof inbound.sender === "string") {
    // NOTE: MSG91 gives an inbound message no id of its own: its sender, text and time name it.
    const id = `msg91:${createHash("sha256")
      .update(`${inbound.sender}|${String(inbound.message)}|${String(inbound.rcvd ?? "")}`)
      .digest("hex")}`;
    changed += await stop(ctx, id, e164(inbound.sender), "sms");
  }
  return changed;
}

async function stop(ctx: WebhookContext, id: string, phone: string, channel: "whatsapp" | "sms") {
  if (!phone) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await queue.takeInbound(trx, id, ctx.now.toISOString()))) return 0;
    return stopChannel(trx, phone, channel, ctx.now);
  });
}

/** MSG91's secret in the webhook's address, compared in constant time. */
export const msg91KeyOk = (given: string | undefined, secret: string) => sameText(given ?? "", secret);
