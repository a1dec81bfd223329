import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import type { Order, OrderPart } from "../../../shared/schemas/orders.ts";
import { shopTime } from "../../../shared/shop-calendar.ts";
import { Button } from "../../components/button.tsx";
import { ArrowLeftIcon } from "../../components/icons.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { Pending } from "../../components/pending.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { addressText } from "../../lib/saved-addresses.ts";
import { toast } from "../../lib/toast.ts";
import { useCancelOrder } from "./cancel-order.api.ts";
import {
  billText,
  formatOrderDate,
  orderNumber,
  paymentLabel,
  paymentNote,
  paymentPlaceOfParts,
  paymentWhenNote,
} from "./format.ts";
import { secondaryLink } from "./link-styles.ts";
import { OnlinePayment } from "./online-payment.tsx";
import { useOrder } from "./order.api.ts";
import { OrderLines } from "./order-lines.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";
import { PartHistory } from "./part-history.tsx";
import { PartSlotLine } from "./part-slot.tsx";
import { PartPayment } from "./upi-payment.tsx";

/** One farmer's part of the order: who delivers it, its status and history, and whether it is paid. */
/** Each time the farmer came and nobody was home (the delivery run): the part is still on its way. */
function NotAtHome({ attempts }: { attempts: OrderPart["attempts"] }) {
  if (!attempts?.length) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-amber-900">
      {attempts.map((attempt) => {
        const time = shopTime(new Date(attempt.at));
        const reason = attempt.reason;
        return (
          <li key={attempt.at} className="rounded-md bg-amber-50 px-3 py-2">
            <p className="font-semibold">
              <Trans>
                We came at <time dateTime={attempt.at}>{time}</time>, nobody was home
              </Trans>
            </p>
            <p>
              <Trans>Their note: {reason}</Trans>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function OrderPartSection({ part, index }: { part: OrderPart; index: number }) {
  const { t } = useLingui();
  const headingId = `part-${part.id}`;
  const partNumber = index + 1;
  const farmer = part.farmerName;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-stone-200">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-stone-900">
            <Trans>
              Part {partNumber}: from {farmer}
            </Trans>
          </h3>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={part.status} />
            <PaymentBadge state={part.payment.state} />
          </div>
        </header>
        {part.farmerPhone ? (
          <p className="mt-2 text-sm text-stone-700">
            <Trans>
              Phone {farmer}:{" "}
              <a
                href={`tel:${part.farmerPhone.replace(/[^0-9+]/g, "")}`}
                className="font-medium text-green-800 underline"
              >
                {part.farmerPhone}
              </a>
            </Trans>
          </p>
        ) : null}
        <PartSlotLine slot={part.slot} className="mt-2" />
        <NotAtHome attempts={part.attempts} />
        <div className="mt-3">
          <OrderLines
            items={part.items}
            total={part.total}
            billFinal={part.billFinal}
            label={t`Items from ${farmer}`}
          />
        </div>
        <PartPayment part={part} />
        <div className="mt-3">
          <PartHistory history={part.history} label={t`History of the part from ${farmer}`} />
        </div>
      </article>
    </li>
  );
}

/** The buyer cancels every pending part at once, after saying yes. */
function CancelPendingParts({ order }: { order: Order }) {
  const { t } = useLingui();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const pending = order.fulfilments.filter((part) => part.status === "pending");
  if (pending.length === 0) return null;
  const all = pending.length === order.fulfilments.length;
  const farmers = pending.map((part) => part.farmerName).join(", ");

  const confirm = () =>
    cancel.mutate(
      { id: order.id },
      {
        onSuccess: () => {
          toast.success(t`Your order has been cancelled`);
          setAsking(false);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiRequestError ? error.message : t`Could not cancel. Please try again.`,
          ),
      },
    );

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {all ? t`Cancel order` : t`Cancel pending parts`}
      </Button>
      {asking ? (
        <ModalDialog
          title={all ? t`Cancel this order?` : t`Cancel the pending parts?`}
          onClose={() => setAsking(false)}
        >
          <p className="text-stone-700">
            {all
              ? t`Nothing has been confirmed yet, so the whole order is cancelled.`
              : pending.length === 1
                ? t`${farmers} has not confirmed yet: that part is cancelled. The rest of the order goes on.`
                : t`${farmers} have not confirmed yet: those parts are cancelled. The rest of the order goes on.`}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
              <Trans>Keep it</Trans>
            </Button>
            <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? t`Cancelling...` : all ? t`Cancel order` : t`Cancel pending parts`}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}

export function OrderDetailPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const order = useOrder(id);
  const place = order.data ? paymentPlaceOfParts(order.data.fulfilments) : "delivery";
  const pickedUp = place === "pickup";

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/orders"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeftIcon className="h-4 w-4" /> <Trans>Back to Orders</Trans>
      </Link>
      {order.isPending ? (
        <Pending label={t`Loading order...`} />
      ) : order.isError ? (
        <div className="mt-6">
          <h1 className="text-3xl font-bold text-brand-900">
            {order.error instanceof ApiRequestError && order.error.status === 404
              ? t`Order not found`
              : t`Could not load this order`}
          </h1>
          <p className="mt-3 text-stone-700">{order.error.message}</p>
        </div>
      ) : (
        <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-3xl font-bold text-brand-900">
                <Trans>Order {orderNumber(order.data.id)}</Trans>
              </h1>
              <p className="mt-1 text-stone-600">
                <Trans>
                  Placed on{" "}
                  <time dateTime={order.data.createdAt}>{formatOrderDate(order.data.createdAt)}</time>
                </Trans>
              </p>
            </div>
            <OrderStatusBadge status={order.data.status} />
          </header>
          <OnlinePayment order={order.data} />
          {order.data.standingOrderId ? (
            <Link to="/standing-orders" className={`mt-4 ${secondaryLink}`}>
              <Trans>Skip or change this delivery</Trans>
            </Link>
          ) : (
            <Link
              to={`/standing-orders/new?order=${encodeURIComponent(order.data.id)}`}
              className={`mt-4 ${secondaryLink}`}
            >
              <Trans>Order this again every…</Trans>
            </Link>
          )}

          {/* NOTE: at phone width the table may scroll sideways; a keyboard reaches and scrolls it (WCAG 2.1.1). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys */}
          <section className="mt-6 overflow-x-auto" tabIndex={0} aria-label={t`Items in this order`}>
            <table className="w-full text-left text-stone-800">
              <caption className="sr-only">
                <Trans>Items in this order</Trans>
              </caption>
              <thead className="border-b border-stone-200 text-sm text-stone-600">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    <Trans>Product</Trans>
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    <Trans>Price</Trans>
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    <Trans>Quantity</Trans>
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    <Trans>Total</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {order.data.items.map((line) => (
                  <tr key={line.productId}>
                    <th scope="row" className="py-2 font-medium">
                      {line.name}
                    </th>
                    <td className="py-2 pl-3 text-right tabular-nums">
                      {formatUnitPrice(line.unitPrice, line.unit)}
                    </td>
                    <td className="py-2 pl-3 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-stone-200">
                {pickedUp ? null : (
                  <tr>
                    <th scope="row" colSpan={3} className="py-2 font-medium">
                      <Trans>Shipping</Trans>
                    </th>
                    <td className="py-2 text-right text-brand-800">
                      <Trans>Free</Trans>
                    </td>
                  </tr>
                )}
                <tr className="text-lg font-bold">
                  <th scope="row" colSpan={3} className="py-2">
                    <Trans>Total</Trans>
                  </th>
                  <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(order.data.total)}</td>
                </tr>
                <tr className="font-bold" data-testid="order-bill">
                  <th scope="row" colSpan={3} className="py-2">
                    {order.data.billFinal ? t`Your bill` : t`Your bill, once weighed`}
                  </th>
                  <td className="py-2 pl-3 text-right tabular-nums">
                    {order.data.billFinal
                      ? formatRupees(order.data.billTotal)
                      : billText.about(order.data.billTotal)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>

          <div className="mt-6 grid gap-6 border-t border-stone-200 pt-6 sm:grid-cols-2">
            <section aria-labelledby="ship-to-heading">
              {/* NOTE: an order picked up whole is not shipped anywhere: its points are on each part below. */}
              <h2 id="ship-to-heading" className="font-semibold text-stone-900">
                {pickedUp ? <Trans>Picked up by</Trans> : <Trans>Shipping to</Trans>}
              </h2>
              <p className="mt-1 text-stone-700">{order.data.shipping.fullName}</p>
              {pickedUp ? null : <p className="text-stone-700">{addressText(order.data.shipping)}</p>}
              <p className="break-all text-stone-700">{order.data.shipping.email}</p>
              <p className="text-stone-700">{order.data.shipping.phone}</p>
            </section>
            <section aria-labelledby="payment-heading">
              <h2 id="payment-heading" className="font-semibold text-stone-900">
                <Trans>Payment method</Trans>
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-700">
                {paymentLabel(order.data.paymentMethod)}
                <PaymentBadge state={order.data.payment.state} />
              </p>
              {/* NOTE: paid online (decision 052): the notes on paying each farmer at the door do not apply. */}
              {order.data.payment.mode === "now" ? null : (
                <>
                  <p className="mt-1 text-sm text-stone-700">{paymentWhenNote(place)}</p>
                  <p className="mt-1 text-sm text-stone-700">{paymentNote(order.data.paymentMethod)}</p>
                </>
              )}
            </section>
          </div>

          <section aria-labelledby="parts-heading" className="mt-6 border-t border-stone-200 pt-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="parts-heading" className="font-semibold text-stone-900">
                <Trans>Delivery and payment, farmer by farmer</Trans>
              </h2>
              <CancelPendingParts order={order.data} />
            </div>
            <ul aria-labelledby="parts-heading" className="mt-3 space-y-3">
              {order.data.fulfilments.map((part, index) => (
                <OrderPartSection key={part.id} part={part} index={index} />
              ))}
            </ul>
          </section>
        </article>
      )}
    </section>
  );
}
