import type { MessageDescriptor } from "@lingui/core";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { PaymentState } from "../../shared/schemas/order-parts.ts";
import { orderNumber } from "../../shared/schemas/orders.ts";
import type { Context } from "../context.ts";
import { csvTime, toCsv } from "../http/index.ts";
import { textsIn } from "../texts/index.ts";
import {
  FIGURES,
  type Figures,
  payoutFigures,
  reckonWeek,
  shopReckoning,
  sumFigures,
  weekOf,
} from "./reckoning.service.ts";

// The weekly reckonings as CSV downloads, in the caller's language (decision 049).

/** Paise as "86.00", exactly (no floating point on the way). */
const rupeesText = (paise: number) =>
  `${paise < 0 ? "-" : ""}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, "0")}`;

/** The CSVs' columns of the money paid online (decision 052), in rupees; `paid out` is the farmer's week's. */
const ONLINE_COLUMNS = [
  /*i18n*/ { id: "collected online", comment: "A column of a payments CSV: paid online through the gateway" },
  /*i18n*/ { id: "refunded", comment: "A column of a payments CSV: refunded of what was paid online" },
  /*i18n*/ { id: "commission", comment: "A column of a payments CSV: the shop's commission" },
  /*i18n*/ { id: "payable", comment: "A column of a payments CSV: what the shop owes the farmer" },
  /*i18n*/ {
    id: "paid out",
    comment: "A column of a payments CSV: what the shop paid the farmer in the week",
  },
];
/** A reckoning's online figures as CSV cells, in ONLINE_COLUMNS' order but the last (paid out). */
const onlineCells = (figures: Figures) =>
  [figures.collectedOnline, figures.refunded, figures.commission, figures.payable].map(rupeesText);

/**
 * The week's CSV's fixed texts (decision 049). An order is named by its short number, as the screens show it
 * (a farmer has one part of an order, so the part needs no column). English keeps each state as the API
 * names it, as the CSV always had it.
 */
const CSV_HEADER = [
  /*i18n*/ { id: "week", comment: "A column of the farmer's payments CSV: the week" },
  /*i18n*/ { id: "buyer", comment: "A column of the farmer's payments CSV: the buyer's name" },
  /*i18n*/ { id: "order", comment: "A column of the farmer's payments CSV: the order's short number" },
  /*i18n*/ { id: "delivered at", comment: "A column of the farmer's payments CSV: when it was delivered" },
  /*i18n*/ {
    id: "delivered",
    comment: "A column of the farmer's payments CSV: the bill delivered, in rupees",
  },
  /*i18n*/ { id: "cash", comment: "A column of the farmer's payments CSV: cash received, in rupees" },
  /*i18n*/ { id: "upi", comment: "A column of the farmer's payments CSV: UPI received, in rupees" },
  /*i18n*/ { id: "owed", comment: "A column of the farmer's payments CSV: still owed, in rupees" },
  ...ONLINE_COLUMNS,
  /*i18n*/ { id: "state", comment: "A column of the farmer's payments CSV: the payment's state" },
];
const CSV_STATES: Record<PaymentState, MessageDescriptor> = {
  unpaid: /*i18n*/ { id: "unpaid", comment: "A payment state in the farmer's payments CSV" },
  part_paid: /*i18n*/ { id: "part_paid", comment: "A payment state in the farmer's payments CSV" },
  paid: /*i18n*/ { id: "paid", comment: "A payment state in the farmer's payments CSV" },
  refunded: /*i18n*/ { id: "refunded", comment: "A payment state in the farmer's payments CSV" },
  part_refunded: /*i18n*/ { id: "part_refunded", comment: "A payment state in the farmer's payments CSV" },
};
const CSV_TOTAL = /*i18n*/ { id: "Total", comment: "The last row of the farmer's payments CSV" };

/**
 * The farmer's week as CSV: one row per part delivered, then the week's totals; its headers and states in the
 * farmer's language (buyers' names stay as written).
 */
export async function farmerReckoningCsv(
  ctx: Context,
  farmerId: string,
  date: string | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ week: string; csv: string }> {
  const say = textsIn(language);
  const week = weekOf(ctx, date);
  const parts = await reckonWeek(ctx, week, farmerId);
  const total = sumFigures(parts);
  const [payouts] = await payoutFigures(ctx, week, [farmerId]);
  const rows = [
    CSV_HEADER.map((text) => say(text)),
    ...parts.map((part) => [
      week,
      part.buyer_name,
      orderNumber(part.order_id),
      csvTime(part.delivered_at, ctx.settings.shopTimeZone),
      rupeesText(part.delivered),
      rupeesText(part.cash),
      rupeesText(part.upi),
      rupeesText(part.owed),
      ...onlineCells(part),
      "",
      say(CSV_STATES[part.state]),
    ]),
    [
      week,
      say(CSV_TOTAL),
      "",
      "",
      rupeesText(total.delivered),
      rupeesText(total.cash),
      rupeesText(total.upi),
      rupeesText(total.owed),
      ...onlineCells(total),
      rupeesText(rupeesToPaise(payouts?.paidOut ?? 0)),
      "",
    ],
  ];
  return { week, csv: toCsv(rows) };
}

const SHOP_CSV_HEADER = [
  /*i18n*/ { id: "week", comment: "A column of the farmer's payments CSV: the week" },
  /*i18n*/ { id: "farmer", comment: "A column of the operator's payments CSV: the farmer's name" },
  /*i18n*/ {
    id: "delivered",
    comment: "A column of the farmer's payments CSV: the bill delivered, in rupees",
  },
  /*i18n*/ { id: "cash", comment: "A column of the farmer's payments CSV: cash received, in rupees" },
  /*i18n*/ { id: "upi", comment: "A column of the farmer's payments CSV: UPI received, in rupees" },
  /*i18n*/ { id: "owed", comment: "A column of the farmer's payments CSV: still owed, in rupees" },
  ...ONLINE_COLUMNS,
  /*i18n*/ {
    id: "balance",
    comment: "A column of the operator's payments CSV: what the shop owes the farmer in all, after payouts",
  },
];

/**
 * `/admin/payments`' week as CSV (decision 052): one row per farmer (the shop's own part by the shop's name),
 * then the week's totals; its headers in the operator's language.
 */
export async function shopReckoningCsv(
  ctx: Context,
  date: string | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ week: string; csv: string }> {
  const say = textsIn(language);
  const reckoning = await shopReckoning(ctx, date);
  const text = (rupees: number) => rupeesText(rupeesToPaise(rupees));
  const cells = (figures: Figures & { paidOut: number }) =>
    [...FIGURES.map((key) => figures[key]), figures.paidOut].map(text);
  const paidOut = paiseToRupees(
    reckoning.farmers.reduce((sum, farmer) => sum + rupeesToPaise(farmer.paidOut), 0),
  );
  const rows = [
    SHOP_CSV_HEADER.map((header) => say(header)),
    ...reckoning.farmers.map((farmer) => [
      reckoning.week,
      farmer.farmerName,
      ...cells(farmer),
      text(farmer.balance),
    ]),
    [reckoning.week, say(CSV_TOTAL), ...cells({ ...reckoning, paidOut }), ""],
  ];
  return { week: reckoning.week, csv: toCsv(rows) };
}
