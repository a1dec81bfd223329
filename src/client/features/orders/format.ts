import { paiseToRupees, rupeesToPaise } from "../../../shared/money.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import { partStatusLabels } from "../../../shared/schemas/order-parts.ts";
import { type PaymentMethod, paymentMethodLabels } from "../../../shared/schemas/orders.ts";
import { getShopTimeZone } from "../../lib/produce.ts";

export { orderNumber } from "../../../shared/schemas/orders.ts";

/**
 * A moment of an order in the shop's time zone, labelled ("21 Nov 2026, 1:30 pm IST"): the farmer's "Today"
 * and the shop's cut-offs are the shop's calendar, so the times beside them are too, wherever the browser is.
 */
export const formatOrderDate = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: getShopTimeZone(),
    timeZoneName: "short",
  }).format(new Date(iso));

export const paymentLabel = (method: string) => paymentMethodLabels[method as PaymentMethod] ?? method;

const statusLabels: Record<string, string> = { ...partStatusLabels, in_progress: "In progress" };

/** "Pending", "Out for delivery", "In progress"... for an order's or a part's status. */
export const statusLabel = (status: string) =>
  statusLabels[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");

/** The cart's total in rupees, summed in paise so that 0.1 + 0.2 never shows as 0.30000000000000004. */
export const cartTotalRupees = (items: readonly CartItem[]): number =>
  paiseToRupees(items.reduce((sum, item) => sum + rupeesToPaise(item.price) * item.quantity, 0));

export const lineTotalRupees = (item: CartItem) => paiseToRupees(rupeesToPaise(item.price) * item.quantity);

export const cartItemCount = (items: readonly CartItem[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);
