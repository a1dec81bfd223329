import type { Language } from "../../shared/i18n/index.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";

/** The packing list CSV's fixed texts in English; product names and buyer data stay as written. */
const en = {
  /** A pickup slot's orders are packed for the pickup point, not the buyer's address. */
  pickupAt: (point: string) => `Pickup: ${point}`,
  /** A count and its unit in columns of their own (issue 40: "3" and "500 g", never "3 500 g"). */
  totalsHeader: ["Product", "Quantity", "Unit", "Weight (kg)"],
  ordersHeader: [
    "Order",
    "Buyer",
    "Phone",
    "Address",
    "Product",
    "Quantity",
    "Unit",
    "Weight (kg)",
    "Amount (₹)",
    "Status",
  ],
  /** English keeps the status as the API names it, as the list always had it. */
  statuses: {
    pending: "pending",
    confirmed: "confirmed",
    out_for_delivery: "out_for_delivery",
    delivered: "delivered",
    cancelled: "cancelled",
  } satisfies Record<PartStatus, string>,
  /** The units in the file's language (the same words the screens use). */
  units: {
    kg: "kg",
    "500 g": "500 g",
    "250 g": "250 g",
    piece: "piece",
    bunch: "bunch",
    dozen: "dozen",
    litre: "litre",
    "500 ml": "500 ml",
    pack: "pack",
  } satisfies Record<ProductUnit, string>,
};

/** The same keys and as many columns in each language (decision 032, "Mails and downloads"). */
type PackingListTexts = typeof en;

const hi: PackingListTexts = {
  pickupAt: (point) => `पिकअप: ${point}`,
  totalsHeader: ["सामान", "मात्रा", "इकाई", "वज़न (किलो)"],
  ordersHeader: ["ऑर्डर", "ग्राहक", "फ़ोन", "पता", "सामान", "मात्रा", "इकाई", "वज़न (किलो)", "रकम (₹)", "स्थिति"],
  statuses: {
    pending: "बाकी",
    confirmed: "पक्का हो गया",
    out_for_delivery: "डिलीवरी के लिए निकला",
    delivered: "पहुँच गया",
    cancelled: "रद्द",
  },
  units: {
    kg: "किलो",
    "500 g": "500 ग्राम",
    "250 g": "250 ग्राम",
    piece: "नग",
    bunch: "गड्डी",
    dozen: "दर्जन",
    litre: "लीटर",
    "500 ml": "500 मिली",
    pack: "पैकेट",
  },
};

const mr: PackingListTexts = {
  pickupAt: (point) => `पिकअप: ${point}`,
  totalsHeader: ["माल", "संख्या", "एकक", "वजन (किलो)"],
  ordersHeader: ["ऑर्डर", "ग्राहक", "फोन", "पत्ता", "माल", "संख्या", "एकक", "वजन (किलो)", "रक्कम (₹)", "स्थिती"],
  statuses: {
    pending: "बाकी",
    confirmed: "पक्की झाली",
    out_for_delivery: "डिलिव्हरीसाठी निघाली",
    delivered: "पोहोचली",
    cancelled: "रद्द",
  },
  units: {
    kg: "किलो",
    "500 g": "500 ग्रॅम",
    "250 g": "250 ग्रॅम",
    piece: "नग",
    bunch: "जुडी",
    dozen: "डझन",
    litre: "लिटर",
    "500 ml": "500 मिली",
    pack: "पाकीट",
  },
};

export const packingListTexts: Record<Language, PackingListTexts> = { en, hi, mr };

/** A unit in the file's language; a unit the shop no longer knows stays as written. */
export const unitIn = (language: Language, unit: string): string =>
  (packingListTexts[language].units as Record<string, string>)[unit] ?? unit;
