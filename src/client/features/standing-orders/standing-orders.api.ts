import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type StandingOrder,
  StandingOrderListSchema,
  StandingOrderResponseSchema,
} from "../../../shared/schemas/standing-orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

const KEY = ["standing-orders"] as const;

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
