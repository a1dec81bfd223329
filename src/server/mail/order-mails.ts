import type { MessageDescriptor } from "@lingui/core";
import { formatRupees, paiseToRupees } from "../../shared/money.ts";
import {
  formatAddress,
  type Order,
  type OrderLine,
  type OrderPart,
  orderNumber,
  type PaymentMethod,
  type PaymentPlace,
  type PlacedLine,
  paymentPlaceOf,
} from "../../shared/schemas/orders.ts";
import { formatGrams, unitGrams } from "../../shared/weighing.ts";
import type { Say } from "../texts/index.ts";
import { compose, greeting, languageOf, type Recipient, sayTo } from "./compose.ts";
import type { Mail } from "./mail.ts";
import { slotText } from "./slot-texts.ts";

// The mails of placing an order and billing it. Their texts are in the server's catalogue (decision 049);
// those the screens show too (payment methods and notes, the bill's words) read as the screens' English.

export const TOTAL = /*i18n*/ { id: "Total", comment: "The last row of a mail's table of items" };
export const SEE_ORDER = /*i18n*/ { id: "See your order", comment: "The link of a buyer's mail" };
export const OPEN_PORTAL = /*i18n*/ { id: "Open the Farmer Portal", comment: "The link of a farmer's mail" };
/** Why a farmer cancelled, or why a buyer did: as they wrote it. */
export const THEIR_REASON = /*i18n*/ {
  id: "Their reason: {reason}",
  comment: "Why a part or an order was cancelled",
};
export const WHEN_AND_WHERE = /*i18n*/ {
  id: "When and where: {slots}",
  comment: "A mail's slots of an order",
};

/** An order's (or a part's) lines and their total, as table rows. */
export const lineRows = (say: Say, items: readonly OrderLine[], total: number): [string, string][] => [
  ...items.map((item): [string, string] => [`${item.name} × ${item.quantity}`, formatRupees(item.lineTotal)]),
  [say(TOTAL), formatRupees(total)],
];

/** "2.15 kg" or "850 g": a weight in the language's units, with Indian grouping and Latin digits. */
const weightIn = (say: Say, grams: number) =>
  formatGrams(grams, {
    kg: say(/*i18n*/ { id: "kg", comment: "A product's unit: kilogram" }),
    g: say(/*i18n*/ { id: "g", comment: "A weight's unit in mails: gram (850 g)" }),
  });

/** A line as billed: with its ordered and packed weight once weighed, at its amount. */
export function billedRow(say: Say, line: PlacedLine): [string, string] {
  const ordered = () =>
    say(
      /*i18n*/ { id: "ordered {weight}", comment: "A weighed line of a bill: the weight ordered" },
      {
        weight: weightIn(say, line.quantity * (unitGrams(line.unit) ?? 0)),
      },
    );
  const packed = (grams: number) =>
    say(
      /*i18n*/ {
        id: "{grams, plural, =0 {none packed} other {packed {weight}}}",
        comment: "A weighed line of a bill: the weight packed, or nothing at 0 g",
      },
      { grams, weight: weightIn(say, grams) },
    );
  const weights =
    line.weighed && line.packedGrams !== null ? ` (${ordered()}, ${packed(line.packedGrams)})` : "";
  return [`${line.name} × ${line.quantity}${weights}`, formatRupees(line.amount)];
}

const PAYMENT_METHODS: Record<PaymentMethod, MessageDescriptor> = {
  "credit-card": /*i18n*/ { id: "Credit Card", comment: "A payment method" },
  "debit-card": /*i18n*/ { id: "Debit Card", comment: "A payment method" },
  upi: /*i18n*/ { id: "UPI", comment: "A payment method" },
  "net-banking": /*i18n*/ { id: "Net Banking", comment: "A payment method" },
  cash: /*i18n*/ { id: "Cash", comment: "A payment method" },
};
const PAYMENT_NOTES: Record<PaymentMethod, MessageDescriptor> = {
  "credit-card": /*i18n*/ {
    id: "Pay the farmer by credit card when you get your order (on their card machine).",
  },
  "debit-card": /*i18n*/ {
    id: "Pay the farmer by debit card when you get your order (on their card machine).",
  },
  upi: /*i18n*/ { id: "Pay the farmer by UPI when you get your order: scan their QR code." },
  "net-banking": /*i18n*/ {
    id: "Pay the farmer by net banking when you get your order: they share their account details.",
  },
  cash: /*i18n*/ { id: "Pay the farmer in cash when you get your order." },
};
/** When the buyer pays: their parts delivered, picked up, or some of each. */
const PAYMENT_WHEN: Record<PaymentPlace, MessageDescriptor> = {
  delivery: /*i18n*/ {
    id: "Nothing is charged online. You pay each farmer for their part when it is delivered.",
  },
  pickup: /*i18n*/ {
    id: "Nothing is charged online. You pay each farmer for their part when you pick it up.",
  },
  both: /*i18n*/ {
    id: "Nothing is charged online. You pay each farmer for their part when it is delivered, or when you pick it up.",
  },
};

