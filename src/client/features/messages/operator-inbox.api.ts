import {
  type InboxFilter,
  type MessagePatch,
  OperatorMessageListSchema,
  OperatorMessageResponseSchema,
} from "../../../shared/schemas/operator-inbox.ts";
import { useOperatorChange, useOperatorPages } from "../../lib/operator-pages.ts";

/** The shop's inbox (FAQ messages and contact messages without a farmer), unread first, then newest. */
export const useOperatorInbox = (filter: InboxFilter) =>
  useOperatorPages("messages", "/api/admin/messages", { filter, limit: "20" }, OperatorMessageListSchema);

/** Marks a message read or unread, handled or open, and keeps the operator's note. */
export const useUpdateOperatorMessage = () =>
  useOperatorChange(
    ({ id, patch }: { id: string; patch: MessagePatch }) => ({
      path: `/api/admin/messages/${encodeURIComponent(id)}`,
      method: "PATCH",
      json: patch,
    }),
    OperatorMessageResponseSchema,
  );
