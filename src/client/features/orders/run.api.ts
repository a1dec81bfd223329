import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FarmerPartResponseSchema } from "../../../shared/schemas/farmer.ts";
import { IDEMPOTENCY_HEADER } from "../../../shared/schemas/orders.ts";
import { RunSchema } from "../../../shared/schemas/run.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { farmerKey, fulfilmentPath } from "./farmer-orders.api.ts";

/** The delivery run of a date (issue 38): under the farmer's key, so every change to a part refreshes it. */
export const runQuery = (date: string) =>
  queryOptions({
    queryKey: [...farmerKey, "run", date],
    queryFn: async ({ signal }) =>
      apiFetch(`/api/farmer/run?date=${encodeURIComponent(date)}`, RunSchema, { signal }),
    staleTime: 0,
  });

export const useRun = (date: string) => useQuery(runQuery(date));

/** Saves the delivery stops' new order (move up / move down). */
export function useSaveRunOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { date: string; partIds: string[] }) =>
      apiFetch("/api/farmer/run/order", RunSchema, {
        method: "PUT",
        json: input,
        headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      }),
    onSuccess: (run) => queryClient.setQueryData(runQuery(run.date).queryKey, run),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: farmerKey }),
  });
}

/** Records "not at home" at a stop: the part stays out for delivery. */
export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch(`${fulfilmentPath(id)}/attempts`, FarmerPartResponseSchema, {
        method: "POST",
        json: { reason },
        headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: farmerKey }),
  });
}
