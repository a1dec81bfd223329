import { APP_TITLE } from "../../shared/constants.ts";
import { formatRupees } from "../../shared/money.ts";
import { type PartStatus, partStatusLabels } from "../../shared/schemas/order-parts.ts";
import {
  type Order,
  type OrderLine,
  type OrderPart,
  orderNumber,
  PAYMENT_ON_DELIVERY_NOTE,
  type PlacedLine,
  paymentMethodLabels,
  paymentMethodNotes,
} from "../../shared/schemas/orders.ts";
import { type PartSlot, slotLabel } from "../../shared/schemas/slots.ts";
import { billTexts } from "../../shared/weighing.ts";
import type { Mail } from "./mail.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Content {
  greeting: string;
  paragraphs: string[];
  /** A button in HTML, the bare address in text. */
  link?: { label: string; url: string };
  /** Rows of a small table (items and total), as [left, right]. */
  rows?: [string, string][];
  after?: string[];
}

/** Builds both parts from one content, so the plain-text part always says what the HTML says. */
function compose(to: string, subject: string, content: Content, secret = false): Mail {
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.link ? [`${content.link.label}: ${content.link.url}`, ""] : []),
    ...(content.rows ? [...content.rows.map(([l, r]) => `${l}  ${r}`), ""] : []),
    ...(content.after ?? []).flatMap((p) => [p, ""]),
    `— ${APP_TITLE}`,
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:0 auto;padding:24px">`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    content.link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.link.url)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.link.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#57534e">${escapeHtml(content.link.url)}</p>`
      : "",
    content.rows
      ? `<table style="border-collapse:collapse;margin:0 0 16px">${content.rows
          .map(
            ([l, r]) =>
              `<tr><td style="padding:4px 16px 4px 0">${escapeHtml(l)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(r)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    ...(content.after ?? []).map(p),
    `<p style="margin:0;color:#57534e">— ${APP_TITLE}</p></body></html>`,
  ].join("");
  return { to, subject, text, html, ...(secret ? { secret: true } : {}) };
}

export const PASSWORD_RESET_SUBJECT = "Reset your Veggie Cart password";
export const EMAIL_CHANGE_SUBJECT = "Confirm your new e-mail address";

export function passwordResetMail(to: string, name: string, url: string, validMinutes: number): Mail {
  return compose(
    to,
    PASSWORD_RESET_SUBJECT,
    {
      greeting: `Hello ${name},`,
      paragraphs: [
        `Someone (we hope you) asked to reset the password of your ${APP_TITLE} account. The link works once, for ${validMinutes} minutes.`,
      ],
      link: { label: "Set a new password", url },
      after: ["If you did not ask for this, ignore this e-mail: your password stays as it is."],
    },
    true,
  );
}

export function emailChangeConfirmMail(to: string, name: string, url: string, validHours: number): Mail {
  return compose(
    to,
    EMAIL_CHANGE_SUBJECT,
    {
      greeting: `Hello ${name},`,
      paragraphs: [
        `Please confirm that ${to} is the new e-mail address of your ${APP_TITLE} account. The link works once, for ${validHours} hours.`,
      ],
      link: { label: "Confirm this address", url },
      after: ["If you did not ask for this, ignore this e-mail: nothing changes."],
    },
    true,
  );
}

export const OPERATOR_CLAIM_SUBJECT = "Confirm your operator rights at Veggie Cart";

/** The link that proves an account controls an address listed in OPERATOR_EMAILS (decision 021). */
export function operatorClaimMail(to: string, name: string, url: string, validHours: number): Mail {
  return compose(
    to,
    OPERATOR_CLAIM_SUBJECT,
    {
      greeting: `Hello ${name},`,
      paragraphs: [
        `This address is one of the shop's operators. Open the link to make your ${APP_TITLE} account an operator; it works once, for ${validHours} hours.`,
      ],
      link: { label: "Confirm operator rights", url },
      after: ["If you did not sign up or sign in at the shop, ignore this e-mail: nothing changes."],
    },
    true,
  );
}

export const SIGN_IN_LINK_SUBJECT = "Your link to sign in to Veggie Cart";

