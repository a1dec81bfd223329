import type { Kysely } from "kysely";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import * as auth from "../auth/index.ts";
import type { Context } from "../context.ts";
import type { Database, Steps } from "../db/index.ts";
import { newPartMail, orderConfirmationMail } from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import * as repo from "./orders.repository.ts";

// The mails of a new order: its buyer's confirmation and each farmer's new part (decisions 018, 063).

/** Confirmations a day to an address that is not the buyer's own (a gift, a household member's). */
export const CONFIRMATIONS_TO_OTHERS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/** Where a mail goes and the language it is written in (the recipient account's, decision 032). */
type Recipient = { email: string; language: Language };

/**
 * Where an order's confirmation goes: to the checkout address when it is the account's own, or when fewer than
 * CONFIRMATIONS_TO_OTHERS_PER_DAY orders (this one included, already written) were mailed there by others in
 * the last day; else to the account's own address, so checkout cannot mail a stranger text the buyer wrote,
 * hundreds of times (issue 25). It is written in the buyer's language, wherever it goes.
 */
function* confirmationRecipient(
  trx: Kysely<Database>,
  buyer: Recipient | undefined,
  checkoutEmail: string,
  now: Date,
): Steps<Recipient> {
  const language = buyer?.language ?? DEFAULT_LANGUAGE;
  // NOTE: an order without an e-mail (an account made by phone, issue 37) is confirmed to the account's own
  // address, which for such an account is `.invalid` and dropped by queueMail; its news goes by phone.
  if (checkoutEmail === "") return buyer ?? { email: "", language };
  if (buyer === undefined || buyer.email === checkoutEmail) return { email: checkoutEmail, language };
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const mailed = yield* repo.countOrdersMailedToOthers(
    trx,
    checkoutEmail,
    since,
    CONFIRMATIONS_TO_OTHERS_PER_DAY + 1,
  );
  return mailed <= CONFIRMATIONS_TO_OTHERS_PER_DAY ? { email: checkoutEmail, language } : buyer;
}

/**
 * The buyer's confirmation, and one mail to each farmer with a part in the new order, to their account
 * address, each in its reader's language; queued in the order's transaction (decision 018) so a refused
 * placement mails nobody. The shop's own part (the deal) has no farmer to tell: the operator sees it in the
 * admin orders. `buyerMail` stands for the confirmation when there is more to say (a late payment's order
 * restored).
 */
export function* mailOrder(
  trx: Context,
  userId: string,
  order: Order,
  now: Date,
  buyerMail: typeof orderConfirmationMail = orderConfirmationMail,
): Steps<void> {
  const farmerIds = order.fulfilments.flatMap((part) => (part.farmerId ? [part.farmerId] : []));
  // NOTE: one read of every recipient's address and language, the buyer's and the farmers'.
  const recipients = yield* auth.mailRecipients(trx.db, [userId, ...farmerIds]);
  const to = yield* confirmationRecipient(trx.db, recipients.get(userId), order.shipping.email, now);
  const confirmation = buyerMail(to, order, trx.mail.link(`/orders/${order.id}`));
  // NOTE: each mail goes if its reader keeps e-mail on, and its text by WhatsApp or SMS if they chose one (decision 063).
  const news: notify.News[] = [
    {
      userId,
      kind: "buying",
      event: "order_placed",
      mail: confirmation,
      text: confirmation.short ?? confirmation.subject,
      orderId: order.id,
    },
  ];
  for (const part of order.fulfilments) {
    const farmer = part.farmerId ? recipients.get(part.farmerId) : undefined;
    if (!farmer || !part.farmerId) continue;
    const mail = newPartMail(farmer, order, part, trx.mail.link("/farmer"));
    news.push({
      userId: part.farmerId,
      kind: "fulfilling",
      event: "new_part",
      mail,
      text: mail.short ?? mail.subject,
      orderId: order.id,
      partId: part.id,
    });
  }
  yield* notify.tell(trx, news);
}
