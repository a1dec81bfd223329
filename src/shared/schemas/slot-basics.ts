import { z } from "zod";

/**
 * The few slot shapes that products and orders carry (decision 017), apart from the set-up's schemas in
 * slots.ts, so that the first screen's bundle, which reads products, does not take in the whole set-up.
 */

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const SLOT_KINDS = ["delivery", "pickup"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];
/** `slots` of POST /api/orders: a slot id per farmer id (or "shop"). */
export const OrderSlotsSchema = z.record(z.string().max(100), z.string().min(1).max(100)).optional();

/** The slot a part of an order was placed in. */
export const PartSlotSchema = z.object({
  id: z.string(),
  kind: z.enum(SLOT_KINDS),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  pickupPoint: z.object({ name: z.string(), address: z.string(), mapUrl: z.string().optional() }).optional(),
  /** Set when the farmer closed the slot after the order was placed: the buyer should contact them. */
  closed: z.boolean().optional(),
});
export type PartSlot = z.infer<typeof PartSlotSchema>;

/** A product's farmer's next open slot. */
export const NextSlotSchema = z
  .object({ kind: z.enum(SLOT_KINDS), date: z.string(), start: z.string(), end: z.string() })
  .nullable();
export type NextSlot = z.infer<typeof NextSlotSchema>;

const hourLabel = (time: string, withPeriod: boolean) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const period = h < 12 ? "am" : "pm";
  return `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""}${withPeriod ? ` ${period}` : ""}`;
};

/** "8–10 am", "11 am–1 pm", "5:30–7 pm". */
export function windowLabel(start: string, end: string): string {
  const samePeriod = start < "12:00" === end < "12:00";
  return `${hourLabel(start, !samePeriod)}–${hourLabel(end, true)}`;
}

/** "Sat" for 2026-11-28 (a date of the shop's calendar: its weekday does not depend on a time zone). */
export const weekdayShort = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (WEEKDAY_NAMES[day] ?? "").slice(0, 3);
};

/** "Sat 28 Nov, 8–10 am". */
export function slotLabel(slot: { date: string; start: string; end: string }): string {
  const d = new Date(`${slot.date}T00:00:00Z`);
  const month = d.toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
  return `${weekdayShort(slot.date)} ${d.getUTCDate()} ${month}, ${windowLabel(slot.start, slot.end)}`;
}
