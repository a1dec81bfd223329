import { intlLocale } from "../../lib/i18n.ts";

/** "Sat 21 Mar" in the language shown (a date of the shop's calendar). */
export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
