import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "../../../shared/schemas/auth.ts";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<User | null> {
  try {
    const { user } = await apiFetch<{ user: User }>("/api/auth/me");
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: fetchMe,
  staleTime: Number.POSITIVE_INFINITY,
});

export const useMe = () => useQuery(meQuery);
