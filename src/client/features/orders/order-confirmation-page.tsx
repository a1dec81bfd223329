import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useLocation } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import type { Order, PaymentMethod } from "../../../shared/schemas/orders.ts";
import { CheckCircleIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import {
  paymentNote as noteOf,
  orderAmountText,
  orderNumber,
  paymentPlaceOfParts,
  paymentWhenNote,
} from "./format.ts";
import { primaryLink, secondaryLink } from "./link-styles.ts";
import { orderQuery } from "./order.api.ts";
import { OrderLines } from "./order-lines.tsx";
import { PartSlotLine } from "./part-slot.tsx";

const nextSteps = [
  msg`Our farmers pick and pack your produce fresh for you.`,
  msg`Your order is processed and delivered within 24 hours.`,
  msg`Follow its status any time under View Orders.`,
  msg`Not happy with something? You can return it within 7 days.`,
];

/** The same steps for an order with a delivery or pickup slot: the slot, not 24 hours, says when. */
const slotNextSteps = nextSteps.map((step, index) =>
  index === 1 ? msg`Your order is delivered, or ready for pickup, in the slot you chose (above).` : step,
);

/**
 * The order just placed: its number, items and total. Opened with no order behind it (a direct visit, a
 * bookmark, an order that is not the viewer's), it goes to /orders instead of confirming nothing.
 */
export function OrderConfirmationPage() {
  const { t } = useLingui();
  const state = useLocation().state as {
    orderId?: string;
    total?: number;
    paymentMethod?: PaymentMethod;
  } | null;
  const orderId = state?.orderId ?? "";
  const order = useQuery({ ...orderQuery(orderId), enabled: orderId !== "" });
  if (!orderId) return <Navigate to="/orders" replace />;
  if (order.isPending) return <Pending label={t`Loading your order...`} />;
  if (order.error instanceof ApiRequestError && order.error.status === 404) {
    return <Navigate to="/orders" replace />;
  }
  // NOTE: offline right after placing it, the order is still confirmed with what the checkout knew.
  // NOTE: "about ₹X" while a line sold by weight waits for its weight, as the order page says it (issue 40).
  const total = order.data ? orderAmountText(order.data) : state?.total;
  const paymentMethod = order.data?.paymentMethod ?? state?.paymentMethod;
  const paymentNote = paymentMethod ? noteOf(paymentMethod) : undefined;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
        <CheckCircleIcon className="mx-auto h-16 w-16 text-brand-700" />
        <h1 className="mt-4 text-3xl font-bold text-brand-900">
          <Trans>Order Confirmed</Trans>
        </h1>
        <p className="mt-2 text-stone-700">
          <Trans>Thank you for shopping with Veggie Cart.</Trans>
        </p>
        <p className="mt-2 text-stone-700">
          <Trans>
            Order <span className="font-semibold">{orderNumber(orderId)}</span>
          </Trans>
          {total !== undefined ? (
            <>
              {" "}
              <Trans>
                · Total{" "}
                <span className="font-semibold">
                  {typeof total === "number" ? formatRupees(total) : total}
                </span>
              </Trans>
            </>
          ) : null}
        </p>
        {order.data ? <OrderItemsAndSlots order={order.data} /> : null}

        <div className="mt-6 rounded-xl bg-amber-50 p-4 text-left text-stone-800 ring-1 ring-amber-200">
          <h2 className="font-semibold text-stone-900">
            <Trans>How you pay</Trans>
          </h2>
          <p className="mt-1">{paymentWhenNote(paymentPlaceOfParts(order.data?.fulfilments ?? []))}</p>
          {paymentNote ? <p className="mt-1">{paymentNote}</p> : null}
        </div>

        <WhatsNext slots={order.data?.fulfilments.some((part) => part.slot) ?? false} />

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={primaryLink}>
            <Trans>Continue Shopping</Trans>
          </Link>
          <Link to="/orders" className={secondaryLink}>
            <Trans>View Orders</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}

/** What was ordered and, when a farmer has slots, when and where each part comes. */
function OrderItemsAndSlots({ order }: { order: Order }) {
  const { t } = useLingui();
  return (
    <>
      <div className="mt-6 text-left">
        <h2 className="font-semibold text-stone-900">
          <Trans>Your order</Trans>
        </h2>
        <div className="mt-2">
          <OrderLines
            items={order.items}
            total={order.billTotal}
            billFinal={order.billFinal}
            label={t`Items ordered`}
          />
        </div>
      </div>
      {order.fulfilments.some((part) => part.slot) ? (
        <div className="mt-6 text-left" data-testid="order-slots">
          <h2 className="font-semibold text-stone-900">
            <Trans>When and where</Trans>
          </h2>
          <ul className="mt-2 space-y-2">
            {order.fulfilments.map((part) => (
              <li key={part.id}>
                <p className="font-medium text-stone-900">{part.farmerName}</p>
                <PartSlotLine slot={part.slot} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The steps after an order, the second one saying the slot when one was chosen. */
function WhatsNext({ slots }: { slots: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-8 rounded-xl bg-brand-50 p-6 text-left">
      <h2 className="text-lg font-semibold text-brand-900">
        <Trans>What's next?</Trans>
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-stone-800">
        {(slots ? slotNextSteps : nextSteps).map((step) => (
          <li key={step.id}>{i18n._(step)}</li>
        ))}
      </ol>
    </div>
  );
}
