import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, laterSchema } from "../../lib/api-client.ts";

/** Every query of the farmer's side starts with this key, so one move refreshes the list, summary and count. */
export const farmerKey = ["farmer"] as const;

/**
 * How many of my parts wait for me (the header's badge). Never fresh for long: coming back to the tab
 * (window focus) asks again, and so does every minute in the open tab. NOTE: apart from farmer-orders.api.ts,
 * its schema imported with its request: the header is on every drawn screen and hydrates without zod
 * (decision 073).
 */
export const farmerPendingCountQuery = queryOptions({
  queryKey: [...farmerKey, "pending-count"],
  queryFn: async ({ signal }) =>
    (await apiFetch("/api/farmer/pending-count", laterSchema("FarmerPendingCountSchema"), { signal }))
      .pending,
  staleTime: 0,
  refetchOnWindowFocus: "always",
  refetchInterval: 60_000,
});

export const useFarmerPendingCount = (enabled = true) => useQuery({ ...farmerPendingCountQuery, enabled });
