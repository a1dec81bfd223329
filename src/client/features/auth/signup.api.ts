import { useMutation } from "@tanstack/react-query";
import type { SignupInput } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

import { authSchemas } from "./auth-schemas.ts";

export const signup = async (input: SignupInput) => {
  const { UserResponseSchema } = await authSchemas();
  return apiFetch("/api/auth/signup", UserResponseSchema, { method: "POST", json: input }).then(
    (r) => r.user,
  );
};

export const useSignup = () => useMutation({ mutationFn: signup });
