import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SentMessageResponseSchema } from "../../../shared/schemas/api.ts";
import type { MessageInput } from "../../../shared/schemas/messages.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { inboxQuery } from "./inbox.api.ts";

export const sendMessage = (input: MessageInput) =>
  apiFetch("/api/messages", SentMessageResponseSchema, { method: "POST", json: input }).then(
    (r) => r.message,
  );

export const useSendMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: inboxQuery.queryKey }),
  });
};
