import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailTransport } from "./mail.ts";

/** Delivery through the SMTP server `SMTP_URL` names (nodemailer). */
export function smtpTransport(url: string, from: string): MailTransport {
  // NOTE: short timeouts: a send runs after the reply, but an unreachable server should fail over to the queue
  // within seconds rather than nodemailer's default two minutes.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    deliver: async (mail) => {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

/** What the outbox keeps of one mail, beside its full message as `<id>.eml`. */
export interface OutboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  /**
   * Set for a WhatsApp or SMS message written instead of being sent (issue 37): `to` is the number, `text` the
   * message, and there is no `.eml`.
   */
  channel?: "whatsapp" | "sms";
  /** The language the message was written in (a phone message's). */
  language?: string;
}

export const OUTBOX_ID = /^\d{13}-[0-9a-f]{8}$/;

/**
 * Development's outbox: each mail becomes `<id>.eml` (the message exactly as SMTP would carry it, built by
 * nodemailer) and `<id>.json` (its parts, for `/dev/outbox`). Ids sort by time, and mails this process writes
 * in the same millisecond by the order it wrote them (a counter before the random part).
 */
export function outboxTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    deliver: async (mail) => {
      const info = await composer.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await writeOutboxEntry(
        dir,
        (id) => ({
          id,
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          date: new Date().toISOString(),
        }),
        info.message as Buffer,
      );
    },
    close: () => composer.close(),
  };
}

let written = 0;

/**
 * Writes one entry of development's outbox: `<id>.json` (and `<id>.eml` when given). Ids sort by time, and
 * entries this process writes in the same millisecond by the order it wrote them (a counter before the random
 * part). Returns the entry's id.
 */
export async function writeOutboxEntry(
  dir: string,
  entryOf: (id: string) => OutboxEntry,
  eml?: Buffer,
): Promise<string> {
  const sequence = (written++ % 0x10000).toString(16).padStart(4, "0");
  const id = `${String(Date.now()).padStart(13, "0")}-${sequence}${randomBytes(2).toString("hex")}`;
  await fs.mkdir(dir, { recursive: true });
  if (eml) await fs.writeFile(path.join(dir, `${id}.eml`), eml);
  // NOTE: the listing reads the .json files; writing it under a temporary name and renaming makes a
  // half-written entry invisible.
  const tmp = path.join(dir, `${id}.json.tmp`);
  await fs.writeFile(tmp, JSON.stringify(entryOf(id), null, 2));
  await fs.rename(tmp, path.join(dir, `${id}.json`));
  return id;
}

/** Production without SMTP_URL: nothing is sent (the server warned at start). */
export function noTransport(warn: (message: string) => void): MailTransport {
  return {
    kind: "none",
    deliver: async (mail) => warn(`mail "${mail.subject}" not sent: SMTP_URL is not set`),
    close: () => {},
  };
}

/** The outbox's mails, newest first. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const ids = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .filter((id) => OUTBOX_ID.test(id))
    .sort()
    .reverse();
  const entries = await Promise.all(ids.map((id) => readOutboxMail(dir, id)));
  return entries.filter((entry): entry is OutboxEntry => entry !== undefined);
}

export async function readOutboxMail(dir: string, id: string): Promise<OutboxEntry | undefined> {
  if (!OUTBOX_ID.test(id)) return undefined;
  try {
    return JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8")) as OutboxEntry;
  } catch {
    return undefined;
  }
}

/** The whole message of one outbox mail, as SMTP would have carried it. */
export async function readOutboxMessage(dir: string, id: string): Promise<Buffer | undefined> {
  if (!OUTBOX_ID.test(id)) return undefined;
  return fs.readFile(path.join(dir, `${id}.eml`)).catch(() => undefined);
}
