import type { FastifyInstance, FastifyReply } from "fastify";
import { listOutbox, readOutboxMail, readOutboxMessage } from "./transports.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text with its http(s) addresses made into links. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** An outbox page; it names the shop's icon, so the browser asks for no /favicon.ico (a 404: issue 25). */
function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
        `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;color:#1c1917}a{color:#166534}li{margin:.5rem 0}pre{white-space:pre-wrap;background:#f5f5f4;padding:1rem;border-radius:.5rem}dt{font-weight:600}</style>` +
        `</head><body><main>${body}</main></body></html>`,
    );
}

/**
 * Development's outbox: every mail the server wrote (no SMTP_URL), newest first, and each one's plain-text
 * part. Registered only outside production.
 */
export async function outboxRoutes(app: FastifyInstance, { dir }: { dir: string }) {
  app.get("/", async (_request, reply) => {
    const mails = await listOutbox(dir);
    const items = mails
      .map(
        (m) =>
          `<li><a href="/dev/outbox/${m.id}">${escapeHtml(m.subject)}</a> — to ${escapeHtml(m.to)}, <time datetime="${m.date}">${escapeHtml(m.date)}</time></li>`,
      )
      .join("");
    return page(
      reply,
      "Outbox",
      `<h1>Outbox</h1><p>Mails, WhatsApp and SMS messages written in development instead of being sent (${mails.length}).</p>` +
        (items ? `<ul>${items}</ul>` : "<p>No mail yet.</p>"),
    );
  });

  app.get<{ Params: { id: string } }>("/:id", async (request, reply) => {
    const mail = await readOutboxMail(dir, request.params.id);
    if (!mail)
      return page(
        reply.status(404),
        "Not found",
        '<h1>No such mail</h1><p><a href="/dev/outbox">Outbox</a></p>',
      );
    return page(
      reply,
      mail.subject,
      `<p><a href="/dev/outbox">Outbox</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
        `<dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Date</dt><dd>${escapeHtml(mail.date)}</dd>` +
        // NOTE: a WhatsApp or SMS message (issue 37) says its channel and language, and has no .eml.
        (mail.channel
          ? `<dt>Channel</dt><dd>${escapeHtml(mail.channel)}</dd><dt>Language</dt><dd>${escapeHtml(mail.language ?? "")}</dd></dl><h2>Text</h2><pre>${linkify(mail.text)}</pre>`
          : `</dl><h2>Plain text</h2><pre>${linkify(mail.text)}</pre>` +
            `<p><a href="/dev/outbox/${mail.id}/eml">The whole message (.eml)</a></p>`),
    );
  });

  app.get<{ Params: { id: string } }>("/:id/eml", async (request, reply) => {
    const message = await readOutboxMessage(dir, request.params.id);
    if (!message) return page(reply.status(404), "Not found", "<h1>No such mail</h1>");
    return reply.header("cache-control", "no-store").type("text/plain; charset=utf-8").send(message);
  });
}
