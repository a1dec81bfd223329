/** The shop's calendar: "today" and "this week" are days where the shop is, not in UTC. */
export const DEFAULT_SHOP_TIME_ZONE = "Asia/Kolkata";

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone and kind, made once: building an Intl.DateTimeFormat costs far more than using
 * it (a CPU profile of order placement found 11 % of it making the deal window's formatter on every request).
 */
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  return cachedFormat(
    `${withTime ? "time" : "date"} ${timeZone}`,
    () =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        ...(withTime ? { hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" } : {}),
      }),
  );
}

/** The calendar day (`YYYY-MM-DD`) it is at `now` in `timeZone`. */
export function shopDate(now: Date = new Date(), timeZone: string = DEFAULT_SHOP_TIME_ZONE): string {
  const parts = formatter(timeZone, false).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The wall-clock time ("9:40", "17:05") of the instant `at` in `timeZone`. */
export function shopTime(at: Date, timeZone: string = DEFAULT_SHOP_TIME_ZONE): string {
  return cachedFormat(
    `clock ${timeZone}`,
    () =>
      new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", minute: "2-digit", hourCycle: "h23" }),
  ).format(at);
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

/** The date `days` whole days after `date` (before, when negative); both `YYYY-MM-DD`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = formatter(timeZone, true).formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the shop's day `date` begins: midnight in `timeZone` (where a clock change skips midnight, the
 * first instant of that day).
 */
export function startOfShopDay(date: string, timeZone: string = DEFAULT_SHOP_TIME_ZONE): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  // NOTE: the offset at the guess may differ from the offset at the answer across a clock change; a second
  // pass settles it, and a midnight that does not exist moves forward to the day's first instant.
  let at = midnightUtc - offsetAt(midnightUtc, timeZone);
  at = midnightUtc - offsetAt(at, timeZone);
  while (shopDate(new Date(at), timeZone) < date) at += 60 * 60 * 1000;
  while (shopDate(new Date(at - 1), timeZone) === date) at -= 60 * 60 * 1000;
  return new Date(at);
}
