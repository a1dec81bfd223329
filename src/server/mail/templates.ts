import { APP_TITLE } from "../../shared/constants.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import { formatRupees } from "../../shared/money.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import {
  formatAddress,
  type Order,
  type OrderLine,
  type OrderPart,
  orderNumber,
  type PlacedLine,
  paymentPlaceOf,
} from "../../shared/schemas/orders.ts";
import type { PartSlot } from "../../shared/schemas/slots.ts";
import { textsIn } from "../texts/index.ts";
import type { Mail } from "./mail.ts";
import { en, type MailTexts } from "./texts/en.ts";
import { mailTexts } from "./texts/index.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Content {
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

const addressOf = (to: Recipient) => (typeof to === "string" ? to : to.email);
const languageOf = (to: Recipient) => (typeof to === "string" ? DEFAULT_LANGUAGE : to.language);
/** The recipient's language and its mail texts. */
const textsFor = (to: Recipient): MailTexts => mailTexts(languageOf(to));

/** Builds both parts from one content, so the plain-text part always says what the HTML says. */
function compose(recipient: Recipient, subject: string, content: Content, secret = false): Mail {
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
  return { to, subject, text, html, ...(secret ? { secret: true } : {}) };
}

export const PASSWORD_RESET_SUBJECT = en.passwordResetSubject;
export const EMAIL_CHANGE_SUBJECT = en.emailChangeSubject;

export function passwordResetMail(to: Recipient, name: string, url: string, validMinutes: number): Mail {
  const t = textsFor(to);
  return compose(
    to,
    t.passwordResetSubject,
    {
      greeting: t.hello(name),
      paragraphs: [t.passwordResetBody(validMinutes)],
      link: { label: t.passwordResetLink, url },
      after: [t.passwordResetIgnore],
    },
    true,
  );
}

export function emailChangeConfirmMail(to: Recipient, name: string, url: string, validHours: number): Mail {
  const t = textsFor(to);
  return compose(
    to,
    t.emailChangeSubject,
    {
      greeting: t.hello(name),
      paragraphs: [t.emailChangeBody(addressOf(to), validHours)],
      link: { label: t.emailChangeLink, url },
      after: [t.emailChangeIgnore],
    },
    true,
  );
}

export const OPERATOR_CLAIM_SUBJECT = en.operatorClaimSubject;

/** The link that proves an account controls an address listed in OPERATOR_EMAILS (decision 021). */
export function operatorClaimMail(to: Recipient, name: string, url: string, validHours: number): Mail {
  const t = textsFor(to);
  return compose(
    to,
    t.operatorClaimSubject,
    {
      greeting: t.hello(name),
      paragraphs: [t.operatorClaimBody(validHours)],
      link: { label: t.operatorClaimLink, url },
      after: [t.operatorClaimIgnore],
    },
    true,
  );
}

export const SIGN_IN_LINK_SUBJECT = en.signInLinkSubject;

/** The owner's right password met a throttled account: a way in that no guesser can use (issue 25). */
export function signInLinkMail(to: Recipient, name: string, url: string, validMinutes: number): Mail {
  const t = textsFor(to);
  return compose(
    to,
    t.signInLinkSubject,
    {
      greeting: t.hello(name),
      paragraphs: [t.signInLinkBody(validMinutes)],
      link: { label: t.signInLinkLink, url },
      after: [t.signInLinkNotYou],
    },
    true,
  );
}

export function emailChangeNoticeMail(to: Recipient, name: string, newEmail: string): Mail {
  const t = textsFor(to);
  return compose(to, t.emailChangeNoticeSubject, {
    greeting: t.hello(name),
    paragraphs: [t.emailChangeNoticeBody(newEmail), t.emailChangeNoticeNotYou],
  });
}

export function emailChangedMail(to: Recipient, name: string, newEmail: string): Mail {
  const t = textsFor(to);
  return compose(to, t.emailChangedSubject, {
    greeting: t.hello(name),
    paragraphs: [t.emailChangedBody(newEmail)],
  });
}

export const SIGN_UP_ATTEMPT_SUBJECT = en.signUpAttemptSubject;

