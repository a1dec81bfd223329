import { useEffect } from "react";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { PlaceOrderInput } from "../../../shared/schemas/orders.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { rememberStock } from "../../lib/cart-store.ts";
import { useQuote } from "./quote.api.ts";
import { splitServerFields } from "./use-checkout-submit.ts";

export const toOrderLines = (items: readonly CartItem[]): PlaceOrderInput["items"] =>
  items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    ...(item.startTime ? { dealStartTime: item.startTime } : {}),
  }));

/** The quote of the cart as it stands (decision 052's Pay now among it), and what it says of each line. */
export function useCheckoutQuote(orderLines: PlaceOrderInput["items"]) {
  const quote = useQuote(orderLines);
  const error = quote.error instanceof ApiRequestError && quote.error.status >= 400 ? quote.error : null;
  // NOTE: the quote answers for the cart as it was asked; while a newer one loads, the old one's problems
  // still show (keepPreviousData) but do not block, and the server refuses an oversold order anyway.
  const current = quote.data !== undefined && !quote.isPlaceholderData;
  // The cart remembers the stock the quote reported, so its + button stops there.
  useEffect(() => {
    if (quote.data && !quote.isPlaceholderData) {
      rememberStock(new Map(quote.data.items.map((line) => [line.productId, line.stock])));
    }
  }, [quote.data, quote.isPlaceholderData]);
  return {
    data: error ? undefined : quote.data,
    error,
    lineErrors: splitServerFields(error ? error.fields : (quote.data?.problems ?? {})).lines,
    stockProblem: current && Object.keys(quote.data.problems).length > 0,
    payNowOffered: quote.data?.payNow === true,
    refetch: () => void quote.refetch(),
  };
}
