import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FarmerPartResponseSchema } from "../../../shared/schemas/farmer.ts";
import { IDEMPOTENCY_HEADER } from "../../../shared/schemas/orders.ts";
import {
  FarmerProfileSchema,
  type FarmerProfileUpdate,
  FarmerReckoningSchema,
  type RecordPayment,
  type WeighPart,
} from "../../../shared/schemas/payments.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { operatorKey } from "../../lib/operator-pages.ts";
import { farmerKey, fulfilmentPath } from "./farmer-orders.api.ts";

/*
 * Weighing and payments at the door (decision 020), apart from farmer-orders.api.ts: the header's badge loads
 * that file on every screen, and these are only for /farmer and /admin.
 */

/** A change to one of my parts that answers the part (weights, payments, undo), refreshing my lists. */
function usePartChange<T>(path: (id: string, input: T) => string, body: (input: T) => object) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: T }) =>
      apiFetch(path(id, input), FarmerPartResponseSchema, {
        method: "POST",
        json: body(input),
        // NOTE: one key per tap, so a retried request is applied once (decision 046).
        headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
      }),
    // NOTE: a line packed at 0 g gives its stock back, so the product lists refetch too; the operator's lists
    // refetch for the shop's own part, whose payments the operator records.
    onSettled: () => {
      for (const queryKey of [farmerKey, ["products"], operatorKey])
        void queryClient.invalidateQueries({ queryKey });
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

/** Saves my UPI ID (null: cash only) or my contact phone (null: none); a field left out stays. */
export function useSaveFarmerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: FarmerProfileUpdate) =>
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
