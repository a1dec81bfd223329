import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/index.ts";
import { paiseToRupees } from "../../shared/money.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import { formatAddress, orderNumber } from "../../shared/schemas/orders.ts";
import type { PackingList } from "../../shared/schemas/slots.ts";
import { billOfLines, gramsToPack } from "../../shared/weighing.ts";
import { csvPhone, toCsv } from "../http/index.ts";
import { PART_STATUS_TEXTS, type Say, textsIn, unitIn } from "../texts/index.ts";
import { ownSlot } from "./dated-slots.service.ts";
import * as repo from "./packing-list.repository.ts";
import { pointOf, toFarmerSlot } from "./slot-views.ts";
import type { Owner, SlotsContext } from "./slots-context.ts";

/**
 * What to harvest and pack for one dated slot: every product with its total quantity, then each order in the
 * slot (not cancelled) with its lines, buyer, phone and address, or the pickup point for a pickup slot. It
 * follows the weighing (issue 40): a line weighed at 0 g is dropped (its stock went back), a weighed line
 * counts at its packed weight, and each order shows its bill as it stands.
 */
export async function packingList(
  ctx: SlotsContext,
  owner: Owner,
  id: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<PackingList> {
  const slot = await ownSlot(ctx, owner, id);
  const parts = await repo.partsOfSlot(ctx.db, id);
  const lines = await repo.linesOfParts(
    ctx.db,
    parts.map((part) => part.part_id),
  );
  const toPack = lines
    .filter((line) => line.packed_grams !== 0)
    .map((line) => {
      const packedGrams = line.packed_grams ?? null;
      return { ...line, grams: gramsToPack({ ...line, packedGrams }), packed: packedGrams !== null };
    });
  const totals = new Map<string, PackingList["totals"][number]>();
  for (const line of toPack) {
    const total = totals.get(line.product_id) ?? {
      productId: line.product_id,
      name: line.name,
      unit: line.unit,
      quantity: 0,
      grams: line.grams === null ? null : 0,
      packed: true,
    };
    total.quantity += line.quantity;
    if (total.grams !== null && line.grams !== null) total.grams += line.grams;
    total.packed &&= line.packed;
    totals.set(line.product_id, total);
  }
  const point = pointOf(slot);
  return {
    slot: toFarmerSlot(slot),
    totals: [...totals.values()].sort((a, b) => a.name.localeCompare(b.name)),
    orders: parts.map((part) => {
      const bill = billOfLines(
        lines
          .filter((line) => line.part_id === part.part_id)
          .map((line) => ({ estimatePaise: line.line_total_paise, amountPaise: line.amount_paise })),
      );
      return {
        partId: part.part_id,
        orderId: part.order_id,
        status: part.status,
        buyer: part.full_name,
        phone: part.phone,
        address: point
          ? textsIn(language)(PICKUP_AT, { point: `${point.name}, ${point.address}` })
          : formatAddress({ ...part, zipCode: part.zip_code }, language),
        lines: toPack
          .filter((line) => line.part_id === part.part_id)
          .map((line) => ({
            name: line.name,
            unit: line.unit,
            quantity: line.quantity,
            grams: line.grams,
            packed: line.packed,
            // NOTE: as the bill counts it: its amount once the bill is final, its estimate before.
            amount: paiseToRupees(bill.final ? (line.amount_paise ?? 0) : line.line_total_paise),
          })),
        total: paiseToRupees(bill.totalPaise),
        billFinal: bill.final,
      };
    }),
  };
}

/** Grams as kilograms for a spreadsheet's number column ("1.5"), exactly; empty for a unit that is not a weight. */
const kgCell = (grams: number | null) => (grams === null ? "" : String(grams / 1000));

// The packing list's fixed texts, in the server's catalogue (decision 049); product names and buyers' data
// stay as written.
const PICKUP_AT = /*i18n*/ {
  id: "Pickup: {point}",
  comment: "The packing list's address of an order picked up at a point: its name and address",
};
const COLUMNS = {
  product: /*i18n*/ { id: "Product", comment: "A column of the packing list" },
  quantity: /*i18n*/ { id: "Quantity", comment: "A column of the packing list: how many, in the unit" },
  unit: /*i18n*/ { id: "Unit", comment: "A column of the packing list: kg, 500 g, bunch…" },
  weight: /*i18n*/ { id: "Weight (kg)", comment: "A column of the packing list" },
  order: /*i18n*/ { id: "Order", comment: "A column of the packing list: the order's short number" },
  buyer: /*i18n*/ { id: "Buyer", comment: "A column of the packing list: the buyer's name" },
  phone: /*i18n*/ { id: "Phone", comment: "A column of the packing list: the buyer's phone" },
  address: /*i18n*/ { id: "Address", comment: "A column of the packing list: where to deliver" },
  amount: /*i18n*/ { id: "Amount (₹)", comment: "A column of the packing list: the line's amount" },
  status: /*i18n*/ { id: "Status", comment: "A column of the packing list: the order's status" },
};
/** A count and its unit in columns of their own (issue 40: "3" and "500 g", never "3 500 g"). */
const TOTALS_HEADER = [COLUMNS.product, COLUMNS.quantity, COLUMNS.unit, COLUMNS.weight];
const ORDERS_HEADER = [
  COLUMNS.order,
  COLUMNS.buyer,
  COLUMNS.phone,
  COLUMNS.address,
  COLUMNS.product,
  COLUMNS.quantity,
  COLUMNS.unit,
  COLUMNS.weight,
  COLUMNS.amount,
  COLUMNS.status,
];
/** English keeps the status as the API names it, as the list always had it; other languages say its label. */
const statusIn = (say: Say, language: Language, status: string) => {
  const text = PART_STATUS_TEXTS[status as PartStatus];
  return text && language !== DEFAULT_LANGUAGE ? say(text) : status;
};

/**
 * The packing list as CSV: the totals, a blank line, then one row per order line; its headers, units and
 * statuses in the language of the account downloading it (product names and buyers' data stay as written).
 */
export function packingListCsv(list: PackingList, language: Language = DEFAULT_LANGUAGE): string {
  const say = textsIn(language);
  const rows: (string | number)[][] = [
    TOTALS_HEADER.map((text) => say(text)),
    ...list.totals.map((total) => [total.name, total.quantity, unitIn(say, total.unit), kgCell(total.grams)]),
    [],
    ORDERS_HEADER.map((text) => say(text)),
    ...list.orders.flatMap((order) =>
      order.lines.map((line) => [
        orderNumber(order.orderId),
        order.buyer,
        csvPhone(order.phone),
        order.address,
        line.name,
        line.quantity,
        unitIn(say, line.unit),
        kgCell(line.grams),
        line.amount.toFixed(2),
        statusIn(say, language, order.status),
      ]),
    ),
  ];
  return toCsv(rows);
}
