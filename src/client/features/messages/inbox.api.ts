import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InboxMessage } from "../../../shared/schemas/messages.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchInbox = () =>
  apiFetch<{ messages: InboxMessage[] }>("/api/messages/inbox").then((r) => r.messages);

export const inboxQuery = queryOptions({ queryKey: ["messages", "inbox"], queryFn: fetchInbox });

/** Contact messages addressed to the signed-in farmer, newest first. */
export const useInbox = () => useQuery(inboxQuery);
