import type { MessageDescriptor } from "@lingui/core";
import { formatRupees } from "../../shared/money.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import { orderNumber, type PlacedLine } from "../../shared/schemas/orders.ts";
import type { PartSlot } from "../../shared/schemas/slots.ts";
import { PART_STATUS_TEXTS, type Say } from "../texts/index.ts";
import { compose, greeting, languageOf, type Recipient, sayTo } from "./compose.ts";
import type { Mail } from "./mail.ts";
import { billedRow, lineRows, SEE_ORDER, THEIR_REASON, TOTAL, WHEN_AND_WHERE } from "./order-mails.ts";
import { SLOT_KINDS, slotLabelIn, slotText } from "./slot-texts.ts";

// The buyer's mails of what became of the parts of an order. Their texts are in the server's catalogue
// (decision 049).

/** A status a part of an order can be moved to and its buyer told of (nothing moves back to pending or scheduled). */
export type MovedStatus = Exclude<PartStatus, "pending" | "scheduled">;

/** Who did what to a part: "Asha has confirmed these items of your order #AB12CD34…". */
const MOVED: Record<MovedStatus, MessageDescriptor> = {
  confirmed: /*i18n*/ {
    id: "{farmer} has confirmed these items of your order {number} and is getting them ready.",
  },
  out_for_delivery: /*i18n*/ { id: "{farmer} has sent these items of your order {number} out for delivery." },
  delivered: /*i18n*/ { id: "{farmer} has marked these items of your order {number} as delivered." },
  cancelled: /*i18n*/ {
    id: "{farmer} has cancelled these items of your order {number}. You pay nothing for them.",
  },
};

const THEIR_NOTE = /*i18n*/ {
  id: "Their note: {note}",
  comment: "What a farmer wrote with a part's news: a delivery note, or why nobody was home",
};

/** The subject of a part's news: "Your Veggie Cart order #AB12CD34: Confirmed". */
const statusSubject = (say: Say, number: string, status: string) =>
  say(
    /*i18n*/ { id: "Your Veggie Cart order {number}: {status}", comment: "Subject of a part's news" },
    { number, status },
  );

/** A buyer's news of their order: greeted by name, the news, and the link to the order. */
const buyerNews = (
  to: Recipient,
  say: Say,
  news: { subject: string; buyerName: string; paragraphs: string[]; rows?: [string, string][] },
  orderUrl: string,
): Mail =>
  compose(to, news.subject, {
    greeting: greeting(say, news.buyerName),
    paragraphs: news.paragraphs,
    ...(news.rows ? { rows: news.rows } : {}),
    link: { label: say(SEE_ORDER), url: orderUrl },
  });

const SLOT_CLOSED = {
  subject: /*i18n*/ {
    id: "Your Veggie Cart order {number}: slot closed by the farmer",
    comment: "Subject of the mail telling a buyer the farmer closed their order's slot",
  },
  body: /*i18n*/ {
    id: "{farmer} has closed the {kind} slot of your order {number} ({when}). Your order stays; please contact {contact} to agree on another time.",
  },
  /** "Asha on +91 98765 43210": whom to contact, with the phone the farmer set. */
  contact: /*i18n*/ { id: "{farmer} on {phone}", comment: "Whom to contact, with their phone" },
};

/** The farmer closed the slot a part was placed in: the buyer should contact them (decision 017). */
export function slotClosedMail(
  to: Recipient,
  part: {
    buyerName: string;
    orderId: string;
    farmerName: string;
    /** The contact phone the farmer set; null when none. */
    farmerPhone: string | null;
    slot: PartSlot;
    reason: string;
  },
  orderUrl: string,
): Mail {
  const say = sayTo(to);
  const number = orderNumber(part.orderId);
  const farmer = part.farmerName;
  const contact = part.farmerPhone ? say(SLOT_CLOSED.contact, { farmer, phone: part.farmerPhone }) : farmer;
  const when = slotLabelIn(say, languageOf(to), part.slot);
  const kind = say(SLOT_KINDS[part.slot.kind]);
  return buyerNews(
    to,
    say,
    {
      subject: say(SLOT_CLOSED.subject, { number }),
      buyerName: part.buyerName,
      paragraphs: [
        say(SLOT_CLOSED.body, { farmer, kind, number, when, contact }),
        say(THEIR_REASON, { reason: part.reason }),
      ],
    },
    orderUrl,
  );
}