/** A part's kind: picked up at a point, or delivered (a part without a slot is delivered). */
const kindOf = (part: Pick<OrderPart, "slot">) => part.slot?.kind ?? "delivery";

/** How a gateway names the way a buyer paid online (decision 052); another name is shown as it is. */
const ONLINE_METHODS: Record<string, MessageDescriptor> = {
  card: /*i18n*/ { id: "card", comment: "How an order was paid online: 'Paid ₹120.00 by card'" },
  upi: /*i18n*/ { id: "UPI", comment: "A payment method" },
  netbanking: /*i18n*/ {
    id: "net banking",
    comment: "How an order was paid online: 'Paid ₹120.00 by net banking'",
  },
};
export const onlineMethodIn = (say: Say, method: string | undefined) => {
  const known = method ? ONLINE_METHODS[method] : undefined;
  return known ? say(known) : (method ?? "");
};

/** "Paid ₹X by card" for an order paid online (decision 052). */
export const paidOnlineText = (say: Say, order: Order) =>
  say(
    /*i18n*/ { id: "Paid {amount} by {method}", comment: "An order paid online (order page and mails)" },
    {
      amount: formatRupees(order.payment.paid),
      method: onlineMethodIn(say, order.payment.method),
    },
  );

/** How the chosen method is paid, and when (delivered, at pickup), in the words the confirmation page uses. */
const howToPay = (say: Say, order: Order) =>
  order.payment.mode === "now" && order.payment.status === "paid"
    ? paidOnlineText(say, order)
    : say(
        /*i18n*/ { id: "How to pay ({method}): {note} {when}", comment: "The order confirmation mail" },
        {
          method: say(PAYMENT_METHODS[order.paymentMethod]),
          note: say(PAYMENT_NOTES[order.paymentMethod]),
          when: say(PAYMENT_WHEN[paymentPlaceOf(order.fulfilments.map(kindOf))]),
        },
      );

export function orderConfirmationMail(to: Recipient, order: Order, orderUrl: string): Mail {
  const say = sayTo(to);
  const language = languageOf(to);
  // "Asha: delivery Sat 21 Mar, 8–10 am" for each part with a slot.
  const slotLines = order.fulfilments.flatMap((part) =>
    part.slot ? [`${part.farmerName}: ${slotText(say, language, part.slot)}`] : [],
  );
  const number = orderNumber(order.id);
  return compose(
    to,
    say(
      /*i18n*/ { id: "Your Veggie Cart order {number}", comment: "Subject of the order confirmation mail" },
      { number },
    ),
    {
      greeting: greeting(say, order.shipping.fullName),
      paragraphs: [say(/*i18n*/ { id: "Thank you for your order. Here is what you bought:" })],
      rows: lineRows(say, order.items, order.total),
      after: [
        howToPay(say, order),
        // NOTE: an order picked up in full has no delivery address (issue 40); its slots say where.
        ...(paymentPlaceOf(order.fulfilments.map(kindOf)) === "pickup"
          ? []
          : [
              say(
                /*i18n*/ { id: "Delivery address: {address}" },
                {
                  address: formatAddress(order.shipping, language),
                },
              ),
            ]),
        ...(slotLines.length > 0 ? [say(WHEN_AND_WHERE, { slots: slotLines.join("; ") })] : []),
      ],
      link: { label: say(SEE_ORDER), url: orderUrl },
    },
  );
}

/**
 * The farmer's mail for each new part of an order (issue 25): only their lines, the buyer's name, phone and
 * address, and the slot when the part has one, so they can call and pack without opening the portal.
 */
export function newPartMail(to: Recipient, order: Order, part: OrderPart, portalUrl: string): Mail {
  const say = sayTo(to);
  const language = languageOf(to);
  const buyer = order.shipping.fullName;
  const subject = say(
    /*i18n*/ { id: "New order {number}: {estimate}", comment: "Subject of a farmer's new order mail" },
    {
      number: orderNumber(order.id),
      estimate: formatRupees(part.estimate),
    },
  );
  return compose(to, subject, {
    greeting: greeting(say, part.farmerName),
    paragraphs: [
      say(/*i18n*/ { id: "{buyer} has ordered from you. Here is your part of the order:" }, { buyer }),
    ],
    rows: lineRows(say, part.items, part.estimate),
    after: [
      say(
        /*i18n*/ { id: "Buyer: {buyer}, {phone}", comment: "A farmer's new order mail" },
        {
          buyer,
          phone: order.shipping.phone,
        },
      ),
      // NOTE: a pickup names its point, not the buyer's address as if to deliver there (issue 40).
      part.slot?.pickupPoint
        ? say(
            /*i18n*/ { id: "Pickup at: {place}", comment: "A farmer's new order mail: the pickup point" },
            {
              place: `${part.slot.pickupPoint.name}, ${part.slot.pickupPoint.address}`,
            },
          )
        : say(
            /*i18n*/ {
              id: "Deliver to: {address}",
              comment: "A farmer's new order mail: the buyer's address",
            },
            {
              address: formatAddress(order.shipping, language),
            },
          ),
      ...(part.slot ? [say(WHEN_AND_WHERE, { slots: slotText(say, language, part.slot) })] : []),
    ],
    link: { label: say(OPEN_PORTAL), url: portalUrl },
  });
}

