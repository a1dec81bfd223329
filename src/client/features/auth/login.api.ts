import { useMutation } from "@tanstack/react-query";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { LoginInput } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

import { authSchemas } from "./auth-schemas.ts";

export const login = async (input: LoginInput) => {
  const { UserResponseSchema } = await authSchemas();
  return apiFetch("/api/auth/login", UserResponseSchema, { method: "POST", json: input }).then((r) => r.user);
};

export const useLogin = () => useMutation({ mutationFn: login });

/**
 * Keeps on the account the language chosen just before signing in (issue 40 item 13); its schema is fetched
 * then, so the sign-in screen's first JavaScript stays small.
 */
export const keepLanguage = async (language: Language) => {
  const { AccountSchema } = await import("../../../shared/schemas/account.ts");
  return apiFetch("/api/account", AccountSchema, { method: "PATCH", json: { language } });
};
