/*
 * The slots' words, apart from their schemas (schemas/slot-basics.ts, which re-exports these): a product card
 * says its farmer's next slot without zod (decision 073).
 */

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const SLOT_KINDS = ["delivery", "pickup"] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

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
