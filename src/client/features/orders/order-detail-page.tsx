import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import type { Order } from "../../../shared/schemas/orders.ts";
import { ArrowLeftIcon } from "../../components/icons.tsx";
import { Pending } from "../../components/pending.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { addressText } from "../../lib/saved-addresses.ts";
import { CancelPendingParts } from "./cancel-pending-parts.tsx";
import { orderNumber, paymentLabel, paymentNote, paymentPlaceOfParts, paymentWhenNote } from "./format.ts";
import { secondaryLink } from "./link-styles.ts";
import { OnlinePayment } from "./online-payment.tsx";
import { useOrder } from "./order.api.ts";
import { PlacedOn } from "./order-card.tsx";
import { OrderItemsTable } from "./order-items-table.tsx";
import { OrderPartSection } from "./order-part-section.tsx";
import { OrderStatusBadge, PaymentBadge } from "./order-status-badge.tsx";

export function OrderDetailPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const order = useOrder(id);
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
        <OrderDetail order={order.data} />
      )}
    </section>
  );
}

/** The order: its number and state, what was bought, where it goes and how it is paid, then farmer by farmer. */
function OrderDetail({ order }: { order: Order }) {
  const { t } = useLingui();
  const place = paymentPlaceOfParts(order.fulfilments);
  return (
    <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">
            <Trans>Order {orderNumber(order.id)}</Trans>
          </h1>
          <p className="mt-1 text-stone-600">
            <PlacedOn at={order.createdAt} />
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <OnlinePayment order={order} />
      {order.standingOrderId ? (
        <Link to="/standing-orders" className={`mt-4 ${secondaryLink}`}>
          <Trans>Skip or change this delivery</Trans>
        </Link>
      ) : (
        <Link
          to={`/standing-orders/new?order=${encodeURIComponent(order.id)}`}
          className={`mt-4 ${secondaryLink}`}
        >
          <Trans>Order this again every…</Trans>
        </Link>
      )}

      {/* NOTE: at phone width the table may scroll sideways; a keyboard reaches and scrolls it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys */}
      <section className="mt-6 overflow-x-auto" tabIndex={0} aria-label={t`Items in this order`}>
        <OrderItemsTable order={order} pickedUp={place === "pickup"} />
      </section>

      <ShippingAndPayment order={order} place={place} />

      <section aria-labelledby="parts-heading" className="mt-6 border-t border-stone-200 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="parts-heading" className="font-semibold text-stone-900">
            <Trans>Delivery and payment, farmer by farmer</Trans>
          </h2>
          <CancelPendingParts order={order} />
        </div>
        <ul aria-labelledby="parts-heading" className="mt-3 space-y-3">
          {order.fulfilments.map((part, index) => (
            <OrderPartSection key={part.id} part={part} index={index} />
          ))}
        </ul>
      </section>
    </article>
  );
}

/** Who it is shipped to (or picked up by) and how it is paid. */
function ShippingAndPayment({
  order,
  place,
}: {
  order: Order;
  place: ReturnType<typeof paymentPlaceOfParts>;
}) {
  const pickedUp = place === "pickup";
  return (
    <div className="mt-6 grid gap-6 border-t border-stone-200 pt-6 sm:grid-cols-2">
      <section aria-labelledby="ship-to-heading">
        {/* NOTE: an order picked up whole is not shipped anywhere: its points are on each part below. */}
        <h2 id="ship-to-heading" className="font-semibold text-stone-900">
          {pickedUp ? <Trans>Picked up by</Trans> : <Trans>Shipping to</Trans>}
        </h2>
        <p className="mt-1 text-stone-700">{order.shipping.fullName}</p>
        {pickedUp ? null : <p className="text-stone-700">{addressText(order.shipping)}</p>}
        <p className="break-all text-stone-700">{order.shipping.email}</p>
        <p className="text-stone-700">{order.shipping.phone}</p>
      </section>
      <section aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="font-semibold text-stone-900">
          <Trans>Payment method</Trans>
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-700">
          {paymentLabel(order.paymentMethod)}
          <PaymentBadge state={order.payment.state} />
        </p>
        {/* NOTE: paid online (decision 052): the notes on paying each farmer at the door do not apply. */}
        {order.payment.mode === "now" ? null : (
          <>
            <p className="mt-1 text-sm text-stone-700">{paymentWhenNote(place)}</p>
            <p className="mt-1 text-sm text-stone-700">{paymentNote(order.paymentMethod)}</p>
          </>
        )}
      </section>
    </div>
  );
}