/** To the owner of an address someone tried to sign up with: the sign-up itself answers as for a new one. */
export function signUpAttemptMail(to: Recipient, name: string, resetUrl: string): Mail {
  const t = textsFor(to);
  return compose(to, t.signUpAttemptSubject, {
    greeting: t.hello(name),
    paragraphs: [t.signUpAttemptBody(addressOf(to))],
    link: { label: t.signUpAttemptLink, url: resetUrl },
    after: [t.signUpAttemptIgnore],
  });
}

export const EMAIL_TAKEN_ATTEMPT_SUBJECT = /*i18n*/ {
  id: "Someone tried to move another account to your address",
  comment: "Subject of the mail to the owner of an address another account tried to move to",
};

/**
 * To the owner of an address another account asked to move to: the request itself answers as for a free
 * address (issue 40 #32), and no link is sent. Its texts are in the server's catalogue (decision 049).
 */
export function emailTakenAttemptMail(to: Recipient, name: string, resetUrl: string): Mail {
  const say = textsIn(languageOf(to));
  return compose(to, say(EMAIL_TAKEN_ATTEMPT_SUBJECT), {
    greeting: textsFor(to).hello(name),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "Someone signed in to another {appTitle} account asked to change its address to {email}, which is already yours. Nothing was changed, and no account can take your address.",
          comment: "Mail to the owner of an address another account tried to move to",
        },
        { appTitle: APP_TITLE, email: addressOf(to) },
      ),
    ],
    link: {
      label: say(/*i18n*/ { id: "Worried? Set a new password", comment: "The link of the same mail" }),
      url: resetUrl,
    },
    after: [
      say(
        /*i18n*/ {
          id: "If you know about it, ignore this e-mail: your account stays as it is.",
          comment: "The last line of the same mail",
        },
      ),
    ],
  });
}

export function welcomeMail(to: Recipient, name: string, shopUrl: string): Mail {
  const t = textsFor(to);
  return compose(to, t.welcomeSubject, {
    greeting: t.hello(name),
    paragraphs: [t.welcomeBody],
    link: { label: t.welcomeLink, url: shopUrl },
  });
}

/** An order's (or a part's) lines and their total, as table rows. */
const lineRows = (t: MailTexts, items: readonly OrderLine[], total: number): [string, string][] => [
  ...items.map((item): [string, string] => [`${item.name} × ${item.quantity}`, formatRupees(item.lineTotal)]),
  [t.total, formatRupees(total)],
];

/** A part's kind: picked up at a point, or delivered (a part without a slot is delivered). */
const kindOf = (part: Pick<OrderPart, "slot">) => part.slot?.kind ?? "delivery";

/** How the chosen method is paid, and when (delivered, at pickup), in the words the confirmation page uses. */
const howToPay = (t: MailTexts, order: Order) =>
  t.howToPay(
    t.paymentMethodLabels[order.paymentMethod],
    t.paymentMethodNotes[order.paymentMethod],
    t.paymentWhen[paymentPlaceOf(order.fulfilments.map(kindOf))],
  );

/** "delivery Sat 21 Mar, 8–10 am" or "pickup Sun 22 Mar, 5–7 pm at Gate 2, Baner Road". */
const slotText = (t: MailTexts, slot: PartSlot) =>
  t.slotText(
    t.slotKinds[slot.kind],
    t.slotLabel(slot),
    slot.pickupPoint ? `${slot.pickupPoint.name}, ${slot.pickupPoint.address}` : undefined,
  );

export function orderConfirmationMail(to: Recipient, order: Order, orderUrl: string): Mail {
  const t = textsFor(to);
  // "Asha: delivery Sat 21 Mar, 8–10 am" for each part with a slot.
  const slotLines = order.fulfilments.flatMap((part) =>
    part.slot ? [`${part.farmerName}: ${slotText(t, part.slot)}`] : [],
  );
  return compose(to, t.orderSubject(orderNumber(order.id)), {
    greeting: t.hello(order.shipping.fullName),
    paragraphs: [t.orderThanks],
    rows: lineRows(t, order.items, order.total),
    after: [
      howToPay(t, order),
      // NOTE: an order picked up in full has no delivery address (issue 40); its slots say where.
      ...(paymentPlaceOf(order.fulfilments.map(kindOf)) === "pickup"
        ? []
        : [t.deliveryAddress(formatAddress(order.shipping, languageOf(to)))]),
      ...(slotLines.length > 0 ? [t.whenAndWhere(slotLines.join("; "))] : []),
    ],
    link: { label: t.seeOrder, url: orderUrl },
  });
}

