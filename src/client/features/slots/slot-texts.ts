import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import type { PartStatus } from "../../../shared/schemas/order-parts.ts";
import { type SlotPattern, slotLabel, weeklySlotLabel } from "../../../shared/schemas/slots.ts";
import { currentLanguage, intlLocale } from "../../lib/i18n.ts";
import { calendarDay, weekdayText, windowText } from "../../lib/slot-words.ts";

/**
 * The shared slot labels (src/shared/schemas/slot-basics.ts) are English: in English they are used as they
 * are, in Hindi and Marathi the same facts are said with `Intl` in the language shown (lib/slot-words.ts).
 */
const english = () => currentLanguage() === "en";

/** "Sat 28 Nov, 8–10 am" in English. */
export function slotText(slot: { date: string; start: string; end: string }): string {
  if (english()) return slotLabel(slot);
  const day = new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(calendarDay(slot.date));
  return `${day}, ${windowText(slot.start, slot.end)}`;
}

/** "Saturday 8–10 am": names a weekly slot (its Edit and Delete buttons). */
export const patternName = (pattern: SlotPattern) =>
  `${weekdayText(pattern.weekday)} ${windowText(pattern.start, pattern.end)}`;

/** "Saturday 8–10 am · Pickup at Farm gate · 5 orders · ordering closes 12 h before" in English. */
export function weeklySlotText(pattern: SlotPattern, pointName?: string): string {
  if (english()) return weeklySlotLabel(pattern, pointName);
  const name = pointName;
  const where =
    pattern.kind === "pickup" ? (name ? t`Pickup at ${name}` : t`Pickup at a retired point`) : t`Delivery`;
  const capacity = pattern.capacity;
  const cutoff = pattern.cutoffHours;
  return `${patternName(pattern)} · ${where} · ${t`${capacity} orders`} · ${t`ordering closes ${cutoff} h before`}`;
}

const statusTexts: Record<PartStatus, MessageDescriptor> = {
  scheduled: msg`scheduled`,
  pending: msg`pending`,
  confirmed: msg`confirmed`,
  out_for_delivery: msg`out for delivery`,
  delivered: msg`delivered`,
  cancelled: msg`cancelled`,
};

/** A part's status as the packing list shows it (the API's value, e.g. "pending", in English). */
export const statusText = (status: string) =>
  english() || !(status in statusTexts) ? status : i18n._(statusTexts[status as PartStatus]);
