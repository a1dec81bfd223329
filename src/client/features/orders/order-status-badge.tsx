import type { PaymentState } from "../../../shared/schemas/order-parts.ts";
import { paymentStateLabel, statusLabel } from "./format.ts";

const colours: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-sky-100 text-sky-900",
  in_progress: "bg-sky-100 text-sky-900",
  out_for_delivery: "bg-indigo-100 text-indigo-900",
  delivered: "bg-brand-100 text-brand-900",
  cancelled: "bg-stone-200 text-stone-800",
  scheduled: "bg-violet-100 text-violet-900",
};

/** An order's or a part's status as a coloured pill ("Out for delivery"); the text alone carries the meaning. */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status] ?? colours.pending}`}
    >
      {statusLabel(status)}
    </span>
  );
}

const paymentColours: Record<PaymentState, string> = {
  paid: "bg-brand-100 text-brand-900",
  part_paid: "bg-amber-100 text-amber-900",
  unpaid: "bg-stone-100 text-stone-800 ring-1 ring-stone-300",
  refunded: "bg-violet-100 text-violet-900",
  part_refunded: "bg-violet-100 text-violet-900",
};

/** A part's or an order's payment state ("Paid", "Part refunded"…); the text alone carries the meaning. */
export function PaymentBadge({ state }: { state: PaymentState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${paymentColours[state]}`}
    >
      {paymentStateLabel(state)}
    </span>
  );
}
