import type { MessageDescriptor } from "@lingui/core";
import { formatRupees } from "../../shared/money.ts";
import { type Order, orderNumber } from "../../shared/schemas/orders.ts";
import { compose, greeting, type Recipient, sayTo } from "./compose.ts";
import type { Mail } from "./mail.ts";
import { lineRows, SEE_ORDER } from "./order-mails.ts";

// A buyer's news of a Pay now order's payment (decision 052): not completed, restored, or refunded as late.

/**
 * A buyer's news of a Pay now order's payment (decision 052): a subject and one paragraph, both given the
 * order's number and `values`, the order's lines when `lines`, and the link to the order.
 */
function paymentNewsMail(
  to: Recipient,
  order: Order,
  orderUrl: string,
  news: {
    subject: MessageDescriptor;
    paragraph: MessageDescriptor;
    values?: Record<string, string>;
    lines?: boolean;
  },
): Mail {
  const say = sayTo(to);
  const values = { ...news.values, number: orderNumber(order.id) };
  return compose(to, say(news.subject, values), {
    greeting: greeting(say, order.shipping.fullName),
    paragraphs: [say(news.paragraph, values)],
    ...(news.lines ? { rows: lineRows(say, order.items, order.total) } : {}),
    link: { label: say(SEE_ORDER), url: orderUrl },
  });
}

/**
 * A Pay now order not paid within its hold: it was cancelled and nothing was charged; told once, by the expiry
 * that cancelled it.
 */
export const paymentNotCompletedMail = (to: Recipient, order: Order, orderUrl: string): Mail =>
  paymentNewsMail(to, order, orderUrl, {
    subject: /*i18n*/ {
      id: "Payment not completed: order {number} cancelled",
      comment: "Subject of the mail when a Pay now order was not paid in time",
    },
    paragraph: /*i18n*/ {
      id: "We did not receive the payment for your order {number} in time, so it was cancelled and nothing was charged. The products are back in the shop: you can order them again.",
      comment: "The mail when a Pay now order was not paid in time",
    },
    lines: true,
  });

/**
 * A Pay now order paid after its hold ended, whose stock and slot places were still free: it goes ahead as
 * paid, and this mail stands for its confirmation.
 */
export const latePaymentRestoredMail = (to: Recipient, order: Order, orderUrl: string): Mail =>
  paymentNewsMail(to, order, orderUrl, {
    subject: /*i18n*/ {
      id: "Payment received: order {number} restored",
      comment: "Subject of the mail when a Pay now order paid after its hold ended goes ahead after all",
    },
    paragraph: /*i18n*/ {
      id: "Your payment of {amount} arrived after the time to pay had ended, but the products and delivery places were still free: your order {number} goes ahead, and the farmers have been told.",
      comment: "The mail when a Pay now order paid after its hold ended goes ahead after all",
    },
    values: { amount: formatRupees(order.payment.paid) },
    lines: true,
  });

/**
 * A Pay now order paid after its hold ended, whose stock or slot places were gone: the whole payment goes
 * back, automatically.
 */
export const latePaymentRefundedMail = (
  to: Recipient,
  order: Order,
  amount: number,
  orderUrl: string,
): Mail =>
  paymentNewsMail(to, order, orderUrl, {
    subject: /*i18n*/ {
      id: "Payment received late: {amount} refunded for order {number}",
      comment: "Subject of the mail when a payment arrived after the hold ended and is refunded in full",
    },
    paragraph: /*i18n*/ {
      id: "Your payment of {amount} arrived after the time to pay had ended, and the products or delivery places of your order {number} were no longer free. The whole payment is being refunded to how you paid; nothing more is needed from you.",
      comment: "The mail when a payment arrived after the hold ended and is refunded in full",
    },
    values: { amount: formatRupees(amount) },
  });
