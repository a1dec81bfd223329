import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { OrderPayment } from "../../shared/schemas/online-payments.ts";
import {
  deriveOrderPaymentState,
  isPaidInFull,
  type OnlineRecord,
  type PartPayment,
  type PartStatus,
  type PaymentState,
} from "../../shared/schemas/order-parts.ts";
import { type OrderPart, orderNumber, type PlacedLine } from "../../shared/schemas/orders.ts";
import { billOfLines, isWeighedUnit, type PartBill, upiPaymentUri } from "../../shared/weighing.ts";
import type {
  GatewayPaymentsTable,
  OrderItemsTable,
  OrdersTable,
  PaymentLinksTable,
  RefundEventsTable,
  RefundsTable,
} from "../db/index.ts";
import type { OnlineRecordRows } from "./online-payments.repository.ts";
import type { PaymentWithNamesRow } from "./payments.repository.ts";

/*
 * A part's bill and payments, derived from its lines and payment records (decision 020): nothing here is
 * stored, so the part, the order, the reckonings and the CSV all read the same sums.
 */

/** An order line as the API shows it: as placed, with its weighing and what it is billed. */
export const toApiLine = (item: OrderItemsTable): PlacedLine => ({
  lineId: item.line_no,
  productId: item.product_id,
  name: item.name,
  unitPrice: paiseToRupees(item.unit_price_paise),
  unit: item.unit,
  quantity: item.quantity,
  lineTotal: paiseToRupees(item.line_total_paise),
  weighed: isWeighedUnit(item.unit),
  packedGrams: item.packed_grams ?? null,
  estimate: paiseToRupees(item.line_total_paise),
  amount: paiseToRupees(item.amount_paise ?? item.line_total_paise),
});

export type { PartBill };

/** A part's bill from its stored lines (`amount_paise` null: a weighed line not weighed yet). */
export const billOf = (
  items: readonly Pick<OrderItemsTable, "amount_paise" | "line_total_paise">[],
): PartBill =>
  billOfLines(
    items.map((item) => ({ estimatePaise: item.line_total_paise, amountPaise: item.amount_paise })),
  );

export const billFields = (bill: PartBill) => ({
  estimate: paiseToRupees(bill.estimatePaise),
  total: paiseToRupees(bill.totalPaise),
  billFinal: bill.final,
});

/** Paise received for a part: its payments that were not undone. */
export const receivedPaise = (records: readonly Pick<PaymentWithNamesRow, "amount_paise" | "undone_at">[]) =>
  records.reduce((sum, record) => sum + (record.undone_at ? 0 : record.amount_paise), 0);

/**
 * A part's payment state from what it kept (`received`, paise) and what was refunded of it (`refunded`, refunds
 * that did not fail), as `PAYMENT_STATES` says.
 */
export function paymentStateOf(bill: PartBill, received: number, refunded = 0): PaymentState {
  const inFull = bill.final && received >= bill.totalPaise;
  if (refunded > 0 && received <= 0) return "refunded";
  if (received <= 0) return "unpaid";
  if (!inFull) return "part_paid";
  return refunded > 0 ? "part_refunded" : "paid";
}

/** What a part was paid online (decision 052): its records as the API shows them and its share, in paise. */
export interface OnlineMoney {
  records: OnlineRecord[];
  /** Its share of the counted payment, less its refunds that did not fail. */
  sharePaise: number;
  /** Its refunds that did not fail. */
  refundedPaise: number;
}

/** Each part's online money, by part id, from its order's counted payment and the part's refunds. */
export function onlineMoneyOf(rows: OnlineRecordRows): Map<string, OnlineMoney> {
  const money = new Map<string, OnlineMoney>();
  const of = (partId: string) => {
    const found = money.get(partId) ?? { records: [], sharePaise: 0, refundedPaise: 0 };
    money.set(partId, found);
    return found;
  };
  for (const row of rows.payments) {
    const part = of(row.part_id);
    part.sharePaise += row.total_paise;
    part.records.push({
      kind: "gateway",
      id: row.id,
      amount: paiseToRupees(row.total_paise),
      method: row.method,
      at: row.at,
      gatewayPaymentId: row.gateway_payment_id,
    });
  }
  for (const row of rows.refunds) {
    if (!row.part_id) continue;
    const part = of(row.part_id);
    const status = refundStatusOf(row.events);
    if (status !== "failed") {
      part.sharePaise -= row.amount_paise;
      part.refundedPaise += row.amount_paise;
    }
    const accepted = row.events.findLast((event) => event.gateway_refund_id)?.gateway_refund_id;
    part.records.push({
      kind: "refund",
      id: row.id,
      amount: paiseToRupees(row.amount_paise),
      method: row.method,
      at: row.at,
      gatewayPaymentId: row.gateway_payment_id,
      ...(accepted ? { gatewayRefundId: accepted } : {}),
      status,
    });
  }
  return money;
}

