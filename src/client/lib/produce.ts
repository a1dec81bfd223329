import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { formatRupees } from "../../shared/money.ts";
import {
  type Category,
  formatPricePerUnit,
  PRODUCT_UNITS,
  type ProductUnit,
  stockState,
} from "../../shared/product-basics.ts";
import { daysBetween, harvestedLabel, shopDate } from "../../shared/shop-calendar.ts";
import { formatGrams, packsText, pricePerKg, pricePerKgText } from "../../shared/weighing.ts";
import { currentLanguage, i18n } from "./i18n.ts";
import { getShopTimeZone, setShopTimeZone } from "./shop-time-zone.ts";

/*
 * The produce texts every screen shows (prices per unit, stock, harvest) in the language chosen (decision 032).
 * English stays word for word what src/shared writes, since the server and the mails say it the same way.
 */

const english = () => currentLanguage() === "en";

/** The units as shoppers and farmers read them; the value kept and sent stays the unit's code ("kg"). */
const unitNames: Record<ProductUnit, MessageDescriptor> = {
  kg: msg`kg`,
  "500 g": msg`500 g`,
  "250 g": msg`250 g`,
  piece: msg`piece`,
  bunch: msg`bunch`,
  dozen: msg`dozen`,
  litre: msg`litre`,
  "500 ml": msg`500 ml`,
  pack: msg`pack`,
};

/** The categories' names, as the tiles, badges, filters and forms show them. */
const categoryNames: Record<Category, MessageDescriptor> = {
  vegetables: msg`Vegetables`,
  fruits: msg`Fruits`,
  dairy: msg`Dairy`,
  grains: msg`Grains`,
};

/** A category's name in the language chosen. */
export const categoryName = (category: Category): string => i18n._(categoryNames[category]);

const isUnit = (unit: string): unit is ProductUnit => (PRODUCT_UNITS as readonly string[]).includes(unit);

/** "kg", "bunch"…: a unit in the language chosen (a unit the shop no longer knows stays as written). */
export const unitName = (unit: string): string => (isUnit(unit) ? i18n._(unitNames[unit]) : unit);

/** "2 kg", "750 g": a weight in the language's units. */
export function gramsText(grams: number): string {
  if (english()) return formatGrams(grams);
  if (grams >= 1000) {
    const kg = (grams / 1000).toLocaleString("en-IN", { maximumFractionDigits: 3 });
    return t`${kg} kg`;
  }
  const g = grams.toLocaleString("en-IN");
  return t`${g} g`;
}

/**
 * "3 × 500 g (1.5 kg)", "2 kg (packed 1.95 kg)", "4 bunch": what to pack of a product or line, packs counted
 * apart from their size (issue 40), in the language chosen.
 */
export const packText = (item: { quantity: number; unit: string; grams: number | null; packed: boolean }) =>
  packsText(item, {
    unit: unitName(item.unit),
    weight: gramsText,
    packed: (weight) => t`packed ${weight}`,
  });

/** "₹40.00 / kg" (a line saved before units existed shows the bare price); the unit in the language chosen. */
export function formatUnitPrice(rupees: number, unit: string | null | undefined): string {
  if (!unit) return formatRupees(rupees);
  return english() ? formatPricePerUnit(rupees, unit) : `${formatRupees(rupees)} / ${unitName(unit)}`;
}

/** "₹45.00 / 500 g · ₹90.00 / kg": a pack's price with its price per kg, so packs compare (decision 020). */
export function formatPackPrice(rupees: number, unit: string | null | undefined): string {
  const perKg = unit ? pricePerKg(rupees, unit) : undefined;
  if (!unit || perKg === undefined) return formatUnitPrice(rupees, unit);
  const perKgText = english() ? pricePerKgText(rupees, unit) : `${formatRupees(perKg)} / ${unitName("kg")}`;
  return `${formatUnitPrice(rupees, unit)} · ${perKgText}`;
}

/** "Sold out", "Only 3 left", or nothing when stock is plentiful or not tracked (null). */
export function stockLabel(stock: number | null | undefined): string | null {
  const state = stockState(stock ?? null);
  if (state === "sold_out") return t`Sold out`;
  const left = stock ?? 0;
  if (state === "low") return plural(left, { one: "Only # left", other: "Only # left" });
  return null;
}

export const isSoldOut = (stock: number | null | undefined) => stockState(stock ?? null) === "sold_out";

export { getShopTimeZone, setShopTimeZone };

/** The shop's calendar day now, in the shop's time zone (not the browser's). */
export const shopToday = () => shopDate(new Date(), getShopTimeZone());

/** "Harvested today / yesterday / 3 days ago" for a `YYYY-MM-DD` date, or null without one. */
export function harvestLabel(harvestedOn: string | null | undefined): string | null {
  if (!harvestedOn) return null;
  if (english()) return harvestedLabel(harvestedOn, shopToday());
  const days = Math.max(0, daysBetween(harvestedOn, shopToday()));
  return plural(days, { 0: "Harvested today", 1: "Harvested yesterday", other: "Harvested # days ago" });
}
