import { queryOptions, useQuery } from "@tanstack/react-query";
import { FarmersResponseSchema } from "../../../shared/schemas/api.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchFarmers = () => apiFetch("/api/farmers", FarmersResponseSchema).then((r) => r.farmers);

export const farmersQuery = queryOptions({ queryKey: ["farmers"], queryFn: fetchFarmers });

/** The farmers who have products, by name: the contact form's choice. */
export const useFarmers = () => useQuery(farmersQuery);
