import { DIGEST_WINDOW_MS } from "../mail/index.ts";
import type { OutboxEntry } from "../mail/transports.ts";
import { listOutbox } from "../mail/transports.ts";
import type { TestApp } from "./test-app.ts";

/** Every mail the app has written to its outbox so far (after its background sends finished), oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<OutboxEntry[]> {
  await t.app.mailer.settle();
  return (await listOutbox(t.outboxDir)).filter((mail) => mail.to === to).reverse();
}

/** Every WhatsApp and SMS message the app has written to its outbox for `number` (E.164), oldest first. */
export async function phoneMessagesTo(t: TestApp, number: string): Promise<OutboxEntry[]> {
  await t.app.phoneMessenger.settle();
  await t.app.phoneNews.settle();
  return (await listOutbox(t.outboxDir)).filter((entry) => entry.channel && entry.to === number).reverse();
}

/** Every entry an outbox folder holds (another sender's, in a test), oldest first. */
export async function outboxEntriesIn(dir: string): Promise<OutboxEntry[]> {
  return (await listOutbox(dir)).reverse();
}

/** The 6-digit code of the newest message to `number`. */
export async function codeSentTo(t: TestApp, number: string): Promise<string> {
  const newest = (await phoneMessagesTo(t, number)).at(-1);
  const match = newest?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code sent to ${number}`);
  return match[1]!;
}

/** The token of the link a mail carries (`…#token=…`). */
export function linkToken(mail: OutboxEntry | undefined): string {
  const match = mail?.text.match(/#token=([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no link in mail: ${mail?.subject}`);
  return match[1]!;
}

/**
 * The mailer's pass once an order's news has waited its 2 minutes (decision 048): every buyer's mail about the
 * parts of their orders queued so far goes now, as if that much time had passed since (by the app's clock).
 * A test whose moves stand for clicks minutes apart calls it after each.
 */
export async function sendOrderNews(t: TestApp): Promise<void> {
  await t.app.mailer.settle();
  await t.app.mailer.retryQueued(new Date(t.app.clock().getTime() + DIGEST_WINDOW_MS));
  await t.app.mailer.settle();
}
