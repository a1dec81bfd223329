import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type PlaceOrderInput, QuoteSchema } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

type Lines = PlaceOrderInput["items"];

/** What the cart costs now, priced by the server exactly as placing the order would. */
export const fetchQuote = (items: Lines) =>
  apiFetch("/api/orders/quote", QuoteSchema, { method: "POST", json: { items } });

export const quoteQuery = (items: Lines) =>
  queryOptions({
    queryKey: ["orders", "quote", items],
    queryFn: () => fetchQuote(items),
    enabled: items.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useQuote = (items: Lines) => useQuery(quoteQuery(items));