/** The owner's right password met a throttled account: a way in that no guesser can use (issue 25). */
export function signInLinkMail(to: string, name: string, url: string, validMinutes: number): Mail {
  return compose(
    to,
    SIGN_IN_LINK_SUBJECT,
    {
      greeting: `Hello ${name},`,
      paragraphs: [
        `Many wrong passwords were tried on your ${APP_TITLE} account, so signing in with the password waits a while. Yours was right: this link signs you in once, for ${validMinutes} minutes.`,
      ],
      link: { label: "Sign in", url },
      after: ["If it was not you who signed in just now, change your password: someone knows it."],
    },
    true,
  );
}

export function emailChangeNoticeMail(to: string, name: string, newEmail: string): Mail {
  return compose(to, "Your Veggie Cart e-mail address is being changed", {
    greeting: `Hello ${name},`,
    paragraphs: [
      `Someone signed in to your ${APP_TITLE} account asked to change its e-mail address to ${newEmail}. It changes once that address is confirmed.`,
      "If this was not you, sign in, change your password and sign out everywhere else from your account page.",
    ],
  });
}

export function emailChangedMail(to: string, name: string, newEmail: string): Mail {
  return compose(to, "Your Veggie Cart e-mail address was changed", {
    greeting: `Hello ${name},`,
    paragraphs: [
      `The e-mail address of your ${APP_TITLE} account is now ${newEmail}; this address no longer signs in.`,
    ],
  });
}

export function welcomeMail(to: string, name: string, shopUrl: string): Mail {
  return compose(to, `Welcome to ${APP_TITLE}`, {
    greeting: `Hello ${name},`,
    paragraphs: [
      `Your ${APP_TITLE} account is ready. Buy fresh produce straight from the farmers who grow it, or list your own harvest for others to buy.`,
    ],
    link: { label: "Open the shop", url: shopUrl },
  });
}

/** An order's (or a part's) lines and their total, as table rows. */
const lineRows = (items: readonly OrderLine[], total: number): [string, string][] => [
  ...items.map((item): [string, string] => [`${item.name} × ${item.quantity}`, formatRupees(item.lineTotal)]),
  ["Total", formatRupees(total)],
];

/** How the chosen method is paid, in the words the confirmation page uses. */
export const howToPay = (method: Order["paymentMethod"]) =>
  `How to pay (${paymentMethodLabels[method]}): ${paymentMethodNotes[method]} ${PAYMENT_ON_DELIVERY_NOTE}`;

/** "Asha: delivery Sat 21 Mar, 8–10 am" or "Asha: pickup Sun 22 Mar, 5–7 pm at Gate 2, Baner Road". */
export const partSlotLine = (farmerName: string, slot: PartSlot) => `${farmerName}: ${slotText(slot)}`;

/** "delivery Sat 21 Mar, 8–10 am" or "pickup Sun 22 Mar, 5–7 pm at Gate 2, Baner Road". */
const slotText = (slot: PartSlot) =>
  `${slot.kind} ${slotLabel(slot)}${slot.pickupPoint ? ` at ${slot.pickupPoint.name}, ${slot.pickupPoint.address}` : ""}`;

export function orderConfirmationMail(to: string, order: Order, orderUrl: string): Mail {
  const slotLines = order.fulfilments.flatMap((part) =>
    part.slot ? [partSlotLine(part.farmerName, part.slot)] : [],
  );
  return compose(to, `Your Veggie Cart order ${orderNumber(order.id)}`, {
    greeting: `Hello ${order.shipping.fullName},`,
    paragraphs: [`Thank you for your order. Here is what you bought:`],
    rows: lineRows(order.items, order.total),
    after: [
      howToPay(order.paymentMethod),
      `Delivery address: ${order.shippingAddress}`,
      ...(slotLines.length > 0 ? [`When and where: ${slotLines.join("; ")}`] : []),
    ],
    link: { label: "See your order", url: orderUrl },
  });
}

/**
 * The farmer's mail for each new part of an order (issue 25): only their lines, the buyer's name, phone and
 * address, and the slot when the part has one, so they can call and pack without opening the portal.
 */
