import { queryOptions, useQuery } from "@tanstack/react-query";
import { OrderResponseSchema } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchOrder = (id: string) =>
  apiFetch(`/api/orders/${encodeURIComponent(id)}`, OrderResponseSchema).then((response) => response.order);

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ["orders", "one", id], queryFn: () => fetchOrder(id) });

export const useOrder = (id: string) => useQuery(orderQuery(id));
