import { Link, useParams } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { Spinner } from "../../components/spinner.tsx";
import { ApiRequestError } from "../../lib/api-client.ts";
import { formatOrderDate, orderNumber, paymentLabel } from "./format.ts";
import { ArrowLeftIcon } from "./icons.tsx";
import { useOrder } from "./order.api.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";

export function OrderDetailPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/orders"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeftIcon /> Back to Orders
      </Link>
      {order.isPending ? (
        <Spinner label="Loading order..." />
      ) : order.isError ? (
        <div className="mt-6">
          <h1 className="text-3xl font-bold text-brand-900">
            {order.error instanceof ApiRequestError && order.error.status === 404
              ? "Order not found"
              : "Could not load this order"}
          </h1>
          <p className="mt-3 text-stone-700">{order.error.message}</p>
        </div>
      ) : (
        <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
          <header className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-3xl font-bold text-brand-900">Order {orderNumber(order.data.id)}</h1>
              <p className="mt-1 text-stone-600">
                Placed on <time dateTime={order.data.createdAt}>{formatOrderDate(order.data.createdAt)}</time>
              </p>
            </div>
            <OrderStatusBadge status={order.data.status} />
          </header>

          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-left text-stone-800">
              <caption className="sr-only">Items in this order</caption>
              <thead className="border-b border-stone-200 text-sm text-stone-600">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    Product
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Price
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Quantity
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right font-medium">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {order.data.items.map((line) => (
                  <tr key={line.productId}>
                    <th scope="row" className="py-2 font-medium">
                      {line.name}
                    </th>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(line.unitPrice)}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{line.quantity}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-stone-200">
                <tr>
                  <th scope="row" colSpan={3} className="py-2 font-medium">
                    Shipping
                  </th>
                  <td className="py-2 text-right text-brand-800">Free</td>
                </tr>
                <tr className="text-lg font-bold">
                  <th scope="row" colSpan={3} className="py-2">
                    Total
                  </th>
                  <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(order.data.total)}</td>
                </tr>
              </tfoot>
            </table>
          </div>

          <div className="mt-6 grid gap-6 border-t border-stone-200 pt-6 sm:grid-cols-2">
            <section aria-labelledby="ship-to-heading">
              <h2 id="ship-to-heading" className="font-semibold text-stone-900">
                Shipping to
              </h2>
              <p className="mt-1 text-stone-700">{order.data.shipping.fullName}</p>
              <p className="text-stone-700">{order.data.shippingAddress}</p>
              <p className="text-stone-700">{order.data.shipping.email}</p>
            </section>
            <section aria-labelledby="payment-heading">
              <h2 id="payment-heading" className="font-semibold text-stone-900">
                Payment method
              </h2>
              <p className="mt-1 text-stone-700">{paymentLabel(order.data.paymentMethod)}</p>
            </section>
          </div>
        </article>
      )}
    </section>
  );
}