/**
 * The farmer's mail for each new part of an order (issue 25): only their lines, the buyer's name, phone and
 * address, and the slot when the part has one, so they can call and pack without opening the portal.
 */
export function newPartMail(to: Recipient, order: Order, part: OrderPart, portalUrl: string): Mail {
  const t = textsFor(to);
  return compose(to, t.newPartSubject(orderNumber(order.id), formatRupees(part.estimate)), {
    greeting: t.hello(part.farmerName),
    paragraphs: [t.newPartIntro(order.shipping.fullName)],
    rows: lineRows(t, part.items, part.estimate),
    after: [
      t.newPartBuyer(order.shipping.fullName, order.shipping.phone),
      // NOTE: a pickup names its point, not the buyer's address as if to deliver there (issue 40).
      part.slot?.pickupPoint
        ? t.newPartPickupAt(`${part.slot.pickupPoint.name}, ${part.slot.pickupPoint.address}`)
        : t.newPartDeliverTo(formatAddress(order.shipping, languageOf(to))),
      ...(part.slot ? [t.whenAndWhere(slotText(t, part.slot))] : []),
    ],
    link: { label: t.newPartLink, url: portalUrl },
  });
}

/** A line as billed: with its ordered and packed weight once weighed, at its amount. */
function billedRow(t: MailTexts, line: PlacedLine): [string, string] {
  const weights =
    line.weighed && line.packedGrams !== null
      ? ` (${t.billOrdered(line.quantity, line.unit)}, ${t.billPacked(line.packedGrams)})`
      : "";
  return [`${line.name} × ${line.quantity}${weights}`, formatRupees(line.amount)];
}

/**
 * The buyer's one mail when their part's bill is final (decision 020): each line with its ordered and packed
 * weight, the final total, and how to pay it at the door.
 */
export function billMail(
  to: Recipient,
  part: {
    buyerName: string;
    orderId: string;
    farmerName: string;
    items: readonly PlacedLine[];
    total: number;
    /** The farmer has a UPI ID: the order page shows its QR code. */
    byUpi: boolean;
    /** The buyer picks the part up: paid at pickup, not on delivery. */
    atPickup?: boolean;
    /** A corrected bill: the total of the bill mailed before, which this one replaces. */
    replaces?: number;
  },
  orderUrl: string,
): Mail {
  const t = textsFor(to);
  const corrected = part.replaces !== undefined;
  return compose(to, (corrected ? t.correctedBillSubject : t.billSubject)(part.farmerName, part.total), {
    greeting: t.hello(part.buyerName),
    paragraphs:
      part.replaces !== undefined
        ? [t.correctedBillIntro(part.farmerName, orderNumber(part.orderId), formatRupees(part.replaces))]
        : [t.billIntro(part.farmerName, orderNumber(part.orderId))],
    rows: [...part.items.map((line) => billedRow(t, line)), [t.total, formatRupees(part.total)]],
    after: [
      part.atPickup
        ? part.byUpi
          ? t.billPayCashOrUpiAtPickup(part.total)
          : t.billPayCashAtPickup
        : part.byUpi
          ? t.billPayCashOrUpi(part.total)
          : t.billPayCash,
    ],
    link: { label: t.seeOrder, url: orderUrl },
  });
}

/** A status a part of an order can be moved to (nothing moves back to pending). */
export type MovedStatus = Exclude<PartStatus, "pending">;

