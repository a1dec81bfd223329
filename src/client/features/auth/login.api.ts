import { useMutation } from "@tanstack/react-query";
import type { LoginInput } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

import { authSchemas } from "./auth-schemas.ts";

export const login = async (input: LoginInput) => {
  const { UserResponseSchema } = await authSchemas();
  return apiFetch("/api/auth/login", UserResponseSchema, { method: "POST", json: input }).then((r) => r.user);
};

export const useLogin = () => useMutation({ mutationFn: login });
