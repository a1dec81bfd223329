import type { OutboxEntry } from "../mail/transports.ts";
import { listOutbox } from "../mail/transports.ts";
import type { TestApp } from "./test-app.ts";

/** Every mail the app has written to its outbox so far (after its background sends finished), oldest first. */
export async function mailsTo(t: TestApp, to: string): Promise<OutboxEntry[]> {
  await t.app.mailer.settle();
  return (await listOutbox(t.outboxDir)).filter((mail) => mail.to === to).reverse();
}

/** The token of the link a mail carries (`…#token=…`). */
export function linkToken(mail: OutboxEntry | undefined): string {
  const match = mail?.text.match(/#token=([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no link in mail: ${mail?.subject}`);
  return match[1]!;
}