const movedText = (t: MailTexts): Record<MovedStatus, (farmer: string, order: string) => string> => ({
  confirmed: t.partConfirmed,
  out_for_delivery: t.partOutForDelivery,
  delivered: t.partDelivered,
  cancelled: t.partCancelled,
});

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
  const t = textsFor(to);
  const number = orderNumber(part.orderId);
  const contact = part.farmerPhone ? t.farmerOnPhone(part.farmerName, part.farmerPhone) : part.farmerName;
  return compose(to, t.slotClosedSubject(number), {
    greeting: t.hello(part.buyerName),
    paragraphs: [
      t.slotClosedBody(part.farmerName, t.slotKinds[part.slot.kind], number, t.slotLabel(part.slot), contact),
      t.theirReason(part.reason),
    ],
    link: { label: t.seeOrder, url: orderUrl },
  });
}

/** The farmer came and nobody was home (the delivery run): the part stays out for delivery. */
export function notHomeMail(
  to: Recipient,
  part: { buyerName: string; orderId: string; farmerName: string; time: string; reason: string },
  orderUrl: string,
): Mail {
  const t = textsFor(to);
  const number = orderNumber(part.orderId);
  return compose(to, t.notHomeSubject(number), {
    greeting: t.hello(part.buyerName),
    paragraphs: [t.notHomeBody(part.farmerName, part.time, number), t.theirNote(part.reason)],
    link: { label: t.seeOrder, url: orderUrl },
  });
}

/** The buyer cancelled their order while the farmer's part was pending: the farmer is told (issue 40). */
export function buyerCancelledMail(
  to: Recipient,
  part: {
    farmerName: string;
    buyerName: string;
    orderId: string;
    reason?: string;
    items: readonly OrderLine[];
    total: number;
  },
  portalUrl: string,
): Mail {
  const t = textsFor(to);
  const number = orderNumber(part.orderId);
  return compose(to, t.buyerCancelledSubject(number), {
    greeting: t.hello(part.farmerName),
    paragraphs: [
      t.buyerCancelledBody(part.buyerName, number),
      ...(part.reason ? [t.theirReason(part.reason)] : []),
    ],
    rows: lineRows(t, part.items, part.total),
    after: [t.buyerCancelledStock],
    link: { label: t.newPartLink, url: portalUrl },
  });
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
}

/** What a move says of a part: who did what (and why), then its lines and total. */
function partSection(t: MailTexts, number: string, part: PartUpdate) {
  return {
    paragraphs: [
      movedText(t)[part.status](part.farmerName, number),
      ...(part.reason
        ? [part.status === "cancelled" ? t.theirReason(part.reason) : t.theirNote(part.reason)]
        : []),
    ],
    // NOTE: once the bill is final the lines add up to it: a line packed at 0 g is gone, weighed ones at their
    // amount (issue 40); before, the lines and the total are checkout's estimate.
    rows: part.billFinal
      ? [
          ...part.items.filter((line) => line.packedGrams !== 0).map((line) => billedRow(t, line)),
          [t.total, formatRupees(part.total)] as [string, string],
        ]
      : lineRows(t, part.items, part.total),
  };
}

/** A part of an order moved (confirmed, out for delivery, delivered, cancelled): the buyer is told. */
export function partStatusMail(
  to: Recipient,
  part: PartUpdate & { buyerName: string; orderId: string },
  orderUrl: string,
): Mail {
  const t = textsFor(to);
  const number = orderNumber(part.orderId);
  const section = partSection(t, number, part);
  return compose(to, t.partStatusSubject(number, t.partStatusLabels[part.status]), {
    greeting: t.hello(part.buyerName),
    paragraphs: section.paragraphs,
    rows: section.rows,
    link: { label: t.seeOrder, url: orderUrl },
  });
}

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
  const t = textsFor(to);
  const number = orderNumber(order.orderId);
  const statuses = [...new Set(order.parts.map((part) => part.status))];
  return compose(
    to,
    t.partStatusSubject(number, statuses.map((status) => t.partStatusLabels[status]).join(t.listSeparator)),
    {
      greeting: t.hello(order.buyerName),
      paragraphs: [t.orderUpdatesIntro(number)],
      sections: order.parts.map((part) => partSection(t, number, part)),
      link: { label: t.seeOrder, url: orderUrl },
    },
  );
}
