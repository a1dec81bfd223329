import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhoneCodeRequest, PhoneVerifyInput } from "../../../shared/schemas/phone.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { authSchemas } from "./auth-schemas.ts";
import { meQuery } from "./me.api.ts";

/**
 * Signing in and up with a mobile number (issue 37). The phone schemas come with the first call, not with the
 * sign-in screen's first JavaScript, as the e-mail form's do (auth-schemas.ts).
 */
export const phoneSchemas = () => import("../../../shared/schemas/phone.ts");

export const requestPhoneCode = async (input: PhoneCodeRequest) => {
  const { MessageResponseSchema } = await import("../../../shared/schemas/account.ts");
  return apiFetch("/api/auth/phone/code", MessageResponseSchema, { method: "POST", json: input });
};

export const verifyPhoneCode = async (input: PhoneVerifyInput) => {
  const { UserResponseSchema } = await authSchemas();
  return apiFetch("/api/auth/phone/verify", UserResponseSchema, { method: "POST", json: input }).then(
    (r) => r.user,
  );
};

/** The account's own number (`/account`): a code to a new number, its confirmation, and removing it. */
export function useAccountPhone() {
  const client = useQueryClient();
  const refresh = () =>
    client.invalidateQueries({ queryKey: ["account"] }).then(() => client.invalidateQueries(meQuery));
  const offer = useMutation({
    mutationFn: async (phone: string) => {
      const { MessageResponseSchema } = await import("../../../shared/schemas/account.ts");
      return apiFetch("/api/account/phone", MessageResponseSchema, { method: "POST", json: { phone } });
    },
  });
  const confirm = useMutation({
    mutationFn: async (code: string) => {
      const { PhoneResponseSchema } = await phoneSchemas();
      return apiFetch("/api/account/phone/confirm", PhoneResponseSchema, { method: "POST", json: { code } });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => {
      const { PhoneResponseSchema } = await phoneSchemas();
      return apiFetch("/api/account/phone", PhoneResponseSchema, { method: "DELETE" });
    },
    onSuccess: refresh,
  });
  return { offer, confirm, remove };
}
