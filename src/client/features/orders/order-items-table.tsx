import { Trans, useLingui } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import type { Order } from "../../../shared/schemas/orders.ts";
import { RowTable } from "../../components/row-table.tsx";
import { formatUnitPrice } from "../../lib/produce.ts";
import { billText } from "./format.ts";

type Line = Order["items"][number];

/** The order's lines with their price, quantity and total; then shipping (unless picked up), total and bill. */
export function OrderItemsTable({ order, pickedUp }: { order: Order; pickedUp: boolean }) {
  const { t } = useLingui();
  return (
    <RowTable
      caption={<Trans>Items in this order</Trans>}
      className="w-full text-left text-stone-800"
      headClassName="border-b border-stone-200 text-sm text-stone-600"
      headWeight="font-medium"
      nameHeader={<Trans>Product</Trans>}
      columns={[
        {
          key: "price",
          header: <Trans>Price</Trans>,
          cell: (line: Line) => formatUnitPrice(line.unitPrice, line.unit),
          figures: true,
          className: "pl-3",
        },
        {
          key: "quantity",
          header: <Trans>Quantity</Trans>,
          cell: (line: Line) => line.quantity,
          figures: true,
          className: "pl-3",
        },
        {
          key: "total",
          header: <Trans>Total</Trans>,
          cell: (line: Line) => formatRupees(line.lineTotal),
          figures: true,
          className: "pl-3",
        },
      ]}
      rows={order.items}
      rowKey={(line) => line.productId}
      rowName={(line) => line.name}
      footer={
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
            <td className="py-2 pl-3 text-right tabular-nums">{formatRupees(order.total)}</td>
          </tr>
          <tr className="font-bold" data-testid="order-bill">
            <th scope="row" colSpan={3} className="py-2">
              {order.billFinal ? t`Your bill` : t`Your bill, once weighed`}
            </th>
            <td className="py-2 pl-3 text-right tabular-nums">
              {order.billFinal ? formatRupees(order.billTotal) : billText.about(order.billTotal)}
            </td>
          </tr>
        </tfoot>
      }
    />
  );
}