const NOT_HOME = {
  subject: /*i18n*/ {
    id: "Your Veggie Cart order {number}: we came, nobody was home",
    comment: "Subject of the mail telling a buyer the farmer came and nobody was home",
  },
  body: /*i18n*/ {
    id: "We came at {time}, nobody was home. {farmer} still has your order {number} and will contact you to bring it again.",
  },
};

/** The farmer came and nobody was home (the delivery run): the part stays out for delivery. */
export function notHomeMail(
  to: Recipient,
  part: { buyerName: string; orderId: string; farmerName: string; time: string; reason: string },
  orderUrl: string,
): Mail {
  const say = sayTo(to);
  const number = orderNumber(part.orderId);
  const paragraphs = [
    say(NOT_HOME.body, { time: part.time, farmer: part.farmerName, number }),
    say(THEIR_NOTE, { note: part.reason }),
  ];
  return buyerNews(
    to,
    say,
    { subject: say(NOT_HOME.subject, { number }), buyerName: part.buyerName, paragraphs },
    orderUrl,
  );
}

/** A part of an order that moved, as its buyer's mail tells it. */
export interface PartUpdate {
  farmerName: string;
  status: MovedStatus;
  reason?: string;
  items: readonly PlacedLine[];
  total: number;
  /** The part's bill is final: its lines are listed as billed, not as ordered. */
  billFinal: boolean;
  /** Its slot, said when it goes out for delivery: the window to be home in (issue 37). */
  slot?: PartSlot;
}

/** What a move says of a part: who did what (and why), then its lines and total. */
function partSection(to: Recipient, say: Say, number: string, part: PartUpdate) {
  return {
    paragraphs: [
      say(MOVED[part.status], { farmer: part.farmerName, number }),
      ...(part.status === "out_for_delivery" && part.slot
        ? [say(WHEN_AND_WHERE, { slots: slotText(say, languageOf(to), part.slot) })]
        : []),
      ...(part.reason
        ? [
            part.status === "cancelled"
              ? say(THEIR_REASON, { reason: part.reason })
              : say(THEIR_NOTE, { note: part.reason }),
          ]
        : []),
    ],
    // NOTE: once the bill is final the lines add up to it: a line packed at 0 g is gone, weighed ones at their
    // amount (issue 40); before, the lines and the total are checkout's estimate.
    rows: part.billFinal
      ? [
          ...part.items.filter((line) => line.packedGrams !== 0).map((line) => billedRow(say, line)),
          [say(TOTAL), formatRupees(part.total)] as [string, string],
        ]
      : lineRows(say, part.items, part.total),
  };
}

/** A part of an order moved (confirmed, out for delivery, delivered, cancelled): the buyer is told. */
export function partStatusMail(
  to: Recipient,
  part: PartUpdate & { buyerName: string; orderId: string },
  orderUrl: string,
): Mail {
  const say = sayTo(to);
  const number = orderNumber(part.orderId);
  const subject = statusSubject(say, number, say(PART_STATUS_TEXTS[part.status]));
  return buyerNews(
    to,
    say,
    { subject, buyerName: part.buyerName, ...partSection(to, say, number, part) },
    orderUrl,
  );
}

/** Between the statuses a subject names ("Confirmed, Delivered"): the same in every language so far. */
const LIST_SEPARATOR = ", ";

/**
 * Everything the parts of one order did within 2 minutes, in one mail to its buyer (decision 048): one part's
 * mail as it always read; several, each part's news in turn, the subject naming each status once.
 */
export function orderUpdatesMail(
  to: Recipient,
  order: { buyerName: string; orderId: string; parts: readonly PartUpdate[] },
  orderUrl: string,
): Mail {
  const [only, ...more] = order.parts;
  if (only && more.length === 0) {
    return partStatusMail(to, { ...only, buyerName: order.buyerName, orderId: order.orderId }, orderUrl);
  }
  const say = sayTo(to);
  const number = orderNumber(order.orderId);
  const statuses = [...new Set(order.parts.map((part) => part.status))];
  return compose(
    to,
    statusSubject(say, number, statuses.map((status) => say(PART_STATUS_TEXTS[status])).join(LIST_SEPARATOR)),
    {
      greeting: greeting(say, order.buyerName),
      paragraphs: [say(/*i18n*/ { id: "Here is what changed in your order {number}:" }, { number })],
      sections: order.parts.map((part) => partSection(to, say, number, part)),
      link: { label: say(SEE_ORDER), url: orderUrl },
    },
  );
}
