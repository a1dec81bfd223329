import type { Language } from "../../shared/i18n/index.ts";
import type { PaymentState } from "../../shared/schemas/order-parts.ts";

/**
 * The week's payments CSV's fixed texts in English; buyers' names stay as written. An order is named by its
 * short number, as the screens show it (a farmer has one part of an order, so the part needs no column).
 */
const en = {
  header: ["week", "buyer", "order", "delivered at", "delivered", "cash", "upi", "owed", "state"],
  total: "Total",
  /** English keeps each state as the API names it, as the CSV always had it. */
  states: { unpaid: "unpaid", part_paid: "part_paid", paid: "paid" } satisfies Record<PaymentState, string>,
};

/** The same keys and as many columns in each language (decision 032, "Mails and downloads"). */
type PaymentsCsvTexts = typeof en;

const hi: PaymentsCsvTexts = {
  header: ["हफ़्ता", "ग्राहक", "ऑर्डर", "पहुँचाने का समय", "पहुँचाया", "नकद", "UPI", "बाकी", "स्थिति"],
  total: "कुल",
  states: { unpaid: "भुगतान नहीं हुआ", part_paid: "कुछ भुगतान हुआ", paid: "भुगतान हो गया" },
};

const mr: PaymentsCsvTexts = {
  header: ["आठवडा", "ग्राहक", "ऑर्डर", "पोहोचवल्याची वेळ", "पोहोचवले", "रोख", "UPI", "बाकी", "स्थिती"],
  total: "एकूण",
  states: { unpaid: "पैसे मिळाले नाहीत", part_paid: "काही पैसे मिळाले", paid: "पैसे मिळाले" },
};

export const paymentsCsvTexts: Record<Language, PaymentsCsvTexts> = { en, hi, mr };
