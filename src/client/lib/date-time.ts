import { currentLanguage, intlLocale } from "./i18n.ts";

/**
 * An instant as a date and a time of day: "20 Nov 2026, 10:30 am" in English (en-IN's medium date, short
 * time). In Hindi and Marathi the time says its part of the day in words (the afternoon's word, then 3:30):
 * their short time style writes "am"/"pm" in Latin letters.
 */
export function dateTimeText(iso: string): string {
  const options: Intl.DateTimeFormatOptions =
    currentLanguage() === "en"
      ? { dateStyle: "medium", timeStyle: "short" }
      : {
          day: "numeric",
          month: "short",
          year: "numeric",
          hour: "numeric",
          minute: "2-digit",
          dayPeriod: "short",
        };
  return new Intl.DateTimeFormat(intlLocale(), options).format(new Date(iso));
}
