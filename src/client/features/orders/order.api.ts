import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../shared/schemas/orders.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchOrder = (id: string) =>
  apiFetch<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}`).then((response) => response.order);

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ["orders", "one", id], queryFn: () => fetchOrder(id) });

export const useOrder = (id: string) => useQuery(orderQuery(id));
