import { formatRupees } from "./money.ts";

/*
 * What a product is described with, apart from its schemas (schemas/products.ts, which re-exports these): the
 * screens a server draws read products without checking them, so their chunks carry no zod (decision 073).
 */

export const CATEGORIES = ["vegetables", "fruits", "dairy", "grains"] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a price is for: "₹40.00 / kg". Products listed without one are sold by the `piece`. */
export const PRODUCT_UNITS = [
  "kg",
  "500 g",
  "250 g",
  "piece",
  "bunch",
  "dozen",
  "litre",
  "500 ml",
  "pack",
] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** At this many or fewer a card says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc"] as const;

/** "₹40.00 / kg": a price with what it buys, on every card, dialog, cart line and order line. */
export const formatPricePerUnit = (rupees: number, unit: string): string =>
  `${formatRupees(rupees)} / ${unit}`;

/** A product's stock as a shopper sees it: `null` is "not tracked" (always available). */
export function stockState(stock: number | null): "untracked" | "in_stock" | "low" | "sold_out" {
  if (stock === null) return "untracked";
  if (stock <= 0) return "sold_out";
  return stock <= LOW_STOCK_THRESHOLD ? "low" : "in_stock";
}
