import type { MessageDescriptor } from "@lingui/core";
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from "../../shared/i18n/index.ts";
import { type PartSlot, slotLabel } from "../../shared/schemas/slots.ts";
import type { Say } from "../texts/index.ts";

// A slot as the mails say it, its words in the server's catalogue (decision 049).

/** A slot's kind, as a mail names it. */
export const SLOT_KINDS: Record<PartSlot["kind"], MessageDescriptor> = {
  delivery: /*i18n*/ { id: "delivery", comment: "A slot's kind in mails: delivered home" },
  pickup: /*i18n*/ { id: "pickup", comment: "A slot's kind in mails: picked up at a point" },
};

/** The part of the day a time falls in, said before it (the morning's word, then 8): Hindi and Marathi do not say am and pm. */
const PERIODS = {
  morning: /*i18n*/ {
    id: "morning",
    comment: "Said before a slot's time from 5 am to noon (not in English)",
  },
  afternoon: /*i18n*/ {
    id: "afternoon",
    comment: "Said before a slot's time from noon to 4 pm (not in English)",
  },
  evening: /*i18n*/ {
    id: "evening",
    comment: "Said before a slot's time from 4 pm to 8 pm (not in English)",
  },
  night: /*i18n*/ { id: "night", comment: "Said before a slot's time from 8 pm to 5 am (not in English)" },
};

const periodOf = (hour: number) =>
  hour >= 5 && hour < 12
    ? PERIODS.morning
    : hour >= 12 && hour < 16
      ? PERIODS.afternoon
      : hour >= 16 && hour < 20
        ? PERIODS.evening
        : PERIODS.night;

const clock = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return { hour: h, text: `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""}` };
};

/**
 * "morning 8 to 10 o'clock", "11 in the morning to 1 in the afternoon", in the language's own words: a slot's window as it says it (Intl's own
 * Hindi and Marathi times keep "am"/"pm" in Latin letters, which a reader of these languages does not say).
 */
function windowIn(say: Say, start: string, end: string): string {
  const from = clock(start);
  const to = clock(end);
  const fromPeriod = periodOf(from.hour);
  const toPeriod = periodOf(to.hour);
  return fromPeriod === toPeriod
    ? say(
        /*i18n*/ {
          id: "{period} {from} to {to}",
          comment: "A slot's window within one part of the day: morning 8 to 10 (not in English)",
        },
        { period: say(fromPeriod), from: from.text, to: to.text },
      )
    : say(
        /*i18n*/ {
          id: "{fromPeriod} {from} to {toPeriod} {to}",
          comment: "A slot's window across two parts of the day: morning 11 to afternoon 1 (not in English)",
        },
        { fromPeriod: say(fromPeriod), from: from.text, toPeriod: say(toPeriod), to: to.text },
      );
}

/**
 * "Sat 28 Nov, 8–10 am" in English (the screens' label); the weekday and date as `Intl` says them and the window in words elsewhere: the weekday
 * and month in the language, the window in its words.
 */
export function slotLabelIn(
  say: Say,
  language: Language,
  slot: { date: string; start: string; end: string },
) {
  if (language === DEFAULT_LANGUAGE) return slotLabel(slot);
  const day = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return `${day.format(new Date(`${slot.date}T00:00:00Z`))}, ${windowIn(say, slot.start, slot.end)}`;
}

/** "delivery Sat 21 Mar, 8–10 am" or "pickup Sun 22 Mar, 5–7 pm at Gate 2, Baner Road". */
export function slotText(say: Say, language: Language, slot: PartSlot): string {
  const values = { kind: say(SLOT_KINDS[slot.kind]), when: slotLabelIn(say, language, slot) };
  return slot.pickupPoint
    ? say(
        /*i18n*/ {
          id: "{kind} {when} at {place}",
          comment: "A slot in mails: pickup Sun 22 Mar, 5–7 pm at a point",
        },
        {
          ...values,
          place: `${slot.pickupPoint.name}, ${slot.pickupPoint.address}`,
        },
      )
    : say(/*i18n*/ { id: "{kind} {when}", comment: "A slot in mails: delivery Sat 21 Mar, 8–10 am" }, values);
}