const NO_ONLINE: OnlineMoney = { records: [], sharePaise: 0, refundedPaise: 0 };

/**
 * A part's payments as the API shows them (`records`: the online ones, then this part's at the door, each
 * oldest first; `online`: what it was paid online, less its refunds, decision 052), so what is due at the
 * door is only the rest.
 */
export function toApiPayment(
  bill: PartBill,
  records: readonly PaymentWithNamesRow[],
  online: OnlineMoney = NO_ONLINE,
): PartPayment {
  const received = receivedPaise(records) + online.sharePaise;
  const state = paymentStateOf(bill, received, online.refundedPaise);
  const kept = records.filter((record) => !record.undone_at);
  return {
    state,
    paidAt: isPaidInFull(state)
      ? (kept.at(-1)?.at ?? online.records.findLast((record) => record.kind === "gateway")?.at ?? null)
      : null,
    received: paiseToRupees(received),
    records: [
      ...online.records,
      ...records.map((record) => ({
        kind: record.method,
        id: record.id,
        method: record.method,
        amount: paiseToRupees(record.amount_paise),
        ...(record.reference ? { reference: record.reference } : {}),
        at: record.at,
        by: { id: record.by_user_id, name: record.by_name },
        ...(record.undone_at
          ? {
              undone: {
                at: record.undone_at,
                by: { id: record.undone_by_user_id ?? "", name: record.undone_by_name ?? "" },
                reason: record.undone_reason ?? "",
              },
            }
          : {}),
      })),
    ],
  };
}

/**
 * How the part's buyer pays it by UPI: the `upi://pay` link for what is still owed, once the bill is final,
 * while the part is not cancelled nor paid, and only when its payee has a UPI ID. Null otherwise.
 */
export function upiOf(part: {
  orderId: string;
  status: PartStatus;
  payeeName: string;
  upiId: string | undefined;
  bill: PartBill;
  received: number;
}): { uri: string } | null {
  const owed = part.bill.totalPaise - part.received;
  if (!part.upiId || part.status === "cancelled" || !part.bill.final || owed <= 0) return null;
  return {
    uri: upiPaymentUri({
      upiId: part.upiId,
      payeeName: part.payeeName,
      amountPaise: owed,
      note: `Veggie Cart order ${orderNumber(part.orderId)}, ${part.payeeName}`,
    }),
  };
}

/** Where a refund stands, from what the gateway said of it (nothing yet: still waiting in the retry queue). */
export function refundStatusOf(events: readonly { status: "pending" | "processed" | "failed" }[]) {
  if (events.some((event) => event.status === "processed")) return "processed" as const;
  if (events.some((event) => event.status === "failed")) return "failed" as const;
  return events.length > 0 ? ("pending" as const) : ("queued" as const);
}

/**
 * An order's money (decision 052), derived from its links, gateway payments, refunds and its parts as the API
 * shows them: paid online (the counted payment), refunded (asked and not failed), due at the door (each part
 * that counts: its bill less what it received, online or at the door).
 */
export function orderPaymentOf(
  row: Pick<OrdersTable, "payment_mode" | "hold_ends_at" | "released_at" | "expired_at">,
  parts: readonly Pick<OrderPart, "status" | "total" | "payment">[],
  links: readonly Pick<PaymentLinksTable, "status" | "url">[],
  payments: readonly Pick<GatewayPaymentsTable, "outcome" | "amount_paise" | "method">[],
  refunds: readonly (Pick<RefundsTable, "amount_paise"> & {
    events: readonly Pick<RefundEventsTable, "status">[];
  })[],
): OrderPayment {
  const counted = payments.filter((payment) => payment.outcome === "counted");
  const paid = counted.reduce((sum, payment) => sum + payment.amount_paise, 0);
  const refunded = refunds
    .filter((refund) => refundStatusOf(refund.events) !== "failed")
    .reduce((sum, refund) => sum + refund.amount_paise, 0);
  const due = parts
    .filter((part) => part.status !== "cancelled")
    .reduce(
      (sum, part) => sum + Math.max(0, rupeesToPaise(part.total) - rupeesToPaise(part.payment.received)),
      0,
    );
  const money = {
    state: deriveOrderPaymentState(parts),
    paid: paiseToRupees(paid),
    refunded: paiseToRupees(refunded),
    due: paiseToRupees(due),
  };
  if (row.payment_mode === "on_delivery") return { mode: "on_delivery", status: null, ...money };
  const last = links.at(-1);
  const status = row.released_at
    ? "paid"
    : row.expired_at
      ? "expired"
      : last && last.status !== "created"
        ? "failed"
        : "awaiting";
  return {
    mode: "now",
    status,
    ...(status === "awaiting" && last ? { url: last.url } : {}),
    ...((status === "awaiting" || status === "failed") && row.hold_ends_at
      ? { holdEndsAt: row.hold_ends_at }
      : {}),
    ...(counted[0] ? { method: counted[0].method } : {}),
    ...money,
  };
}
