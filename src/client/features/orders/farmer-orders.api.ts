import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  FarmerFulfilmentSchema,
  FarmerOrderListSchema,
  FarmerPendingCountSchema,
  FarmerSummarySchema,
  type FulfilmentStatusChange,
} from "../../../shared/schemas/farmer.ts";
import type { FulfilmentStatus } from "../../../shared/schemas/fulfilments.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** Every query of the farmer's side starts with this key, so one move refreshes the list, summary and count. */
export const farmerKey = ["farmer"] as const;

export const FARMER_ORDERS_PAGE_SIZE = 10;

/** My parts of orders, newest first, a page at a time; `status` undefined lists every status. */
export const farmerOrdersQuery = (status: FulfilmentStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: [...farmerKey, "orders", status ?? "all"],
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(FARMER_ORDERS_PAGE_SIZE) });
      if (status) params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      return FarmerOrderListSchema.parse(await apiFetch<unknown>(`/api/farmer/orders?${params}`, { signal }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export const useFarmerOrders = (status: FulfilmentStatus | undefined) =>
  useInfiniteQuery(farmerOrdersQuery(status));

export const farmerSummaryQuery = queryOptions({
  queryKey: [...farmerKey, "summary"],
  queryFn: async ({ signal }) =>
    FarmerSummarySchema.parse(await apiFetch<unknown>("/api/farmer/summary", { signal })),
  staleTime: 0,
});

export const useFarmerSummary = () => useQuery(farmerSummaryQuery);

/**
 * How many of my parts wait for me (the header's badge). Never fresh for long: coming back to the tab
 * (window focus) asks again, and so does every minute in the open tab.
 */
export const farmerPendingCountQuery = queryOptions({
  queryKey: [...farmerKey, "pending-count"],
  queryFn: async ({ signal }) =>
    FarmerPendingCountSchema.parse(await apiFetch<unknown>("/api/farmer/pending-count", { signal })).pending,
  staleTime: 0,
  refetchOnWindowFocus: "always",
  refetchInterval: 60_000,
});

export const useFarmerPendingCount = (enabled = true) => useQuery({ ...farmerPendingCountQuery, enabled });

const fulfilmentPath = (id: string) => `/api/farmer/orders/${encodeURIComponent(id)}`;
const parseFulfilment = (payload: unknown) =>
  FarmerFulfilmentSchema.parse((payload as { fulfilment?: unknown }).fulfilment ?? payload);

/** Moves one of my parts on (confirm, dispatch, deliver, cancel with a reason). */
export function useChangeFulfilmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: FulfilmentStatusChange }) =>
      apiFetch<unknown>(`${fulfilmentPath(id)}/status`, { method: "POST", json: change }).then(
        parseFulfilment,
      ),
    // NOTE: a cancelled part's quantities are back in stock, so the product lists (catalogue's key) refetch too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: farmerKey }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]),
  });
}

/** Records that the buyer paid me for this part. */
export function useMarkFulfilmentPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>(`${fulfilmentPath(id)}/payment`, { method: "POST", json: { state: "paid" } }).then(
        parseFulfilment,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: farmerKey }),
  });
}
