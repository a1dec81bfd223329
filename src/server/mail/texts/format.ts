import { INTL_LOCALES, type Language } from "../../../shared/i18n/index.ts";

/** The words a language puts before a time of day: morning, afternoon, evening, night. */
export interface DayPeriods {
  morning: string;
  afternoon: string;
  evening: string;
  night: string;
  /** How a window is joined ("से", "ते") and closed ("बजे" or nothing). */
  to: string;
  oClock: string;
}

const periodOf = (hour: number, words: DayPeriods) =>
  hour >= 5 && hour < 12
    ? words.morning
    : hour >= 12 && hour < 16
      ? words.afternoon
      : hour >= 16 && hour < 20
        ? words.evening
        : words.night;

const clock = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return { hour: h, text: `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""}` };
};

/**
 * "सुबह 8 से 10 बजे", "सुबह 11 बजे से दोपहर 1 बजे": a slot's window as the language says it (Intl's own
 * Hindi and Marathi times keep "am"/"pm" in Latin letters, which a reader of these languages does not say).
 */
export function windowIn(start: string, end: string, words: DayPeriods): string {
  const from = clock(start);
  const to = clock(end);
  const fromPeriod = periodOf(from.hour, words);
  const toPeriod = periodOf(to.hour, words);
  const closing = words.oClock ? ` ${words.oClock}` : "";
  return fromPeriod === toPeriod
    ? `${fromPeriod} ${from.text} ${words.to} ${to.text}${closing}`
    : `${fromPeriod} ${from.text}${closing} ${words.to} ${toPeriod} ${to.text}${closing}`;
}

/** "शनि, 28 नव॰, सुबह 8 से 10 बजे": a dated slot with the weekday and month in the language. */
export function slotLabelIn(
  language: Language,
  words: DayPeriods,
): (slot: { date: string; start: string; end: string }) => string {
  const day = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return (slot) =>
    `${day.format(new Date(`${slot.date}T00:00:00Z`))}, ${windowIn(slot.start, slot.end, words)}`;
}

/** "2.15 किलो" or "850 ग्राम": a weight in the language's units, with Indian grouping and Latin digits. */
export const gramsIn =
  (kg: string, g: string) =>
  (grams: number): string =>
    grams >= 1000
      ? `${(grams / 1000).toLocaleString("en-IN", { maximumFractionDigits: 3 })} ${kg}`
      : `${grams.toLocaleString("en-IN")} ${g}`;
