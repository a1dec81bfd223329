import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { storageKeys } from "../../../shared/constants.ts";
import { DealResponseSchema } from "../../../shared/schemas/api.ts";
import { type Deal, DealSchema } from "../../../shared/schemas/products.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { readStored, writeStored } from "../../lib/storage.ts";

/** The current deal, also kept under `dealOfTheDay` in localStorage (product rules §3). */
export async function fetchDeal(signal?: AbortSignal): Promise<Deal> {
  const { deal } = await apiFetch("/api/deal", DealResponseSchema, { signal });
  writeStored(storageKeys.dealOfTheDay, deal);
  return deal;
}

/** The stored deal while it still runs, so the block shows at once on the next visit. */
export function readStoredDeal(now = Date.now()): Deal | undefined {
  const parsed = DealSchema.safeParse(readStored<unknown>(storageKeys.dealOfTheDay, null));
  if (!parsed.success || Date.parse(parsed.data.endTime) <= now) return undefined;
  return parsed.data;
}

export const dealQuery = queryOptions({
  queryKey: ["deal"],
  queryFn: ({ signal }) => fetchDeal(signal),
  initialData: () => readStoredDeal(),
  initialDataUpdatedAt: 0,
});

export function useDeal() {
  const deal = useQuery(dealQuery);
  // NOTE: a deal the server drew with the page was not fetched here, and is kept all the same.
  useEffect(() => {
    if (deal.data) writeStored(storageKeys.dealOfTheDay, deal.data);
  }, [deal.data]);
  return deal;
}
