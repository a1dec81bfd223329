import { describe, expect, it } from "vitest";
import {
  PART_STATUSES,
  PAYMENT_RECORD_METHODS,
  PAYMENT_STATES,
  partMessages,
  partStatusLabels,
  paymentRecordMethodLabels,
  paymentStateLabels,
} from "../../../shared/schemas/order-parts.ts";
import {
  PAYMENT_METHODS,
  paymentMethodLabels,
  paymentMethodNotes,
  paymentWhenNotes,
} from "../../../shared/schemas/orders.ts";
import { paymentMessages } from "../../../shared/schemas/payments.ts";
import {
  SLOT_UNAVAILABLE_REASONS,
  slotLabel,
  slotMessages,
  slotUnavailableLabels,
} from "../../../shared/schemas/slots.ts";
import { billTexts } from "../../../shared/weighing.ts";
import { inLanguage } from "../../test/render.tsx";
import {
  billText,
  formatOrderDate,
  formatSlot,
  paymentLabel,
  paymentNote,
  paymentStateLabel,
  paymentWhenNote,
  recordMethodLabel,
  slotText,
  slotUnavailableLabel,
  statusLabel,
} from "./format.ts";

const slot = { date: "2026-11-28", start: "08:00", end: "10:00" };

// NOTE: the client says these texts itself so that Hindi and Marathi have them; in English they must stay the
// shared ones word for word (the product's texts, also in the server's e-mails).
describe("the orders' texts in English", () => {
  it("are the shared texts, word for word", () => {
    for (const status of PART_STATUSES) expect(statusLabel(status)).toBe(partStatusLabels[status]);
    for (const state of PAYMENT_STATES) expect(paymentStateLabel(state)).toBe(paymentStateLabels[state]);
    for (const method of PAYMENT_RECORD_METHODS) {
      expect(recordMethodLabel(method)).toBe(paymentRecordMethodLabels[method]);
    }
    for (const method of PAYMENT_METHODS) {
      expect(paymentLabel(method)).toBe(paymentMethodLabels[method]);
      expect(paymentNote(method)).toBe(paymentMethodNotes[method]);
    }
    for (const reason of SLOT_UNAVAILABLE_REASONS) {
      expect(slotUnavailableLabel(reason)).toBe(slotUnavailableLabels[reason]);
    }
    for (const place of ["delivery", "pickup", "both"] as const) {
      expect(paymentWhenNote(place)).toBe(paymentWhenNotes[place]);
    }
    expect(billText.about(1234.5)).toBe(billTexts.about(1234.5));
    expect(billText.payByUpi(61)).toBe(billTexts.payByUpi(61));
    expect(billText.cashOnly()).toBe(billTexts.cashOnly);
    expect(billText.cashAtPickup()).toBe(billTexts.cashAtPickup);
    expect(billText.estimateNote()).toBe(billTexts.estimateNote);
    expect(billText.ordered(2, "kg")).toBe(billTexts.ordered(2, "kg"));
    expect(billText.ordered(3, "250 g")).toBe(billTexts.ordered(3, "250 g"));
    expect(billText.packed(2150)).toBe(billTexts.packed(2150));
    expect(billText.packed(0)).toBe(billTexts.packed(0));
    expect(slotText.withinDay()).toBe(slotMessages.withinDay);
    expect(slotText.closedByFarmer()).toBe(slotMessages.slotClosedByFarmer);
    expect(slotText.required("Ravi")).toBe(slotMessages.slotRequired("Ravi").english);
    expect(slotText.requiredField()).toBe(slotMessages.slotRequiredField);
    expect(formatSlot(slot)).toBe(slotLabel(slot));
    expect(statusLabel("in_progress")).toBe("In progress");
    expect(partMessages.orderCancelled).toBe("Your order has been cancelled");
    expect(partMessages.reasonRequired).toBe("Please give a reason for cancelling");
    expect(paymentMessages.upiIdInvalid).toBe("Enter a UPI ID like name@bank");
  });

  it("dates an order in the shop's time zone with its name", () => {
    expect(formatOrderDate("2026-11-21T08:00:00.000Z")).toBe("21 Nov 2026, 1:30 pm IST");
  });
});

describe("the orders' texts in Hindi and Marathi", () => {
  it("say weights, dates and slots with no English (a 24-hour clock, the zone's own name)", async () => {
    await inLanguage("hi");
    expect(billText.packed(2150)).toBe("पैक 2.15 किलो");
    expect(formatOrderDate("2026-11-21T08:00:00.000Z")).toBe("21 नव॰ 2026, 13:30 भारतीय मानक समय");
    expect(formatSlot(slot)).toBe("शनि, 28 नव॰, 08:00–10:00");
    await inLanguage("mr");
    expect(billText.ordered(3, "250 g")).toBe("ऑर्डर 750 ग्रॅम");
    expect(slotText.placesLeft(2)).toBe("2 जागा शिल्लक");
  });
});