export function newPartMail(to: string, order: Order, part: OrderPart, portalUrl: string): Mail {
  return compose(to, `New order ${orderNumber(order.id)}: ${formatRupees(part.estimate)}`, {
    greeting: `Hello ${part.farmerName},`,
    paragraphs: [`${order.shipping.fullName} has ordered from you. Here is your part of the order:`],
    rows: lineRows(part.items, part.estimate),
    after: [
      `Buyer: ${order.shipping.fullName}, ${order.shipping.phone}`,
      `Deliver to: ${order.shippingAddress}`,
      ...(part.slot ? [`When and where: ${slotText(part.slot)}`] : []),
    ],
    link: { label: "Open the Farmer Portal", url: portalUrl },
  });
}

/**
 * The buyer's one mail when their part's bill is final (decision 020): each line with its ordered and packed
 * weight, the final total, and how to pay it at the door.
 */
export function billMail(
  to: string,
  part: {
    buyerName: string;
    orderId: string;
    farmerName: string;
    items: readonly PlacedLine[];
    total: number;
    /** The farmer has a UPI ID: the order page shows its QR code. */
    byUpi: boolean;
  },
  orderUrl: string,
): Mail {
  const weights = (line: PlacedLine) =>
    line.weighed && line.packedGrams !== null
      ? ` (${billTexts.ordered(line.quantity, line.unit)}, ${billTexts.packed(line.packedGrams)})`
      : "";
  return compose(to, billTexts.mailSubject(part.farmerName, part.total), {
    greeting: `Hello ${part.buyerName},`,
    paragraphs: [
      `${part.farmerName} has packed their part of your order ${orderNumber(part.orderId)}. Here is your bill:`,
    ],
    rows: [
      ...part.items.map((line): [string, string] => [
        `${line.name} × ${line.quantity}${weights(line)}`,
        formatRupees(line.amount),
      ]),
      ["Total", formatRupees(part.total)],
    ],
    after: [
      part.byUpi
        ? `How to pay: in cash on delivery, or by UPI with the QR code on your order's page (${billTexts.payByUpi(part.total)}).`
        : `How to pay: ${billTexts.cashOnly}.`,
    ],
    link: { label: "See your order", url: orderUrl },
  });
}

/** A status a part of an order can be moved to (nothing moves back to pending). */
export type MovedStatus = Exclude<PartStatus, "pending">;

const movedText: Record<MovedStatus, (farmer: string, order: string) => string> = {
  confirmed: (farmer, order) =>
    `${farmer} has confirmed these items of your order ${order} and is getting them ready.`,
  out_for_delivery: (farmer, order) =>
    `${farmer} has sent these items of your order ${order} out for delivery.`,
  delivered: (farmer, order) => `${farmer} has marked these items of your order ${order} as delivered.`,
  cancelled: (farmer, order) =>
    `${farmer} has cancelled these items of your order ${order}. You pay nothing for them.`,
};

/** A part of an order moved (confirmed, out for delivery, delivered, cancelled): the buyer is told. */
/** The farmer closed the slot a part was placed in: the buyer should contact them (decision 017). */
export function slotClosedMail(
  to: string,
  part: { buyerName: string; orderId: string; farmerName: string; slot: PartSlot; reason: string },
  orderUrl: string,
): Mail {
  const number = orderNumber(part.orderId);
  return compose(to, `Your Veggie Cart order ${number}: slot closed by the farmer`, {
    greeting: `Hello ${part.buyerName},`,
    paragraphs: [
      `${part.farmerName} has closed the ${part.slot.kind} slot of your order ${number} (${slotLabel(part.slot)}). Your order stays; please contact ${part.farmerName} to agree on another time.`,
      `Their reason: ${part.reason}`,
    ],
    link: { label: "See your order", url: orderUrl },
  });
}

export function partStatusMail(
  to: string,
  part: {
    buyerName: string;
    orderId: string;
    farmerName: string;
    status: MovedStatus;
    reason?: string;
    items: readonly OrderLine[];
    total: number;
  },
  orderUrl: string,
): Mail {
  const number = orderNumber(part.orderId);
  return compose(to, `Your Veggie Cart order ${number}: ${partStatusLabels[part.status]}`, {
    greeting: `Hello ${part.buyerName},`,
    paragraphs: [
      movedText[part.status](part.farmerName, number),
      ...(part.reason
        ? [`${part.status === "cancelled" ? "Their reason" : "Their note"}: ${part.reason}`]
        : []),
    ],
    rows: lineRows(part.items, part.total),
    link: { label: "See your order", url: orderUrl },
  });
}
