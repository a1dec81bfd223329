// How an order is paid: its methods, their labels and notes, where its parts are paid (orders.ts re-exports).

export const PAYMENT_METHODS = ["credit-card", "debit-card", "upi", "net-banking", "cash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods checkout offers (paid at the door or on the payment page). */
export const CHECKOUT_PAYMENT_METHODS = ["credit-card", "debit-card", "upi", "net-banking"] as const;
/** A standing order is paid at the door, in cash or by UPI (issue 35). */
export const STANDING_PAYMENT_METHODS = ["cash", "upi"] as const;
export const DEFAULT_PAYMENT_METHOD: (typeof CHECKOUT_PAYMENT_METHODS)[number] = "credit-card";
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  "credit-card": "Credit Card",
  "debit-card": "Debit Card",
  upi: "UPI",
  "net-banking": "Net Banking",
  cash: "Cash",
};
/**
 * How each method is really paid: nothing is charged online; the buyer pays each farmer when they get their
 * part (delivered, or at a pickup point: said by `paymentWhenNotes`) and the farmer marks that part paid.
 */
export const paymentMethodNotes: Record<PaymentMethod, string> = {
  "credit-card": "Pay the farmer by credit card when you get your order (on their card machine).",
  "debit-card": "Pay the farmer by debit card when you get your order (on their card machine).",
  upi: "Pay the farmer by UPI when you get your order: scan their QR code.",
  "net-banking": "Pay the farmer by net banking when you get your order: they share their account details.",
  cash: "Pay the farmer in cash when you get your order.",
};
/** Said once on the confirmation and the order page, above the method's own note: all parts delivered. */
export const PAYMENT_ON_DELIVERY_NOTE =
  "Nothing is charged online. You pay each farmer for their part when it is delivered.";

/** Where an order's parts are paid: all delivered (or not yet known), all picked up, or some of each. */
export type PaymentPlace = "delivery" | "pickup" | "both";

/** Where the parts of an order are paid, from each part's kind (a part without a slot is delivered). */
export function paymentPlaceOf(kinds: readonly ("delivery" | "pickup")[]): PaymentPlace {
  if (kinds.length > 0 && kinds.every((kind) => kind === "pickup")) return "pickup";
  return kinds.includes("pickup") ? "both" : "delivery";
}

/** The note above the method's own, saying when the buyer pays (issue 40: a pickup is not "delivered"). */
export const paymentWhenNotes: Record<PaymentPlace, string> = {
  delivery: PAYMENT_ON_DELIVERY_NOTE,
  pickup: "Nothing is charged online. You pay each farmer for their part when you pick it up.",
  both: "Nothing is charged online. You pay each farmer for their part when it is delivered, or when you pick it up.",
};
