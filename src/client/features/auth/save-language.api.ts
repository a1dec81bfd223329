import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { User } from "../../../shared/schemas/auth.ts";
import { apiFetch, laterSchema } from "../../lib/api-client.ts";
import { meQuery } from "./me.api.ts";

/**
 * Keeps the language chosen in the header on the signed-in account (decision 032). Apart from account.api.ts:
 * the header is on every drawn screen and hydrates without the account's schemas (decision 073).
 */
export function useSaveLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) =>
      apiFetch("/api/account", laterSchema("AccountSchema"), { method: "PATCH", json: { language } }),
    onSuccess: ({ user }) => {
      client.setQueryData<User | null>(meQuery.queryKey, (me) =>
        me ? { ...me, language: user.language } : me,
      );
      return client.invalidateQueries({ queryKey: ["account"] });
    },
  });
}
