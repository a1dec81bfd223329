import { t } from "@lingui/core/macro";
import type { NextSlot } from "../../shared/schemas/slot-basics.ts";
import { WEEKDAY_NAMES, weekdayShort, windowLabel } from "../../shared/slot-labels.ts";
import { currentLanguage, intlLocale } from "./i18n.ts";

/**
 * A slot's day and window in the language shown. The shared labels (src/shared/schemas/slot-basics.ts) are
 * English: in English they are used as they are, so English stays word for word what the server says; in
 * Hindi and Marathi the same facts are said with `Intl`.
 */
const english = () => currentLanguage() === "en";

/** A date of the shop's calendar ("2026-11-28") as UTC midnight, so its weekday is the calendar's. */
export const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** A wall-clock time ("08:30") on a fixed day, to be formatted in UTC. */
const clock = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return new Date(Date.UTC(2026, 0, 1, h, m));
};

/**
 * "8–10 am" in English; in Hindi and Marathi the part of the day in words (the morning's word, then 8–10), as their short time
 * style writes "am"/"pm" in Latin letters.
 */
export function windowText(start: string, end: string): string {
  if (english()) return windowLabel(start, end);
  const withMinutes = !start.endsWith(":00") || !end.endsWith(":00");
  return new Intl.DateTimeFormat(intlLocale(), {
    hour: "numeric",
    minute: withMinutes ? "2-digit" : undefined,
    dayPeriod: "short",
    timeZone: "UTC",
  }).formatRange(clock(start), clock(end));
}

/** "Saturday" in English; 0 is Sunday. 2026-01-04 was a Sunday. */
export const weekdayText = (weekday: number) =>
  english()
    ? (WEEKDAY_NAMES[weekday] ?? "")
    : new Intl.DateTimeFormat(intlLocale(), { weekday: "long", timeZone: "UTC" }).format(
        new Date(Date.UTC(2026, 0, 4 + weekday)),
      );

/** "Sat" for a date of the shop's calendar ("2026-11-28"). */
const shortWeekdayText = (date: string) =>
  english()
    ? weekdayShort(date)
    : new Intl.DateTimeFormat(intlLocale(), { weekday: "short", timeZone: "UTC" }).format(calendarDay(date));

/** "Next delivery: Sat 8–10 am", or "Pickup only" when the farmer's next open slots are all pickups. */
export function nextSlotText(next: NonNullable<NextSlot>): string {
  if (next.kind === "pickup") return t`Pickup only`;
  const day = shortWeekdayText(next.date);
  const window = windowText(next.start, next.end);
  return t`Next delivery: ${day} ${window}`;
}
