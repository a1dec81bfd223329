import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, laterSchema } from "../../lib/api-client.ts";

// NOTE: the header loads this on every screen, so the inbox's schema (and zod) come with its first request,
// not with the screen (decision 073). The key starts with the operator's ["admin"] key, so an operator's change
// refreshes it.

/**
 * How many messages to the shop nobody has read (the header's badge for operators). Asked again when the
 * tab regains focus and every minute in the open tab.
 */
export const operatorUnreadQuery = queryOptions({
  queryKey: ["admin", "unread"],
  queryFn: async ({ signal }) =>
    (
      await apiFetch("/api/admin/messages?filter=unread&limit=1", laterSchema("OperatorMessageListSchema"), {
        signal,
      })
    ).unread,
  staleTime: 0,
  refetchOnWindowFocus: "always",
  refetchInterval: 60_000,
});

export const useOperatorUnreadCount = (enabled: boolean) => useQuery({ ...operatorUnreadQuery, enabled });
