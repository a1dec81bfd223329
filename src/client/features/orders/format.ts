import { plural, t } from "@lingui/core/macro";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../shared/money.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { PaymentRecordMethod, PaymentState } from "../../../shared/schemas/order-parts.ts";
import {
  type Order,
  type PaymentMethod,
  type PaymentPlace,
  paymentPlaceOf,
} from "../../../shared/schemas/orders.ts";
import { slotLabel } from "../../../shared/schemas/slot-basics.ts";
import type { SlotUnavailableReason } from "../../../shared/schemas/slots.ts";
import { unitGrams } from "../../../shared/weighing.ts";
import { currentLanguage, intlLocale } from "../../lib/i18n.ts";
import { getShopTimeZone, gramsText } from "../../lib/produce.ts";

export { orderNumber } from "../../../shared/schemas/orders.ts";

/*
 * The order texts the shared schemas keep in English (status names, payment methods, bill and slot texts),
 * said in the language chosen (decision 032). English stays word for word what src/shared says
 * (format.test.ts holds them to it); the server's e-mails translate their own.
 */

const english = () => currentLanguage() === "en";

/**
 * A moment of an order in the shop's time zone, labelled ("21 Nov 2026, 1:30 pm IST"): the farmer's "Today"
 * and the shop's cut-offs are the shop's calendar, so the times beside them are too, wherever the browser is.
 * NOTE: Hindi and Marathi take the 24-hour clock and the zone's long name: their "am", "pm" and "IST" are Latin.
 */
export const formatOrderDate = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: getShopTimeZone(),
    ...(english() ? { timeZoneName: "short" } : { hourCycle: "h23", timeZoneName: "long" }),
  }).format(new Date(iso));

/** "Mon, 7 Dec 2026": a calendar day of the shop (YYYY-MM-DD) in the reader's language. */
export const formatCalendarDay = (date: string): string =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

/** "Sat 28 Nov, 8–10 am" (a slot's day and window, in the shop's calendar); in Hindi and Marathi, `Intl`'s
 * weekday and month and a 24-hour window. */
