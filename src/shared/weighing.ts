import { formatRupees, paiseToRupees, rupeesToPaise } from "./money.ts";

/**
 * Produce sold by weight (issue 22, decision 020): a line whose unit is a weight is weighed when it is packed,
 * and its bill follows the packed weight. All sums are integer paise and grams.
 */
const UNIT_GRAMS: Record<string, number> = { kg: 1000, "500 g": 500, "250 g": 250 };

/** The grams one unit weighs, or undefined for a unit that is not a weight (a bunch, a piece, a litre). */
export const unitGrams = (unit: string): number | undefined => UNIT_GRAMS[unit];

/** True when lines in this unit are weighed at packing. */
export const isWeighedUnit = (unit: string): boolean => unitGrams(unit) !== undefined;

/** The buyer is protected: a line may be packed at most this share over what was ordered. */
export const OVERWEIGHT_PERCENT = 10;

/** The most grams a line ordered as `quantity` × `unit` may be packed at (110 % of the ordered weight). */
export function maxPackedGrams(quantity: number, unit: string): number {
  const grams = unitGrams(unit) ?? 0;
  return Math.floor((quantity * grams * (100 + OVERWEIGHT_PERCENT)) / 100);
}

/**
 * A weighed line's amount: `price × packed ÷ unit weight`, rounded to the paisa, half up. Integer arithmetic
 * only (2·p·g + u) ÷ 2u, so no floating point decides a paisa.
 */
export function weighedAmountPaise(
  unitPricePaise: number,
  packedGrams: number,
  gramsPerUnit: number,
): number {
  return Math.floor((2 * unitPricePaise * packedGrams + gramsPerUnit) / (2 * gramsPerUnit));
}

/** "2.15 kg" or "850 g": a weight as a shopper reads it (`names`: the units' names in another language). */
export function formatGrams(grams: number, names: { kg: string; g: string } = { kg: "kg", g: "g" }): string {
  if (grams >= 1000)
    return `${(grams / 1000).toLocaleString("en-IN", { maximumFractionDigits: 3 })} ${names.kg}`;
  return `${grams.toLocaleString("en-IN")} ${names.g}`;
}

/**
 * A unit that names a pack of a fixed size ("500 g", "250 g", "500 ml"): a count of them reads "3 × 500 g",
 * never "3 500 g", which a farmer reads as 3,500 g (issue 40).
 */
export const isPackUnit = (unit: string): boolean => /^\d/.test(unit);

/**
 * The grams a line is packed at: its packed weight once weighed, else the weight ordered; null for a unit that
 * is not a weight.
 */
export function gramsToPack(line: { quantity: number; unit: string; packedGrams: number | null }) {
  const grams = unitGrams(line.unit);
  if (grams === undefined) return null;
  return line.packedGrams ?? line.quantity * grams;
}

/**
 * "3 × 500 g (1.5 kg)", "2 kg (1.95 kg packed)", "4 bunch": a count of packs with the weight they make when that
 * says more than the count. `names` gives the words in the reader's language.
 */
export function packsText(
  item: { quantity: number; unit: string; grams: number | null; packed: boolean },
  names: { unit: string; weight: (grams: number) => string; packed: (weight: string) => string },
): string {
  const count = isPackUnit(item.unit) ? `${item.quantity} × ${names.unit}` : `${item.quantity} ${names.unit}`;
  if (item.grams === null) return count;
  const ordered = item.quantity * (unitGrams(item.unit) ?? 0);
  if (item.packed) return `${count} (${names.packed(names.weight(item.grams))})`;
  return isPackUnit(item.unit) || item.grams !== ordered ? `${count} (${names.weight(item.grams)})` : count;
}

/** A part's bill, derived from its lines (decision 020). */
export interface PartBill {
  /** What checkout charged for the part's lines. */
  estimatePaise: number;
  /** The sum of the lines' amounts once final; the estimate until then. */
  totalPaise: number;
  /** Every line has its amount: each weighed line was weighed (or the part went out for delivery). */
  final: boolean;
}

/** A part's bill from its lines (`amountPaise` null: a weighed line not weighed yet). */
export function billOfLines(
  lines: readonly { estimatePaise: number; amountPaise?: number | null }[],
): PartBill {
  const estimatePaise = lines.reduce((sum, line) => sum + line.estimatePaise, 0);
  const final = lines.every((line) => line.amountPaise != null);
  const totalPaise = final ? lines.reduce((sum, line) => sum + (line.amountPaise ?? 0), 0) : estimatePaise;
  return { estimatePaise, totalPaise, final };
}

/** The price of a kilogram of a pack priced per 500 g or 250 g, so packs compare; undefined for other units. */
export function pricePerKg(priceRupees: number, unit: string): number | undefined {
  const grams = unitGrams(unit);
  if (grams === undefined || grams === 1000) return undefined;
  // NOTE: a pack is 500 g or 250 g, so paise × 2 or × 4 stay whole.
  return paiseToRupees((rupeesToPaise(priceRupees) * 1000) / grams);
}

/** "₹90.00 / kg" for a pack priced per 500 g or 250 g; undefined for other units. */
export function pricePerKgText(priceRupees: number, unit: string): string | undefined {
  const perKg = pricePerKg(priceRupees, unit);
  return perKg === undefined ? undefined : `${formatRupees(perKg)} / kg`;
}

/** A UPI ID (virtual payment address): `name@handle`, as NPCI allows them. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/**
 * The standard UPI payment link every UPI app opens (NPCI's deep-link specification): payee address and name,
 * the amount with two decimals, the currency and a note. Each value is percent-encoded.
 */
export function upiPaymentUri(payment: {
  upiId: string;
  payeeName: string;
  amountPaise: number;
  note: string;
}) {
  const params: [string, string][] = [
    ["pa", payment.upiId],
    ["pn", payment.payeeName],
    ["am", (payment.amountPaise / 100).toFixed(2)],
    ["cu", "INR"],
    ["tn", payment.note],
  ];
  // NOTE: `@` is legal in a query (RFC 3986) and UPI apps match the address as written, so it stays as it is.
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%40", "@");
  return `upi://pay?${params.map(([key, value]) => `${key}=${encode(value)}`).join("&")}`;
}

/** What the buyer reads about a bill at the door (order page, farmer's card, bill mail). */
export const billTexts = {
  mailSubject: (farmerName: string, totalRupees: number) =>
    `Your bill from ${farmerName}: ${formatRupees(totalRupees)}`,
  about: (estimateRupees: number) => `about ${formatRupees(estimateRupees)}`,
  payByUpi: (rupees: number) => `Pay ${formatRupees(rupees)} by UPI`,
  cashOnly: "Pay in cash on delivery",
  cashAtPickup: "Pay in cash at pickup",
  estimateNote:
    "Sold by weight: the amount is an estimate. The bill follows the weight packed: it may be up to 10 % more, or any amount less.",
  ordered: (quantity: number, unit: string) => `ordered ${formatGrams(quantity * (unitGrams(unit) ?? 0))}`,
  packed: (grams: number) => (grams === 0 ? "none packed" : `packed ${formatGrams(grams)}`),
};
