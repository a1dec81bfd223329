import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Farmer } from "../../../shared/schemas/messages.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchFarmers = () => apiFetch<{ farmers: Farmer[] }>("/api/farmers").then((r) => r.farmers);

export const farmersQuery = queryOptions({ queryKey: ["farmers"], queryFn: fetchFarmers });

/** The farmers who have products, by name: the contact form's choice. */
export const useFarmers = () => useQuery(farmersQuery);
