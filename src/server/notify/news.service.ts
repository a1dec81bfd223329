import type { Kysely } from "kysely";
import type { BuyerReached, NewsEvent, NotificationKind } from "../../shared/schemas/notifications.ts";
import type { Database, Steps } from "../db/index.ts";
import { type Mail, type MailContext, queueMail } from "../mail/index.ts";
import { reachOfUsers } from "./channels.service.ts";
import * as queue from "./news.repository.ts";
import type { PhoneChannel } from "./phone-message.ts";

export type { NewsEvent };

/** One person's news of one event. */
export interface News {
  userId: string;
  kind: NotificationKind;
  event: NewsEvent;
  /**
   * The e-mail of the same news: queued when the person keeps e-mail on for this kind. Absent when the caller
   * mails it another way (an order's 2-minute digest asks `emailAllowed` first).
   */
  mail?: Mail;
  /** The WhatsApp or SMS text, in the person's language: the same mail's `short` (the same catalogue texts). */
  text: string;
  orderId?: string;
  partId?: string;
}

/** What the news needs of the phone side of a context. */
export interface NewsOutbox {
  /** The channels a provider (or the development outbox) can carry news on. */
  readonly channels: readonly PhoneChannel[];
  /** Called once news was committed: sends it in the background. */
  newsQueued(): void;
}

export interface NewsContext extends MailContext {
  phone: NewsOutbox;
  onCommit?: Map<string, () => Promise<void>>;
}

/**
 * Tells each person their news, in the caller's transaction (decision 018): the e-mail if they keep e-mail
 * on, and one phone message: by WhatsApp when they allow it, else by SMS when they allow that (WhatsApp with
 * SMS allowed too falls back to SMS after 10 minutes undelivered; news-sender.ts). Nothing goes on a channel
 * that is off or lacks consent. Sent after the commit; a rollback sends nothing.
 */
export function* tell(ctx: NewsContext, items: readonly News[]): Steps<void> {
  if (items.length === 0) return;
  const reach = yield* reachOfUsers(
    ctx.db,
    items.map((item) => item.userId),
  );
  const mails: Mail[] = [];
  const rows: queue.PhoneMessageRow[] = [];
  const at = ctx.now.toISOString();
  for (const item of items) {
    const person = reach.get(item.userId);
    if (!person) continue;
    const allowed = person.allowed[item.kind];
    if (item.mail && allowed.email) mails.push(item.mail);
    const channel = (["whatsapp", "sms"] as const).find(
      (each) => allowed[each] && ctx.phone.channels.includes(each),
    );
    if (!channel || !person.phone || !ctx.mail.sends) continue;
    rows.push(
      queue.queuedMessage(at, {
        user_id: item.userId,
        kind: item.kind,
        event: item.event,
        channel,
        recipient: person.phone,
        language: person.language,
        text: item.text,
        order_id: item.orderId ?? null,
        part_id: item.partId ?? null,
        fallback_of: null,
      }),
    );
  }
  yield* queueMail(ctx, mails);
  if (rows.length === 0) return;
  yield* queue.phoneMessagesInserted(ctx.db, rows);
  if (ctx.onCommit) ctx.onCommit.set("phone-news", async () => ctx.phone.newsQueued());
  else if (!ctx.db.isTransaction) ctx.phone.newsQueued();
}

/**
 * Whether each part's buyer was reached by phone about it (for its farmer): the newest message to the buyer
 * about the part, or about its whole order (the order's confirmation); its channel and status. A part with
 * none is absent.
 */
export function* buyersReached(
  db: Kysely<Database>,
  parts: readonly { partId: string; orderId: string; buyerId: string }[],
): Steps<Map<string, BuyerReached>> {
  const rows = yield* queue.newestToBuyers(db, parts);
  const reached = new Map<string, BuyerReached>();
  for (const part of parts) {
    // NOTE: oldest first, so the last that matches is the newest.
    const newest = rows.findLast(
      (row) =>
        row.user_id === part.buyerId &&
        (row.part_id === part.partId || (row.part_id === null && row.order_id === part.orderId)),
    );
    if (newest) reached.set(part.partId, { channel: newest.channel, status: newest.status });
  }
  return reached;
}

/** Account deletion (in its transaction): the person's queued and sent messages go. */
export async function forgetMessages(db: Kysely<Database>, userId: string): Promise<void> {
  await queue.deleteMessagesOf(db, userId);
}
