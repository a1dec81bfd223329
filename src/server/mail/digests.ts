import { randomUUID } from "node:crypto";
import * as queue from "./mail-queue.repository.ts";
import { isMailable, type MailContext } from "./outbox.ts";
import { orderUpdatesMail, type PartUpdate, type Recipient } from "./templates.ts";

/** How long an order's first news waits for more before its buyer's mail goes (decision 048). */
export const DIGEST_WINDOW_MS = 2 * 60_000;

/** One part of an order moved: what its buyer's mail says of it. */
export interface OrderUpdate {
  /** The buyer: the address typed at checkout, in their account's language. */
  to: Recipient;
  buyerName: string;
  orderId: string;
  orderUrl: string;
  partId: string;
  part: PartUpdate;
}

/** What an open digest holds (mail_queue.digest): the order's buyer and each part's latest news. */
interface OrderDigest {
  to: Recipient;
  buyerName: string;
  orderId: string;
  orderUrl: string;
  parts: (PartUpdate & { partId: string })[];
}

const addressOf = (to: Recipient) => (typeof to === "string" ? to : to.email);

/** One open digest per order and buyer's address. */
const digestKey = (update: OrderUpdate) => `order-updates:${update.orderId}:${addressOf(update.to)}`;

/** The digest with `update` in it: a part's newer news takes the place of its older, in the same place. */
function withUpdate(digest: OrderDigest, update: OrderUpdate): OrderDigest {
  const part = { partId: update.partId, ...update.part };
  const at = digest.parts.findIndex((each) => each.partId === update.partId);
  return {
    ...digest,
    parts: at < 0 ? [...digest.parts, part] : digest.parts.map((each, i) => (i === at ? part : each)),
  };
}

const mailOf = (digest: OrderDigest) =>
  orderUpdatesMail(
    digest.to,
    { buyerName: digest.buyerName, orderId: digest.orderId, parts: digest.parts },
    digest.orderUrl,
  );

/**
 * Queues the buyer's news of a part of their order in the caller's transaction (decision 048): it joins the
 * order's open mail, which goes 2 minutes after its first news, or opens one. A mail claimed for sending, or
 * due already, is closed: the news then opens the next one. Several servers queue into the same row (the
 * digest key is unique, and the row is held while it is written again), and it survives a restart: it is in
 * the database until a server's mailer sends it.
 */
export async function enqueueOrderUpdate(ctx: MailContext, update: OrderUpdate): Promise<void> {
  // NOTE: an order without an e-mail (issue 37) has its news by phone only.
  if (!ctx.mail.sends || !isMailable(addressOf(update.to))) return;
  const key = digestKey(update);
  const now = ctx.now.toISOString();
  // NOTE: at most a few rounds: a row another transaction opened (insert lost) is found the next time.
  for (let round = 0; round < 3; round += 1) {
    const open = await queue.findOpenDigest(ctx.db, key);
    if (open && open.next_attempt_at > now && open.digest) {
      const digest = withUpdate(JSON.parse(open.digest) as OrderDigest, update);
      const mail = mailOf(digest);
      await queue.updateDigest(ctx.db, open.id, {
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        digest: JSON.stringify(digest),
      });
      finish(ctx, new Date(open.next_attempt_at));
      return;
    }
    if (open) await queue.closeDigest(ctx.db, open.id);
    const digest = withUpdate(
      {
        to: update.to,
        buyerName: update.buyerName,
        orderId: update.orderId,
        orderUrl: update.orderUrl,
        parts: [],
      },
      update,
    );
    const mail = mailOf(digest);
    const sendAt = new Date(ctx.now.getTime() + DIGEST_WINDOW_MS);
    const opened = await queue.insertDigest(ctx.db, {
      id: randomUUID(),
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attempts: 0,
      next_attempt_at: sendAt.toISOString(),
      last_error: null,
      created_at: now,
      digest_key: key,
      digest: JSON.stringify(digest),
    });
    if (opened) {
      finish(ctx, sendAt);
      return;
    }
  }
  throw new Error("an order's open mail could not be joined or opened");
}

/** The mailer is told when the digest is due (once the transaction commits; at once outside one). */
function finish(ctx: MailContext, sendAt: Date) {
  ctx.mail.digestQueued(sendAt);
  if (!ctx.db.isTransaction) ctx.mail.committed();
}