/** How the buyer pays a final bill: at the door or at pickup, by UPI too when the farmer has a UPI ID. */
function howToPayBill(say: Say, part: { total: number; byUpi: boolean; atPickup?: boolean }) {
  const total = formatRupees(part.total);
  if (part.atPickup)
    return part.byUpi
      ? say(
          /*i18n*/ {
            id: "How to pay: in cash at pickup, or by UPI with the QR code on your order's page (Pay {total} by UPI).",
          },
          { total },
        )
      : say(/*i18n*/ { id: "How to pay: Pay in cash at pickup." });
  return part.byUpi
    ? say(
        /*i18n*/ {
          id: "How to pay: in cash on delivery, or by UPI with the QR code on your order's page (Pay {total} by UPI).",
        },
        { total },
      )
    : say(/*i18n*/ { id: "How to pay: Pay in cash on delivery." });
}

/**
 * A bill paid ahead online (issue 36): a lower bill's difference is refunded (when the part goes out for
 * delivery), a higher one leaves only the rest to pay at the door.
 */
function settledOnline(
  say: Say,
  part: { total: number; paidOnline?: number; byUpi: boolean; atPickup?: boolean },
): string[] {
  const paidPaise = Math.round((part.paidOnline ?? 0) * 100);
  const totalPaise = Math.round(part.total * 100);
  const paid = formatRupees(paiseToRupees(paidPaise));
  if (paidPaise > totalPaise)
    return [
      say(
        /*i18n*/ {
          id: "Paid online: {paid}. The difference, {refund}, is refunded to how you paid when your order is on its way.",
        },
        { paid, refund: formatRupees(paiseToRupees(paidPaise - totalPaise)) },
      ),
    ];
  if (paidPaise === totalPaise)
    return [say(/*i18n*/ { id: "Paid online: {paid}. Nothing more to pay." }, { paid })];
  const rest = paiseToRupees(totalPaise - paidPaise);
  return [
    say(/*i18n*/ { id: "Paid online: {paid}. Still to pay: {rest}." }, { paid, rest: formatRupees(rest) }),
    howToPayBill(say, { ...part, total: rest }),
  ];
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
    /** Paid with Pay now: the part's share of the payment, against which the bill is settled. */
    paidOnline?: number;
  },
  orderUrl: string,
): Mail {
  const say = sayTo(to);
  const values = {
    farmer: part.farmerName,
    number: orderNumber(part.orderId),
    total: formatRupees(part.total),
  };
  const corrected = part.replaces !== undefined;
  return compose(
    to,
    corrected
      ? say(
          /*i18n*/ {
            id: "Your corrected bill from {farmer}: {total}",
            comment: "Subject of a corrected bill's mail",
          },
          values,
        )
      : say(/*i18n*/ { id: "Your bill from {farmer}: {total}", comment: "Subject of a bill's mail" }, values),
    {
      greeting: greeting(say, part.buyerName),
      paragraphs: [
        part.replaces !== undefined
          ? say(
              /*i18n*/ {
                id: "{farmer} has corrected a weight in their part of your order {number}. This bill replaces the one we sent before ({before}):",
              },
              { ...values, before: formatRupees(part.replaces) },
            )
          : say(
              /*i18n*/ { id: "{farmer} has packed their part of your order {number}. Here is your bill:" },
              values,
            ),
      ],
      rows: [...part.items.map((line) => billedRow(say, line)), [say(TOTAL), values.total]],
      after: part.paidOnline === undefined ? [howToPayBill(say, part)] : settledOnline(say, part),
      link: { label: say(SEE_ORDER), url: orderUrl },
    },
  );
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
  const say = sayTo(to);
  const number = orderNumber(part.orderId);
  return compose(
    to,
    say(
      /*i18n*/ { id: "Order {number} cancelled by the buyer", comment: "Subject of a farmer's mail" },
      { number },
    ),
    {
      greeting: greeting(say, part.farmerName),
      paragraphs: [
        say(
          /*i18n*/ {
            id: "{buyer} has cancelled their order {number} before you confirmed it. Do not pack these items:",
          },
          {
            buyer: part.buyerName,
            number,
          },
        ),
        ...(part.reason ? [say(THEIR_REASON, { reason: part.reason })] : []),
      ],
      rows: lineRows(say, part.items, part.total),
      after: [say(/*i18n*/ { id: "Their stock is back on sale in the shop." })],
      link: { label: say(OPEN_PORTAL), url: portalUrl },
    },
  );
}
