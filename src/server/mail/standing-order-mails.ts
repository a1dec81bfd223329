import type { MessageDescriptor } from "@lingui/core";
import { DEFAULT_LANGUAGE, INTL_LOCALES } from "../../shared/i18n/index.ts";
import { formatRupees } from "../../shared/money.ts";
import { weekdayShort, windowLabel } from "../../shared/schemas/slot-basics.ts";
import type { OccurrenceReason } from "../../shared/schemas/standing-orders.ts";
import { shopDate, shopTime } from "../../shared/shop-calendar.ts";
import { type Say, unitIn } from "../texts/index.ts";
import { compose, greeting, languageOf, type Recipient, sayTo } from "./compose.ts";
import type { Mail } from "./mail.ts";
import { slotLabelIn } from "./slot-texts.ts";

// A shopper's mails of their standing orders (issue 35). Their texts are in the server's catalogue (decision 049).

export interface StandingLine {
  name: string;
  unit: string;
  quantity: number;
}

const SEE_STANDING_ORDERS: MessageDescriptor = /*i18n*/ {
  id: "See your standing orders",
  comment: "The link of a standing order's mail",
};

const NOTHING_TAKEN: MessageDescriptor = /*i18n*/ {
  id: "Nothing was taken for it. Your standing order goes on.",
  comment: "A standing order's missed delivery mail",
};

const linesIn = (say: Say, lines: readonly StandingLine[]) =>
  lines.map((line) => `${line.quantity} ${unitIn(say, line.unit)} ${line.name}`).join(", ");

/** "Sat 8–10 am" in English; the language's weekday, date and window elsewhere. */
function slotIn(say: Say, to: Recipient, slot: { date: string; start: string; end: string }) {
  return languageOf(to) === DEFAULT_LANGUAGE
    ? `${weekdayShort(slot.date)} ${windowLabel(slot.start, slot.end)}`
    : slotLabelIn(say, languageOf(to), slot);
}

