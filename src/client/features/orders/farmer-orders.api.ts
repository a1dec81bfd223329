import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  FarmerOrderListSchema,
  FarmerPartResponseSchema,
  FarmerSummarySchema,
  type PartStatusChange,
} from "../../../shared/schemas/farmer.ts";
import type { PartStatus } from "../../../shared/schemas/order-parts.ts";
import { IDEMPOTENCY_HEADER } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { farmerKey } from "./farmer-pending.api.ts";

// NOTE: the header's count is a module of its own, without the farmer's other schemas (decision 073).
export { farmerKey, farmerPendingCountQuery, useFarmerPendingCount } from "./farmer-pending.api.ts";

export const FARMER_ORDERS_PAGE_SIZE = 10;

/** My parts of orders, newest first, a page at a time; `status` undefined lists every status. */
export const farmerOrdersQuery = (status: PartStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...farmerKey, "orders", status ?? "all"],
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(FARMER_ORDERS_PAGE_SIZE) });
      if (status) params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch(`/api/farmer/orders?${params}`, FarmerOrderListSchema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export const useFarmerOrders = (status: PartStatus | undefined) =>
  useInfiniteQuery(farmerOrdersQuery(status));

export const farmerSummaryQuery = queryOptions({
  queryKey: [...farmerKey, "summary"],
  queryFn: async ({ signal }) => apiFetch("/api/farmer/summary", FarmerSummarySchema, { signal }),
  staleTime: 0,
});

export const useFarmerSummary = () => useQuery(farmerSummaryQuery);

export const fulfilmentPath = (id: string) => `/api/farmer/orders/${encodeURIComponent(id)}`;

/** Moves one of my parts on (confirm, dispatch, deliver, cancel with a reason). */
export function useChangePartStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PartStatusChange }) =>
      apiFetch(`${fulfilmentPath(id)}/status`, FarmerPartResponseSchema, {
        method: "POST",
        json: change,
        // NOTE: one key per tap, so a retried request is applied once (decision 046).
        headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      }),
    // NOTE: a cancelled part's quantities are back in stock, so the product lists (catalogue's key) refetch too.
    // Not awaited: see useOperatorChange in lib/operator-pages.ts (the card's toast must fire before the refetch
    // can take the card off a filtered list).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: farmerKey });
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
  });
}

/** Records that the buyer paid me for this part. */
export function useMarkPartPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${fulfilmentPath(id)}/payment`, FarmerPartResponseSchema, {
        method: "POST",
        json: { state: "paid" },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: farmerKey });
    },
  });
}
