import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Order, OrderResponseSchema } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** The buyer cancels every part of their order that is still pending; the rest goes on. */
export const cancelOrder = (id: string, reason?: string): Promise<Order> =>
  apiFetch(`/api/orders/${encodeURIComponent(id)}/cancel`, OrderResponseSchema, {
    method: "POST",
    json: reason ? { reason } : {},
  }).then((payload) => payload.order);

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelOrder(id, reason),
    onSuccess: (order) => {
      queryClient.setQueryData(["orders", "one", order.id], order);
      // NOTE: the cancelled quantities are back in stock, so product lists refetch too (catalogue's key).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders", "list"] }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]);
    },
  });
}
