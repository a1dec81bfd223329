/** The shop's calendar: "today" and "this week" are days where the shop is, not in UTC. */
export const DEFAULT_SHOP_TIME_ZONE = "Asia/Kolkata";

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) it is at `now` in `timeZone`. */
export function shopDate(now: Date = new Date(), timeZone: string = DEFAULT_SHOP_TIME_ZONE): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  const part = (type: string) => format.formatToParts(now).find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** "Harvested today", "Harvested yesterday", "Harvested 3 days ago" (`today` is the shop's date). */
export function harvestedLabel(harvestedOn: string, today: string): string {
  const days = Math.max(0, daysBetween(harvestedOn, today));
  if (days === 0) return "Harvested today";
  if (days === 1) return "Harvested yesterday";
  return `Harvested ${days} days ago`;
}
