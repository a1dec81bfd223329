import { fixedText, text, textWith } from "../i18n/text.ts";

// The slots' limits and the messages that name them (slots.ts re-exports them).

/** How many days ahead dated slots are made from the weekly patterns (today included). */
export const SLOT_HORIZON_DAYS = 14;
export const MAX_SLOT_CAPACITY = 1000;
export const MAX_CUTOFF_HOURS = 168;
export const DEFAULT_CUTOFF_HOURS = 12;
export const MAX_PIN_PREFIXES = 100;
/** The key of the shop's own part (the deal of the day) in `slots` of an order and in GET /api/slots. */
export const SHOP_SLOT_KEY = "shop";

export const SLOT_UNAVAILABLE_REASONS = ["full", "closed", "cutoff", "area"] as const;
export type SlotUnavailableReason = (typeof SLOT_UNAVAILABLE_REASONS)[number];

export const slotMessages = {
  nameRequired: text(/*i18n*/ { id: "Please enter the pickup point's name" }),
  addressRequired: text(/*i18n*/ { id: "Please enter the pickup point's address" }),
  tooLong: (max: number) => fixedText(/*i18n*/ { id: "At most {max} characters" }, { max }),
  mapUrl: text(/*i18n*/ { id: "Enter a web address starting with https:// (or leave it empty)" }),
  pinPrefix: text(/*i18n*/ { id: "A PIN prefix is 1 to 6 digits, e.g. 4110 or 411038" }),
  tooManyPrefixes: fixedText(/*i18n*/ { id: "At most {max} PIN prefixes" }, { max: MAX_PIN_PREFIXES }),
  kind: text(/*i18n*/ { id: "Choose delivery or pickup" }),
  weekday: text(/*i18n*/ { id: "Choose a day of the week" }),
  time: text(/*i18n*/ { id: "Enter a time as HH:MM, e.g. 08:00" }),
  endAfterStart: text(/*i18n*/ { id: "The end must be after the start" }),
  capacity: fixedText(
    /*i18n*/ { id: "Capacity must be a whole number from 1 to {max}" },
    { max: MAX_SLOT_CAPACITY },
  ),
  cutoff: fixedText(
    /*i18n*/ { id: "The cut-off must be a whole number of hours from 0 to {max}" },
    { max: MAX_CUTOFF_HOURS },
  ),
  pickupPointRequired: text(/*i18n*/ { id: "Choose the pickup point for a pickup slot" }),
  pickupPointNotForDelivery: text(/*i18n*/ { id: "A delivery slot has no pickup point" }),
  pickupPointUnknown: text(/*i18n*/ { id: "Choose one of your own pickup points" }),
  pickupPointRetired: text(/*i18n*/ { id: "This pickup point is retired; choose another" }),
  reasonRequired: text(/*i18n*/ { id: "Please say why the slot is closed" }),
  date: text(/*i18n*/ { id: "Enter a date as YYYY-MM-DD" }),
  pointNotFound: text(/*i18n*/ { id: "No such pickup point" }),
  patternNotFound: text(/*i18n*/ { id: "No such slot pattern" }),
  slotNotFound: text(/*i18n*/ { id: "No such slot" }),
  capacityBelowTaken: (taken: number) =>
    taken === 1
      ? textWith(
          /*i18n*/ { id: "1 order has a place in this slot; the capacity cannot be lower than that" },
          {},
        )
      : textWith(
          /*i18n*/ { id: "{taken} orders have a place in this slot; the capacity cannot be lower than that" },
          { taken },
        ),
  closeNeedsConfirm: (taken: number) =>
    taken === 1
      ? textWith(
          /*i18n*/ {
            id: "1 order has a place in this slot. Closing it tells its buyer to contact you; confirm to close it.",
          },
          {},
        )
      : textWith(
          /*i18n*/ {
            id: "{taken} orders have a place in this slot. Closing it tells their buyers to contact you; confirm to close it.",
          },
          { taken },
        ),
  alreadyClosed: text(/*i18n*/ { id: "This slot is already closed" }),
  slotRequired: (farmer: string) =>
    textWith(/*i18n*/ { id: "Choose a delivery or pickup slot for {farmer}" }, { farmer }),
  slotRequiredField: text(/*i18n*/ { id: "Choose a delivery or pickup slot" }),
  slotUnknown: (farmer: string) =>
    textWith(/*i18n*/ { id: "That slot is not one of {farmer}'s; choose another" }, { farmer }),
  slotFull: (farmer: string) =>
    textWith(/*i18n*/ { id: "{farmer}'s slot is full; choose another slot" }, { farmer }),
  slotClosed: (farmer: string) =>
    textWith(/*i18n*/ { id: "{farmer}'s slot is closed for ordering; choose another slot" }, { farmer }),
  slotNotServed: (farmer: string) =>
    textWith(
      /*i18n*/ { id: "{farmer} does not deliver to this PIN code; choose a pickup slot or another address" },
      { farmer },
    ),
  noSlotOpen: (farmer: string) =>
    textWith(
      /*i18n*/ { id: "{farmer} has no delivery or pickup open in the next {days} days" },
      { farmer, days: SLOT_HORIZON_DAYS },
    ),
  slotClosedByFarmer: text(/*i18n*/ { id: "Slot closed by the farmer: contact them" }),
  withinDay: text(/*i18n*/ { id: "Delivery within 24 hours" }),
  pickupOnly: text(/*i18n*/ { id: "Pickup only" }),
} as const;
