import { Trans } from "@lingui/react/macro";
import { formatRupees } from "../../../shared/money.ts";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { Quote } from "../../../shared/schemas/orders.ts";
import { isWeighedUnit } from "../../../shared/weighing.ts";
import { formatUnitPrice } from "../../lib/produce.ts";
import { billText, cartTotalRupees, lineTotalRupees } from "./format.ts";
import { ProductThumbnail } from "./product-thumbnail.tsx";
import { SummaryCard, SummaryRow } from "./summary-row.tsx";

/**
 * Checkout's order summary (product rules §2): lines, subtotal, shipping "Free", total. Names and prices come from
 * the server's quote when it has answered (what the order will be and be charged), else from the cart while it
 * loads.
 */
export function OrderSummary({
  items,
  quote,
  lineErrors,
}: {
  items: readonly CartItem[];
  quote: Quote | undefined;
  lineErrors: Record<number, string>;
}) {
  const quoted = new Map(quote?.items.map((line) => [line.productId, line]));
  const matchesCart =
    quote !== undefined && items.every((item) => quoted.get(item.id)?.quantity === item.quantity);
  const quotedLine = (item: CartItem) => (matchesCart ? quoted.get(item.id) : undefined);
  const priceOf = (item: CartItem) => quotedLine(item)?.unitPrice ?? item.price;
  const lineTotalOf = (item: CartItem) => quotedLine(item)?.lineTotal ?? lineTotalRupees(item);
  const subtotal = matchesCart ? quote.total : cartTotalRupees(items);
  return (
    <SummaryCard as="section" headingId="order-summary-heading" title={<Trans>Order Summary</Trans>}>
      <ul className="mt-4 divide-y divide-stone-200">
        {items.map((item, index) => (
          <li key={item.id} className="py-3">
            <div className="flex items-center gap-3">
              <ProductThumbnail src={item.image} compact />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-stone-900">
                  {quoted.get(item.id)?.name ?? item.name}
                </p>
                <p className="text-sm text-stone-600">
                  {formatUnitPrice(priceOf(item), quoted.get(item.id)?.unit ?? item.unit)} × {item.quantity}
                </p>
              </div>
              <p className="font-semibold tabular-nums text-stone-900">{formatRupees(lineTotalOf(item))}</p>
            </div>
            {matchesCart && priceOf(item) !== item.price ? (
              <p className="mt-1 text-sm text-amber-800">
                <Trans>The price has changed since you added it (was {formatRupees(item.price)}).</Trans>
              </p>
            ) : null}
            {lineErrors[index] ? <p className="mt-1 text-sm text-red-700">{lineErrors[index]}</p> : null}
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-stone-200 pt-4 text-stone-700">
        <SummaryRow label={<Trans>Subtotal</Trans>}>{formatRupees(subtotal)}</SummaryRow>
        <SummaryRow label={<Trans>Shipping</Trans>} valueClassName="font-medium text-brand-800">
          <Trans>Free</Trans>
        </SummaryRow>
        <SummaryRow label={<Trans>Total</Trans>} total testId="checkout-total">
          {formatRupees(subtotal)}
        </SummaryRow>
      </dl>
      {items.some((item) => isWeighedUnit(quoted.get(item.id)?.unit ?? item.unit ?? "")) ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="weighed-estimate-note">
          {billText.estimateNote()}
        </p>
      ) : null}
    </SummaryCard>
  );
}
