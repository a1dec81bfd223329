import { useQuery } from "@tanstack/react-query";
import { AuditListSchema } from "../../../shared/schemas/audit.ts";
import { ShopStatsSchema } from "../../../shared/schemas/stats.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { operatorKey, useOperatorPages } from "../../lib/operator-pages.ts";

/** The shop at a glance: today, this week, all time, messages waiting and the last 30 days. */
export const useShopStats = () =>
  useQuery({
    queryKey: [...operatorKey, "stats"],
    queryFn: async ({ signal }) => apiFetch("/api/admin/stats", ShopStatsSchema, { signal }),
    staleTime: 0,
  });

/** Every operator action, newest first (read only: the API has no route that changes it). */
export const useAuditLog = () =>
  useOperatorPages("audit", "/api/admin/audit", { limit: "30" }, AuditListSchema);
