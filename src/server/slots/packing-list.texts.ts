import type { Language } from "../../shared/i18n/index.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";

/** The packing list CSV's fixed texts in English; product names and buyer data stay as written. */
const en = {
  /** A pickup slot's orders are packed for the pickup point, not the buyer's address. */
  pickupAt: (point: string) => `Pickup: ${point}`,
  totalsHeader: ["Product", "Unit", "Total quantity"],
  ordersHeader: ["Order", "Buyer", "Phone", "Address", "Product", "Unit", "Quantity", "Status"],
  /** English keeps the status as the API names it, as the list always had it. */
  statuses: {
    pending: "pending",
    confirmed: "confirmed",
    out_for_delivery: "out_for_delivery",
    delivered: "delivered",
    cancelled: "cancelled",
  } satisfies Record<PartStatus, string>,
};

/** The same keys and as many columns in each language (decision 032, "Mails and downloads"). */
type PackingListTexts = typeof en;

const hi: PackingListTexts = {
  pickupAt: (point) => `पिकअप: ${point}`,
  totalsHeader: ["सामान", "इकाई", "कुल मात्रा"],
  ordersHeader: ["ऑर्डर", "ग्राहक", "फ़ोन", "पता", "सामान", "इकाई", "मात्रा", "स्थिति"],
  statuses: {
    pending: "बाकी",
    confirmed: "पक्का हो गया",
    out_for_delivery: "डिलीवरी के लिए निकला",
    delivered: "पहुँच गया",
    cancelled: "रद्द",
  },
};

const mr: PackingListTexts = {
  pickupAt: (point) => `पिकअप: ${point}`,
  totalsHeader: ["माल", "एकक", "एकूण नग"],
  ordersHeader: ["ऑर्डर", "ग्राहक", "फोन", "पत्ता", "माल", "एकक", "नग", "स्थिती"],
  statuses: {
    pending: "बाकी",
    confirmed: "पक्की झाली",
    out_for_delivery: "डिलिव्हरीसाठी निघाली",
    delivered: "पोहोचली",
    cancelled: "रद्द",
  },
};

export const packingListTexts: Record<Language, PackingListTexts> = { en, hi, mr };
