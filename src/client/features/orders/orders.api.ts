import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { OrderListSchema } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

const PAGE_SIZE = 10;

/** One page of the signed-in user's orders, newest first. */
export const fetchOrders = (cursor: string | null) =>
  apiFetch(
    `/api/orders?limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    OrderListSchema,
  );

export const ordersQuery = infiniteQueryOptions({
  queryKey: ["orders", "list"],
  queryFn: ({ pageParam }) => fetchOrders(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

export const useOrders = () => useInfiniteQuery(ordersQuery);