/** "Fri 8 pm" (the shop's clock) in English; the language's weekday and time elsewhere. */
function instantIn(to: Recipient, at: Date, timeZone: string) {
  const language = languageOf(to);
  if (language !== DEFAULT_LANGUAGE) {
    return new Intl.DateTimeFormat(INTL_LOCALES[language], {
      weekday: "short",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    }).format(at);
  }
  const [h = 0, m = 0] = shopTime(at, timeZone).split(":").map(Number);
  const hour = `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
  return `${weekdayShort(shopDate(at, timeZone))} ${hour}`;
}

/** "Sat 12 May" in English; the language's weekday, day and month elsewhere. */
function dateIn(to: Recipient, date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  const language = languageOf(to);
  if (language === DEFAULT_LANGUAGE) {
    const month = day.toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
    return `${weekdayShort(date)} ${day.getUTCDate()} ${month}`;
  }
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(day);
}

export interface StandingReminder {
  buyerName: string;
  slot: { date: string; start: string; end: string };
  lines: readonly StandingLine[];
  /** Rupees: the occurrence's estimate ("about"). */
  total: number;
  cutoffAt: Date;
  timeZone: string;
}

/**
 * The reminder before an occurrence's cut-off (issue 35): "Your standing order for Sat 8–10 am: 2 kg
 * tomatoes, 1 bunch coriander, about ₹130. Skip or change it until Fri 8 pm." with a link to it.
 */
export function standingReminderMail(to: Recipient, reminder: StandingReminder, url: string): Mail {
  const say = sayTo(to);
  const slot = slotIn(say, to, reminder.slot);
  const subject = say(
    /*i18n*/ { id: "Your standing order for {slot}", comment: "Subject of a standing order's reminder" },
    { slot },
  );
  return compose(to, subject, {
    greeting: greeting(say, reminder.buyerName),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "Your standing order for {slot}: {lines}, about {total}. Skip or change it until {cutoff}.",
          comment: "A standing order's reminder: its slot, lines (2 kg tomatoes), estimate and cut-off",
        },
        {
          slot,
          lines: linesIn(say, reminder.lines),
          total: formatRupees(reminder.total),
          cutoff: instantIn(to, reminder.cutoffAt, reminder.timeZone),
        },
      ),
    ],
    link: {
      label: say(/*i18n*/ { id: "Skip or change it", comment: "The link of a standing order's reminder" }),
      url,
    },
  });
}

export interface StandingMissed {
  buyerName: string;
  slot: { date: string; start: string; end: string };
  reason: OccurrenceReason;
  /** The product the reason is about (sold out, no longer available), when it is one. */
  productName?: string;
}

/** Why an occurrence was not made, as the shopper is told it. */
function reasonIn(say: Say, missed: StandingMissed): string {
  const product = missed.productName ?? "";
  switch (missed.reason) {
    case "sold_out":
      return say(
        /*i18n*/ { id: "{product} sold out", comment: "Why a standing order's delivery was not made" },
        {
          product,
        },
      );
    case "unavailable":
      return say(
        /*i18n*/ {
          id: "a product is no longer available",
          comment: "Why a standing order's delivery was not made",
        },
      );
    case "slot_full":
      return say(
        /*i18n*/ { id: "the slot is full", comment: "Why a standing order's delivery was not made" },
      );
    case "area":
      return say(
        /*i18n*/ {
          id: "the farmer does not deliver to your PIN code",
          comment: "Why a standing order's delivery was not made",
        },
      );
    case "farmer_suspended":
      return say(
        /*i18n*/ {
          id: "the farmer is not selling now",
          comment: "Why a standing order's delivery was not made",
        },
      );
    default:
      return say(
        /*i18n*/ { id: "the slot is closed", comment: "Why a standing order's delivery was not made" },
      );
  }
}

/** "Not delivered on Sat 12 May: tomatoes sold out" (issue 35): told once, its standing order stays. */
export function standingMissedMail(to: Recipient, missed: StandingMissed, url: string): Mail {
  const say = sayTo(to);
  const text = say(
    /*i18n*/ {
      id: "Not delivered on {date}: {reason}",
      comment: "A standing order's delivery that could not be made, and why",
    },
    { date: dateIn(to, missed.slot.date), reason: reasonIn(say, missed) },
  );
  return compose(to, text, {
    greeting: greeting(say, missed.buyerName),
    paragraphs: [text, say(NOTHING_TAKEN)],
    link: {
      label: say(SEE_STANDING_ORDERS),
      url,
    },
  });
}

/** A standing order's news in one paragraph, with the link to the shopper's standing orders. */
function standingNoticeMail(
  to: Recipient,
  buyerName: string,
  url: string,
  subject: MessageDescriptor,
  text: MessageDescriptor,
): Mail {
  const say = sayTo(to);
  return compose(to, say(subject), {
    greeting: greeting(say, buyerName),
    paragraphs: [say(text)],
    link: { label: say(SEE_STANDING_ORDERS), url },
  });
}

/**
 * The farmer deleted a weekly slot of a standing order (or retired its pickup point): it is paused, and its
 * shopper is asked to choose another slot (issue 35).
 */
export const standingSlotRemovedMail = (to: Recipient, buyerName: string, url: string): Mail =>
  standingNoticeMail(
    to,
    buyerName,
    url,
    /*i18n*/ { id: "Your standing order is paused", comment: "Subject of a standing order's paused mail" },
    /*i18n*/ {
      id: "The farmer no longer delivers in a weekly slot of your standing order. It is paused: choose another slot to go on.",
      comment: "A standing order paused because its farmer deleted its weekly slot",
    },
  );

/** Every product of a standing order was deleted by its farmer: it ended (issue 35). */
export const standingEndedMail = (to: Recipient, buyerName: string, url: string): Mail =>
  standingNoticeMail(
    to,
    buyerName,
    url,
    /*i18n*/ { id: "Your standing order has ended", comment: "Subject of a standing order's ended mail" },
    /*i18n*/ {
      id: "Your standing order has ended: the farmer no longer sells any of its products.",
      comment: "A standing order ended because every product in it was deleted",
    },
  );

export interface StandingPriceRise {
  buyerName: string;
  date: string;
  /** The products whose price rose more than 10 % over the one saved with the standing order. */
  productNames: readonly string[];
  /** Rupees: the occurrence's estimate at the new prices ("about"). */
  total: number;
  cutoffAt: Date;
  timeZone: string;
}

/**
 * An occurrence held for a price rise (issue 35): the shopper is asked, once, to accept the new price or skip
 * it before its cut-off, with a link to their standing orders.
 */
export function standingPriceRiseMail(to: Recipient, rise: StandingPriceRise, url: string): Mail {
  const say = sayTo(to);
  const subject = say(
    /*i18n*/ {
      id: "New price for your delivery on {date}",
      comment: "Subject of the mail asking a shopper to accept a standing order's risen price",
    },
    { date: dateIn(to, rise.date) },
  );
  return compose(to, subject, {
    greeting: greeting(say, rise.buyerName),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "The price of {products} rose by more than 10 %: your delivery on {date} now comes to about {total}.",
          comment:
            "A standing order's delivery held for a price rise: the products, the date and the new estimate",
        },
        {
          products: rise.productNames.join(", "),
          date: dateIn(to, rise.date),
          total: formatRupees(rise.total),
        },
      ),
      say(
        /*i18n*/ {
          id: "It is on hold: accept the new price or skip it until {cutoff}. Not accepted by then, it is skipped.",
          comment:
            "A standing order's delivery held for a price rise: what the shopper may do, and until when",
        },
        { cutoff: instantIn(to, rise.cutoffAt, rise.timeZone) },
      ),
    ],
    link: {
      label: say(
        /*i18n*/ {
          id: "Accept or skip",
          comment: "The link of the mail about a standing order's risen price",
        },
      ),
      url,
    },
  });
}

/** A held occurrence whose new price was not accepted by its cut-off was skipped (issue 35): told once. */
export function standingPriceSkippedMail(
  to: Recipient,
  skipped: { buyerName: string; date: string },
  url: string,
): Mail {
  const say = sayTo(to);
  const subject = say(
    /*i18n*/ {
      id: "Skipped: your delivery on {date}",
      comment:
        "Subject of the mail telling a shopper a standing order's delivery was skipped for its new price",
    },
    { date: dateIn(to, skipped.date) },
  );
  return compose(to, subject, {
    greeting: greeting(say, skipped.buyerName),
    paragraphs: [
      say(
        /*i18n*/ {
          id: "Your delivery on {date} was skipped: its price rose by more than 10 % and the new price was not accepted by its cut-off.",
          comment: "A standing order's delivery skipped because its risen price was not accepted in time",
        },
        { date: dateIn(to, skipped.date) },
      ),
      say(NOTHING_TAKEN),
    ],
    link: { label: say(SEE_STANDING_ORDERS), url },
  });
}
