import type { PartStatusChange } from "../../../shared/schemas/farmer.ts";
import {
  type OperatorOrderListQuery,
  OperatorOrderListSchema,
  OperatorOrderResponseSchema,
} from "../../../shared/schemas/operator-orders.ts";
import { useOperatorChange, useOperatorPages } from "../../lib/operator-pages.ts";

export type OperatorOrderFilters = Pick<OperatorOrderListQuery, "status" | "part" | "from" | "to">;

/** Every order with its parts and buyer, newest first, filtered by status, the shop's part and shop dates. */
export const useOperatorOrders = (filters: OperatorOrderFilters) =>
  useOperatorPages("orders", "/api/admin/orders", { ...filters, limit: "10" }, OperatorOrderListSchema);

/** Moves the shop's own part of an order (the deal of the day) as a farmer moves theirs. */
export const useMoveShopPart = () =>
  useOperatorChange(
    ({ id, change }: { id: string; change: PartStatusChange }) => ({
      path: `/api/admin/fulfilments/${encodeURIComponent(id)}/status`,
      method: "POST",
      json: change,
    }),
    OperatorOrderResponseSchema,
    [["products"]],
  );
