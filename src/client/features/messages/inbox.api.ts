import { queryOptions, useQuery } from "@tanstack/react-query";
import { InboxResponseSchema } from "../../../shared/schemas/api.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const fetchInbox = () => apiFetch("/api/messages/inbox", InboxResponseSchema).then((r) => r.messages);

export const inboxQuery = queryOptions({ queryKey: ["messages", "inbox"], queryFn: fetchInbox });

/** Contact messages addressed to the signed-in farmer, newest first. */
export const useInbox = () => useQuery(inboxQuery);
