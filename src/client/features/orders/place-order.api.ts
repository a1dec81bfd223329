import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  IDEMPOTENCY_HEADER,
  OrderResponseSchema,
  type PlaceOrderInput,
} from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** Places an order; the same key with the same body returns the first order instead of making another. */
export const placeOrder = (input: PlaceOrderInput, idempotencyKey: string) =>
  apiFetch("/api/orders", OrderResponseSchema, {
    method: "POST",
    json: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  }).then((response) => response.order);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PlaceOrderInput; idempotencyKey: string }) =>
      placeOrder(input, idempotencyKey),
    onSuccess: (order) => {
      queryClient.setQueryData(["orders", "one", order.id], order);
      return queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    },
  });
}
