import { z } from "zod";
import { fixedText, text } from "../i18n/text.ts";
import { PART_STATUSES, type PartStatus } from "../part-status.ts";
import { REASON_MAX_LENGTH } from "./common.ts";

export { canMovePart, PART_STATUSES, PART_TRANSITIONS, type PartStatus } from "../part-status.ts";

export const partStatusLabels: Record<PartStatus, string> = {
  scheduled: "Scheduled",
  pending: "Pending",
  confirmed: "Confirmed",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/**
 * A part's payment state, derived from its money rows, never stored (decisions 020, 052, 065): `paid` once
 * what it kept reaches its final total, `part_paid` below it, `unpaid` with nothing; with a refund (one that
 * did not fail), `refunded` when it kept nothing, `part_refunded` when what it kept still pays its final bill
 * (a lower weighed bill). A refunded part that still owes is `part_paid`, so what is due stays in sight.
 */
export const PAYMENT_STATES = ["unpaid", "part_paid", "paid", "refunded", "part_refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const paymentStateLabels: Record<PaymentState, string> = {
  unpaid: "Not paid yet",
  part_paid: "Part paid",
  paid: "Paid",
  refunded: "Refunded",
  part_refunded: "Part refunded",
};

/** Nothing is left to pay at the door: paid, or paid and the difference of a lower bill refunded. */
export const isPaidInFull = (state: PaymentState) => state === "paid" || state === "part_refunded";

/**
 * An order's payment state from its parts' (decision 065): a cancelled part that was never paid does not
 * count; every part refunded is `refunded`, any refund else `part_refunded`; every part paid is `paid`; nothing
 * received is `unpaid`; anything between is `part_paid`.
 */
export function deriveOrderPaymentState(
  parts: readonly { status: PartStatus; payment: { state: PaymentState } }[],
): PaymentState {
  const states = parts
    .filter((part) => !(part.status === "cancelled" && part.payment.state === "unpaid"))
    .map((part) => part.payment.state);
  if (states.length === 0 || states.every((state) => state === "unpaid")) return "unpaid";
  if (states.every((state) => state === "refunded")) return "refunded";
  if (states.some((state) => state === "refunded" || state === "part_refunded")) return "part_refunded";
  return states.every((state) => state === "paid") ? "paid" : "part_paid";
}

/** How a payment at the door was made. */
export const PAYMENT_RECORD_METHODS = ["cash", "upi"] as const;
export type PaymentRecordMethod = (typeof PAYMENT_RECORD_METHODS)[number];
export const paymentRecordMethodLabels: Record<PaymentRecordMethod, string> = { cash: "Cash", upi: "UPI" };

/** An order's status, derived from its parts (see `deriveOrderStatus`). */
export const ORDER_STATUSES = ["pending", "in_progress", "delivered", "cancelled", "scheduled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * `pending` while any part is pending, `cancelled` when all are, `scheduled` while every part that is not
 * cancelled is (a standing order's occurrence before its cut-off, issue 35), `delivered` when every part that
 * is not cancelled is delivered, otherwise `in_progress`.
 */
export function deriveOrderStatus(statuses: readonly PartStatus[]): OrderStatus {
  if (statuses.length === 0 || statuses.includes("pending")) return "pending";
  const live = statuses.filter((status) => status !== "cancelled");
  if (live.length === 0) return "cancelled";
  if (live.every((status) => status === "scheduled")) return "scheduled";
  return live.every((status) => status === "delivered") ? "delivered" : "in_progress";
}

/** The account that made a move: its id and display name. */
export const ActorSchema = z.object({ id: z.string(), name: z.string() });
export type Actor = z.infer<typeof ActorSchema>;

/** One move in a part's history, oldest first; placing the order writes the first (`pending`, by the buyer). */
export const PartHistoryEntrySchema = z.object({
  status: z.enum(PART_STATUSES),
  /** ISO time of the move. */
  at: z.string(),
  by: ActorSchema,
  /** Given when a part is cancelled. */
  reason: z.string().optional(),
});
export type PartHistoryEntry = z.infer<typeof PartHistoryEntrySchema>;

/**
 * What moved a part's money (decision 052): paid online through the gateway, refunded to how it was paid,
 * cash or UPI at the door, or paid out to the farmer. A payout is the farmer's, never one part's, so a part's
 * records hold the other four.
 */
export const LEDGER_KINDS = ["gateway", "refund", "cash", "upi", "payout"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One payment a farmer recorded at the door; `undone` when they took it back (within 24 hours, with a reason). */
export const DoorRecordSchema = z.object({
  kind: z.enum(PAYMENT_RECORD_METHODS),
  id: z.string(),
  method: z.enum(PAYMENT_RECORD_METHODS),
  /** Rupees. */
  amount: z.number(),
  /** The UPI transaction reference the farmer typed, if any. */
  reference: z.string().optional(),
  at: z.string(),
  by: ActorSchema,
  undone: z.object({ at: z.string(), by: ActorSchema, reason: z.string() }).optional(),
});
export type DoorRecord = z.infer<typeof DoorRecordSchema>;

/**
 * The part's share of its order's payment through the gateway (its estimate), or a refund of it, with the
 * gateway's ids: `method` as the gateway names it (card, upi, netbanking…); a refund's `status` as the
 * gateway last said (`queued` until it is sent) and its id once the gateway accepted it.
 */
export const OnlineRecordSchema = z.object({
  kind: z.enum(["gateway", "refund"]),
  id: z.string(),
  /** Rupees. */
  amount: z.number(),
  method: z.string(),
  at: z.string(),
  gatewayPaymentId: z.string(),
  gatewayRefundId: z.string().optional(),
  status: z.enum(["queued", "pending", "processed", "failed"]).optional(),
});
export type OnlineRecord = z.infer<typeof OnlineRecordSchema>;

export const PaymentRecordSchema = z.discriminatedUnion("kind", [
  DoorRecordSchema.extend({ kind: z.literal("cash") }),
  DoorRecordSchema.extend({ kind: z.literal("upi") }),
  OnlineRecordSchema.extend({ kind: z.literal("gateway") }),
  OnlineRecordSchema.extend({ kind: z.literal("refund") }),
]);
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** Paise paid online for a part and kept: its gateway share less its refunds that did not fail; 0 paid on delivery. */
export const paidOnlinePaise = (records: readonly PaymentRecord[]): number =>
  records.reduce((sum, record) => {
    const paise = Math.round(record.amount * 100);
    if (record.kind === "gateway") return sum + paise;
    return record.kind === "refund" && record.status !== "failed" ? sum - paise : sum;
  }, 0);

/** The records taken at the door (cash or UPI, each undoable), without the online ones. */
export const doorRecords = (records: readonly PaymentRecord[]): DoorRecord[] =>
  records.filter(
    (record): record is PaymentRecord & DoorRecord => record.kind === "cash" || record.kind === "upi",
  );

/**
 * A part's payments: its state, the rupees received (records not undone, online ones less refunds that did not
 * fail), every record (the online ones first, then the door's, each oldest first), and
 * `paidAt`, when it became paid (null while it is not).
 */
export const PartPaymentSchema = z.object({
  state: z.enum(PAYMENT_STATES),
  paidAt: z.string().nullable(),
  received: z.number(),
  records: z.array(PaymentRecordSchema),
});
export type PartPayment = z.infer<typeof PartPaymentSchema>;

/**
 * A part's bill (decision 020), in rupees: `estimate` is what checkout charged for its lines; `total` is the
 * final bill once every weighed line is weighed (`billFinal`), and the estimate until then.
 */
export const PartBillShape = {
  estimate: z.number(),
  total: z.number(),
  billFinal: z.boolean(),
};

/**
 * How to pay a part by UPI: the standard `upi://pay` link (also drawn as a QR code). Only for the part's buyer
 * and farmer, once the bill is final, when the farmer has a UPI ID; null otherwise.
 */
export const PartUpiSchema = z.object({ uri: z.string() }).nullable();

export const partMessages = {
  notFound: text(/*i18n*/ { id: "This order was not found" }),
  reasonRequired: text(/*i18n*/ { id: "Please give a reason for cancelling" }),
  reasonTooLong: fixedText(
    /*i18n*/ { id: "The reason must be at most {max} characters" },
    { max: REASON_MAX_LENGTH },
  ),
  cannotMove: (from: PartStatus, to: PartStatus) =>
    `This part of the order is ${partStatusLabels[from].toLowerCase()}; it cannot be ${to === "cancelled" ? "cancelled" : `marked ${partStatusLabels[to].toLowerCase()}`} now`,
  alreadyPaid: text(/*i18n*/ { id: "This part of the order is already marked as paid" }),
  notWeighable: (status: PartStatus) =>
    `This part of the order is ${partStatusLabels[status].toLowerCase()}; its weights can no longer change`,
  notWeighedLine: text(/*i18n*/ { id: "This line is not sold by weight" }),
  unknownLine: text(/*i18n*/ { id: "This line is not in this part of the order" }),
  lineTwice: text(/*i18n*/ { id: "This line is weighed twice in one request" }),
  lineDropped: text(
    /*i18n*/ { id: "This line was packed at 0 g and dropped from the bill; its stock went back to the shop" },
  ),
  overweight: (maxGrams: number) =>
    `The packed weight can be at most ${maxGrams.toLocaleString("en-IN")} g (110 % of what was ordered)`,
  billNotFinal: text(
    /*i18n*/ { id: "The bill is not final yet: weigh every line, or send the part out for delivery" },
  ),
  overpaid: (leftRupees: string) => `That is more than is owed: ${leftRupees} is left to pay`,
  billBelowReceived: (billRupees: string, receivedRupees: string) =>
    `With these weights the bill would be ${billRupees}, less than the ${receivedRupees} already received: undo a payment first`,
  paymentNotFound: text(/*i18n*/ { id: "This payment was not found" }),
  alreadyUndone: text(/*i18n*/ { id: "This payment was already undone" }),
  undoTooLate: text(/*i18n*/ { id: "A payment can be undone only within 24 hours of recording it" }),
  paidNotCancellable: (receivedRupees: string) =>
    `${receivedRupees} was received for this part of the order: undo the payment before cancelling it`,
  cancelledNotPayable: text(/*i18n*/ { id: "A cancelled part of an order cannot be marked as paid" }),
  notOutForAttempt: (status: PartStatus) =>
    `This part of the order is ${partStatusLabels[status].toLowerCase()}; a visit can be recorded only while it is confirmed or out for delivery`,
  nothingToCancel: (status: OrderStatus) =>
    `Nothing in this order can be cancelled any more: it is ${status === "in_progress" ? "in progress" : status}`,
  orderCancelled: text(/*i18n*/ { id: "Your order has been cancelled" }),
  /** The name a part of the deal of the day shows: it belongs to the shop itself. */
  shopName: "Veggie Cart",
} as const;
