import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { IDEMPOTENCY_HEADER, OrderResponseSchema } from "../../../shared/schemas/orders.ts";
import {
  DemandSchema,
  FarmerStandingOrderListSchema,
  type StandingOrder,
  type StandingOrderCreateSchema,
  StandingOrderListSchema,
  type StandingOrderPatchSchema,
  StandingOrderResponseSchema,
} from "../../../shared/schemas/standing-orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

const KEY = ["standing-orders"] as const;

export type StandingOrderCreateInput = z.input<typeof StandingOrderCreateSchema>;
export type StandingOrderPatchInput = z.input<typeof StandingOrderPatchSchema>;

export const useStandingOrders = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch("/api/standing-orders", StandingOrderListSchema).then((p) => p.standingOrders),
  });

/** A change of one standing order (skip a date, end it): its answer replaces it in the list. */
function useChange<V>(send: (vars: V) => Promise<StandingOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (changed) => {
      queryClient.setQueryData<StandingOrder[]>(KEY, (list) =>
        list?.map((each) => (each.id === changed.id ? changed : each)),
      );
      // NOTE: a skip gives its stock back and cancels its order: both lists show it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders", "list"] }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]);
    },
  });
}

export const useSkip = () =>
  useChange(({ id, date }: { id: string; date: string }) =>
    apiFetch(`/api/standing-orders/${encodeURIComponent(id)}/skip`, StandingOrderResponseSchema, {
      method: "POST",
      json: { date },
    }).then((p) => p.standingOrder),
  );

export const useEnd = () =>
  useChange(({ id }: { id: string }) =>
    apiFetch(`/api/standing-orders/${encodeURIComponent(id)}`, StandingOrderResponseSchema, {
      method: "DELETE",
    }).then((p) => p.standingOrder),
  );

/** Makes one standing order (one farmer's lines); the same key with the same body answers the first one. */
export const createStandingOrder = (input: StandingOrderCreateInput, idempotencyKey: string) =>
  apiFetch("/api/standing-orders", StandingOrderResponseSchema, {
    method: "POST",
    json: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  }).then((p) => p.standingOrder);

/** A change of the standing order itself (from now on): its lines, address, reminder, a pause or resume. */
export const usePatch = () =>
  useChange(({ id, patch }: { id: string; patch: StandingOrderPatchInput }) =>
    apiFetch(`/api/standing-orders/${encodeURIComponent(id)}`, StandingOrderResponseSchema, {
      method: "PATCH",
      json: patch,
    }).then((p) => p.standingOrder),
  );

/** Accepts a held delivery's new prices (POST /api/orders/:id/accept-price). */
export const useAcceptPrice = () =>
  useChange(({ orderId }: { orderId: string }) =>
    apiFetch(`/api/orders/${encodeURIComponent(orderId)}/accept-price`, StandingOrderResponseSchema, {
      method: "POST",
      json: {},
    }).then((p) => p.standingOrder),
  );

/** Just this one: one delivery's quantities (PATCH /api/orders/:id), then its standing order read again. */
export const useChangeOne = () =>
  useChange(
    async ({
      id,
      orderId,
      items,
    }: {
      id: string;
      orderId: string;
      items: StandingOrderCreateInput["items"];
    }) => {
      await apiFetch(`/api/orders/${encodeURIComponent(orderId)}`, OrderResponseSchema, {
        method: "PATCH",
        json: { items },
      });
      return apiFetch(`/api/standing-orders/${encodeURIComponent(id)}`, StandingOrderResponseSchema).then(
        (p) => p.standingOrder,
      );
    },
  );

/** The farmer's standing customers and the demand ahead (the next 14 days). */
export const useFarmerStandingOrders = () =>
  useQuery({
    queryKey: ["farmer", "standing-orders"],
    queryFn: () =>
      apiFetch("/api/farmer/standing-orders", FarmerStandingOrderListSchema).then((p) => p.standingOrders),
  });

export const useDemand = () =>
  useQuery({
    queryKey: ["farmer", "demand"],
    queryFn: () => apiFetch("/api/farmer/demand", DemandSchema).then((p) => p.slots),
  });
