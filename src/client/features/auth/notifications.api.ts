import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  NotificationSettingsSchema,
  type NotificationSettingsUpdate,
} from "../../../shared/schemas/notifications.ts";
import { apiFetch } from "../../lib/api-client.ts";

/** Which channels carry the news of my orders (issue 37, decision 063). */
export const notificationsQuery = queryOptions({
  queryKey: ["account", "notifications"],
  queryFn: () => apiFetch("/api/account/notifications", NotificationSettingsSchema),
});

export const useNotificationSettings = () => useQuery(notificationsQuery);

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsUpdate) =>
      apiFetch("/api/account/notifications", NotificationSettingsSchema, { method: "PUT", json: input }),
    onSuccess: (saved) => client.setQueryData(notificationsQuery.queryKey, saved),
  });
}
