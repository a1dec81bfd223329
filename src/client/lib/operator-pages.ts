import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ZodType, z } from "zod";
import { ApiRequestError, apiFetch } from "./api-client.ts";

/** Every query of the operator's side starts with this key, so one operator action refreshes every list. */
export const operatorKey = ["admin"] as const;

export interface OperatorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One of the operator's lists (`/api/admin/…`, answering `{ items, nextCursor }`), a page at a time, its
 * answer checked with `schema` (the shared one the route declares). `params` with an empty or undefined value are left out.
 */
export function operatorPagesQuery<P extends OperatorPage<unknown>>(
  name: string,
  path: string,
  params: Record<string, string | undefined>,
  schema: ZodType<P>,
) {
  const search = Object.fromEntries(Object.entries(params).filter(([, value]) => value)) as Record<
    string,
    string
  >;
  return infiniteQueryOptions({
    queryKey: [...operatorKey, name, search],
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams(search);
      if (pageParam) query.set("cursor", pageParam);
      return apiFetch(`${path}?${query}`, schema, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: P) => page.nextCursor,
    staleTime: 0,
  });
}

export const useOperatorPages = <P extends OperatorPage<unknown>>(
  ...args: Parameters<typeof operatorPagesQuery<P>>
) => useInfiniteQuery(operatorPagesQuery(...args));

/**
 * An operator's change (`POST`/`PATCH`/`PUT` under `/api/admin`), its answer checked with `schema`; when it
 * settles every operator list is asked again, and so is whatever `alsoRefresh` names (the shop's products
 * after a hide).
 */
export function useOperatorChange<V, S extends ZodType>(
  request: (variables: V) => { path: string; method: "POST" | "PATCH" | "PUT" | "DELETE"; json?: unknown },
  schema: S,
  alsoRefresh: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V): Promise<z.output<S>> => {
      const { path, method, json } = request(variables);
      return apiFetch(path, schema, { method, json });
    },
    // NOTE: the refetch is started, not awaited. TanStack Query calls the callbacks given to `mutate()` only
    // while the component is mounted, after this one settles; awaiting the refetch let a changed card leave a
    // filtered list (a message marked handled under "Unread") before its success toast could be shown.
    onSettled: () => {
      for (const queryKey of [operatorKey, ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** A field's message from a refused change (`fields[field]`), else the error's own message. */
export const problemOf = (error: unknown, field: string, fallback: string): string =>
  error instanceof ApiRequestError ? (error.fields[field] ?? error.message) : fallback;
