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
  FarmerPendingCountSchema,
  FarmerSummarySchema,
  type PartStatusChange,
} from "../../../shared/schemas/farmer.ts";
import type { PartStatus } from "../../../shared/schemas/order-parts.ts";
import {
  type FarmerProfile,
  FarmerProfileSchema,
  FarmerReckoningSchema,
  type RecordPayment,
  type WeighPart,
} from "../../../shared/schemas/payments.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** Every query of the farmer's side starts with this key, so one move refreshes the list, summary and count. */
export const farmerKey = ["farmer"] as const;

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

/**
 * How many of my parts wait for me (the header's badge). Never fresh for long: coming back to the tab
 * (window focus) asks again, and so does every minute in the open tab.
 */
export const farmerPendingCountQuery = queryOptions({
  queryKey: [...farmerKey, "pending-count"],
  queryFn: async ({ signal }) =>
    (await apiFetch("/api/farmer/pending-count", FarmerPendingCountSchema, { signal })).pending,
  staleTime: 0,
  refetchOnWindowFocus: "always",
  refetchInterval: 60_000,
});

export const useFarmerPendingCount = (enabled = true) => useQuery({ ...farmerPendingCountQuery, enabled });

const fulfilmentPath = (id: string) => `/api/farmer/orders/${encodeURIComponent(id)}`;

/** Moves one of my parts on (confirm, dispatch, deliver, cancel with a reason). */
export function useChangePartStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PartStatusChange }) =>
      apiFetch(`${fulfilmentPath(id)}/status`, FarmerPartResponseSchema, {
        method: "POST",
        json: change,
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

/** A change to one of my parts that answers the part (weights, payments, undo), refreshing my lists. */
function usePartChange<T>(path: (id: string, input: T) => string, body: (input: T) => object) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: T }) =>
      apiFetch(path(id, input), FarmerPartResponseSchema, { method: "POST", json: body(input) }),
    // NOTE: a line packed at 0 g gives its stock back, so the product lists refetch too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: farmerKey });
      void queryClient.invalidateQueries({ queryKey: ["products"] });
    },
  });
}

/** Records the packed weight of my weighed lines (decision 020). */
export const useWeighPart = () =>
  usePartChange(
    (id) => `${fulfilmentPath(id)}/weights`,
    (input: WeighPart) => input,
  );

/** Records one payment received at the door. */
export const useRecordPayment = () =>
  usePartChange(
    (id) => `${fulfilmentPath(id)}/payments`,
    (input: RecordPayment) => input,
  );

/** Undoes a payment I recorded (within 24 hours), with a reason. */
export const useUndoPayment = () =>
  usePartChange(
    (id, input: { paymentId: string; reason: string }) =>
      `${fulfilmentPath(id)}/payments/${encodeURIComponent(input.paymentId)}/undo`,
    ({ reason }) => ({ reason }),
  );

export const farmerProfileQuery = queryOptions({
  queryKey: [...farmerKey, "profile"],
  queryFn: async ({ signal }) => apiFetch("/api/farmer/profile", FarmerProfileSchema, { signal }),
});

export const useFarmerProfile = () => useQuery(farmerProfileQuery);

/** Saves my UPI ID (null: cash only). */
export function useSaveFarmerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: FarmerProfile) =>
      apiFetch("/api/farmer/profile", FarmerProfileSchema, { method: "PUT", json: profile }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: farmerKey });
    },
  });
}

/** My week's reckoning (`week`: any day of it; undefined: this week). */
export const useFarmerReckoning = (week: string | undefined) =>
  useQuery({
    queryKey: [...farmerKey, "payments", week ?? "this-week"],
    queryFn: async ({ signal }) =>
      apiFetch(`/api/farmer/payments${week ? `?week=${week}` : ""}`, FarmerReckoningSchema, { signal }),
    staleTime: 0,
  });
