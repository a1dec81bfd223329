import { APP_TITLE } from "../../shared/constants.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import { type Say, textsIn } from "../texts/index.ts";
import type { Mail } from "./mail.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Content {
  greeting: string;
  paragraphs: string[];
  /** A button in HTML, the bare address in text. */
  link?: { label: string; url: string };
  /** Rows of a small table (items and total), as [left, right]. */
  rows?: [string, string][];
  /** Parts of one mail that each speak of one thing (a part of an order): paragraphs, then their own rows. */
  sections?: { paragraphs: string[]; rows: [string, string][] }[];
  after?: string[];
}

/**
 * Who a mail goes to and the language it is written in: the recipient's account language, or for an address
 * with no account (an e-mail change's new address) the language of the account asking. An address alone is
 * written in English.
 */
export type Recipient = string | { email: string; language: Language };

export const addressOf = (to: Recipient) => (typeof to === "string" ? to : to.email);
export const languageOf = (to: Recipient) => (typeof to === "string" ? DEFAULT_LANGUAGE : to.language);
/** The server's texts in the recipient's language (decision 049). */
export const sayTo = (to: Recipient): Say => textsIn(languageOf(to));

/** The shop's name, put into the texts that name it ("your {appTitle} account"). */
export const APP = { appTitle: APP_TITLE };

/** A mail's first line. */
export const greeting = (say: Say, name: string) =>
  say(/*i18n*/ { id: "Hello {name},", comment: "The first line of every mail" }, { name });

/** Builds both parts from one content, so the plain-text part always says what the HTML says. */
export function compose(recipient: Recipient, subject: string, content: Content, secret = false): Mail {
  const to = addressOf(recipient);
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.sections ?? []).flatMap((section) => [
      ...section.paragraphs.flatMap((p) => [p, ""]),
      ...section.rows.map(([l, r]) => `${l}  ${r}`),
      "",
    ]),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ""] : []),
    ...(content.rows ? [...content.rows.map(([l, r]) => `${l}  ${r}`), ""] : []),
    ...(content.after ?? []).flatMap((p) => [p, ""]),
    `— ${APP_TITLE}`,
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const table = (rows: [string, string][]) =>
    `<table style="border-collapse:collapse;margin:0 0 16px">${rows
      .map(
        ([l, r]) =>
          `<tr><td style="padding:4px 16px 4px 0">${escapeHtml(l)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(r)}</td></tr>`,
      )
      .join("")}</table>`;
  const html = [
    `<!doctype html><html lang="${languageOf(recipient)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:0 auto;padding:24px">`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    ...(content.sections ?? []).flatMap((section) => [...section.paragraphs.map(p), table(section.rows)]),
    content.link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.link.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#57534e">${escapeHtml(content.link.url)}</p>`
      : "",
    content.rows ? table(content.rows) : "",
    ...(content.after ?? []).map(p),
    `<p style="margin:0;color:#57534e">— ${APP_TITLE}</p></body></html>`,
  ].join("");
  const rows = (each: [string, string][]) => each.map(([l, r]) => `${l}  ${r}`);
  const short = [
    subject,
    ...content.paragraphs,
    ...(content.sections ?? []).flatMap((section) => [...section.paragraphs, ...rows(section.rows)]),
    ...(content.rows ? rows(content.rows) : []),
    ...(content.after ?? []),
    ...(content.link ? [content.link.url] : []),
  ].join("\n");
  return { to, subject, text, html, short, ...(secret ? { secret: true } : {}) };
}