export function formatSlot(slot: { date: string; start: string; end: string }): string {
  if (english()) return slotLabel(slot);
  const at = (time: string) => new Date(`${slot.date}T${time}:00Z`);
  const day = new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(at("00:00"));
  const window = new Intl.DateTimeFormat(intlLocale(), {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).formatRange(at(slot.start), at(slot.end));
  return `${day}, ${window}`;
}

export const paymentLabel = (method: string): string => {
  switch (method as PaymentMethod) {
    case "credit-card":
      return t`Credit Card`;
    case "debit-card":
      return t`Debit Card`;
    case "upi":
      return "UPI";
    case "net-banking":
      return t`Net Banking`;
    case "cash":
      return t`Cash`;
    default:
      return method;
  }
};

/** How each method is really paid: nothing is charged online (product rules §3). */
export const paymentNote = (method: string): string | undefined => {
  switch (method as PaymentMethod) {
    case "credit-card":
      return t`Pay the farmer by credit card when you get your order (on their card machine).`;
    case "debit-card":
      return t`Pay the farmer by debit card when you get your order (on their card machine).`;
    case "upi":
      return t`Pay the farmer by UPI when you get your order: scan their QR code.`;
    case "net-banking":
      return t`Pay the farmer by net banking when you get your order: they share their account details.`;
    case "cash":
      return t`Pay the farmer in cash when you get your order.`;
    default:
      return undefined;
  }
};

/** When the buyer pays, as src/shared/schemas/orders.ts's `paymentWhenNotes` says it: delivered, at pickup, or both. */
export const paymentWhenNote = (place: PaymentPlace): string =>
  ({
    delivery: t`Nothing is charged online. You pay each farmer for their part when it is delivered.`,
    pickup: t`Nothing is charged online. You pay each farmer for their part when you pick it up.`,
    both: t`Nothing is charged online. You pay each farmer for their part when it is delivered, or when you pick it up.`,
  })[place];

/** Where an order's parts are paid, from their slots (a part without a slot is delivered). */
export const paymentPlaceOfParts = (parts: readonly { slot?: { kind: "delivery" | "pickup" } }[]) =>
  paymentPlaceOf(parts.map((part) => part.slot?.kind ?? "delivery"));

/** "Pending", "Out for delivery", "In progress"... for an order's or a part's status. */
export const statusLabel = (status: string): string => {
  switch (status) {
    case "pending":
      return t`Pending`;
    case "confirmed":
      return t`Confirmed`;
    case "out_for_delivery":
      return t`Out for delivery`;
    case "delivered":
      return t`Delivered`;
    case "cancelled":
      return t`Cancelled`;
    case "in_progress":
      return t`In progress`;
    case "scheduled":
      return t`Scheduled`;
    default:
      return status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
  }
};

/** "Paid", "Part paid", "Not paid yet", "Refunded" or "Part refunded". */
export const paymentStateLabel = (state: PaymentState): string =>
  ({
    paid: t`Paid`,
    part_paid: t`Part paid`,
    unpaid: t`Not paid yet`,
    refunded: t`Refunded`,
    part_refunded: t`Part refunded`,
  })[state];

export const recordMethodLabel = (method: PaymentRecordMethod): string =>
  method === "cash" ? t`Cash` : "UPI";

/** Why a slot cannot be chosen. */
export const slotUnavailableLabel = (reason: SlotUnavailableReason): string =>
  ({
    full: t`Full`,
    closed: t`Closed by the farmer`,
    cutoff: t`Ordering has closed`,
    area: t`Not delivered to your PIN code`,
  })[reason];

/** The bill's texts (decision 020), as src/shared/weighing.ts's `billTexts` says them in English. */
export const billText = {
  about: (rupees: number) => {
    const amount = formatRupees(rupees);
    return t`about ${amount}`;
  },
  payByUpi: (rupees: number) => {
    const amount = formatRupees(rupees);
    return t`Pay ${amount} by UPI`;
  },
  cashOnly: () => t`Pay in cash on delivery`,
  cashAtPickup: () => t`Pay in cash at pickup`,
  estimateNote: () =>
    t`Sold by weight: the amount is an estimate. The bill follows the weight packed: it may be up to 10 % more, or any amount less.`,
  ordered: (quantity: number, unit: string) => {
    const weight = gramsText(quantity * (unitGrams(unit) ?? 0));
    return t`ordered ${weight}`;
  },
  packed: (grams: number) => {
    const weight = gramsText(grams);
    return grams === 0 ? t`none packed` : t`packed ${weight}`;
  },
};

/**
 * What an order costs, as every list shows it (issue 40): its bill once final, "about" the estimate before;
 * an order cancelled in full keeps what was ordered.
 */
export function orderAmountText(order: Pick<Order, "status" | "total" | "billTotal" | "billFinal">): string {
  if (order.status === "cancelled") return formatRupees(order.total);
  return order.billFinal ? formatRupees(order.billTotal) : billText.about(order.billTotal);
}

/** Slot texts shown to a buyer or a farmer, as src/shared/schemas/slots.ts's `slotMessages` says them. */
export const slotText = {
  withinDay: () => t`Delivery within 24 hours`,
  closedByFarmer: () => t`Slot closed by the farmer: contact them`,
  required: (farmerName: string) => t`Choose a delivery or pickup slot for ${farmerName}`,
  requiredField: () => t`Choose a delivery or pickup slot`,
  placesLeft: (left: number) => plural(left, { one: "# place left", other: "# places left" }),
};

/** The cart's total in rupees, summed in paise so that 0.1 + 0.2 never shows as 0.30000000000000004. */
export const cartTotalRupees = (items: readonly CartItem[]): number =>
  paiseToRupees(items.reduce((sum, item) => sum + rupeesToPaise(item.price) * item.quantity, 0));

export const lineTotalRupees = (item: CartItem) => paiseToRupees(rupeesToPaise(item.price) * item.quantity);

export const cartItemCount = (items: readonly CartItem[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);
