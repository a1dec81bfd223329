import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import type { Order } from "../../../shared/schemas/orders.ts";
import { LoadFailed } from "../../components/load-state.tsx";
import { Pending } from "../../components/pending.tsx";
import { formatUnitPrice } from "../../lib/produce.ts";
import { orderAmountText, orderNumber } from "./format.ts";
import { primaryLink } from "./link-styles.ts";
import { OlderOrdersButton } from "./older-orders-button.tsx";
import { OrderCard } from "./order-card.tsx";
import { OrderStatusBadge } from "./order-status-badge.tsx";
import { useOrders } from "./orders.api.ts";

function BuyerOrderCard({ order }: { order: Order }) {
  const { t } = useLingui();
  const number = orderNumber(order.id);
  const headingId = `order-${order.id}`;
  return (
    <OrderCard
      id={headingId}
      number={number}
      placedAt={order.createdAt}
      level="h2"
      align="items-center"
      badges={<OrderStatusBadge status={order.status} />}
    >
      <ul className="mt-3 space-y-1 text-stone-700">
        {order.items.map((line) => (
          <li key={line.productId} className="flex justify-between gap-4">
            <span className="min-w-0 break-words">
              {line.name} × {line.quantity}{" "}
              <span className="text-sm text-stone-600">({formatUnitPrice(line.unitPrice, line.unit)})</span>
            </span>
            <span className="tabular-nums">
              {formatRupees(order.billFinal ? line.amount : line.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      <footer className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-3">
        <p className="font-bold text-stone-900">
          <Trans>
            Total <span className="tabular-nums">{orderAmountText(order)}</span>
          </Trans>
        </p>
        <Link
          to={`/orders/${order.id}`}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={t`View details of order ${number}`}
        >
          <Trans>View details</Trans>
        </Link>
      </footer>
    </OrderCard>
  );
}

export function OrdersPage() {
  const { t } = useLingui();
  const orders = useOrders();
  const list = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-900">
        <Trans>Your Orders</Trans>
      </h1>
      {orders.isPending ? (
        <Pending label={t`Loading orders...`} />
      ) : orders.isError ? (
        <LoadFailed onRetry={() => orders.refetch()} className="mt-6 p-6">
          <Trans>Could not load your orders. Please try again.</Trans>
        </LoadFailed>
      ) : list.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-xl font-semibold text-stone-900">
            <Trans>You have not placed any orders yet.</Trans>
          </p>
          <Link to="/shop" className={`mt-6 ${primaryLink}`}>
            <Trans>Start Shopping</Trans>
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label={t`Orders`} className="mt-6 space-y-4">
            {list.map((order) => (
              <BuyerOrderCard key={order.id} order={order} />
            ))}
          </ul>
          <OlderOrdersButton pages={orders} className="mt-6" />
        </>
      )}
    </section>
  );
}
