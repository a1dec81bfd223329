import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "../../lib/api-client.ts";

// NOTE: the header loads this on every screen, so it reads only `unread` and leaves the operator's schemas
// (src/shared/schemas/operator-inbox.ts) to the /admin chunk. The key starts with the operator's ["admin"] key, so an
// operator's change refreshes it.
const UnreadSchema = z.object({ unread: z.number() });

/**
 * How many messages to the shop nobody has read (the header's badge for operators). Asked again when the
 * tab regains focus and every minute in the open tab.
 */
export const operatorUnreadQuery = queryOptions({
  queryKey: ["admin", "unread"],
  queryFn: async ({ signal }) =>
    (await apiFetch("/api/admin/messages?filter=unread&limit=1", UnreadSchema, { signal })).unread,
  staleTime: 0,
  refetchOnWindowFocus: "always",
  refetchInterval: 60_000,
});

export const useOperatorUnreadCount = (enabled: boolean) => useQuery({ ...operatorUnreadQuery, enabled });
