import { formatRupees } from "../../shared/money.ts";
import { formatPricePerUnit, stockState } from "../../shared/schemas/products.ts";
import { harvestedLabel, shopDate } from "../../shared/shop-calendar.ts";
import { pricePerKgText } from "../../shared/weighing.ts";
import { getShopTimeZone, setShopTimeZone } from "./shop-time-zone.ts";

/** "₹40.00 / kg" (a line saved before units existed shows the bare price). */
export const formatUnitPrice = (rupees: number, unit: string | null | undefined): string =>
  unit ? formatPricePerUnit(rupees, unit) : formatRupees(rupees);

/** "₹45.00 / 500 g · ₹90.00 / kg": a pack's price with its price per kg, so packs compare (decision 020). */
export function formatPackPrice(rupees: number, unit: string | null | undefined): string {
  const perKg = unit ? pricePerKgText(rupees, unit) : undefined;
  return perKg ? `${formatUnitPrice(rupees, unit)} · ${perKg}` : formatUnitPrice(rupees, unit);
}

/** "Sold out", "Only 3 left", or nothing when stock is plentiful or not tracked (null). */
export function stockLabel(stock: number | null | undefined): string | null {
  const state = stockState(stock ?? null);
  if (state === "sold_out") return "Sold out";
  if (state === "low") return `Only ${stock} left`;
  return null;
}

export const isSoldOut = (stock: number | null | undefined) => stockState(stock ?? null) === "sold_out";

export { getShopTimeZone, setShopTimeZone };

/** The shop's calendar day now, in the shop's time zone (not the browser's). */
export const shopToday = () => shopDate(new Date(), getShopTimeZone());

/** "Harvested today / yesterday / 3 days ago" for a `YYYY-MM-DD` date, or null without one. */
export const harvestLabel = (harvestedOn: string | null | undefined): string | null =>
  harvestedOn ? harvestedLabel(harvestedOn, shopToday()) : null;
