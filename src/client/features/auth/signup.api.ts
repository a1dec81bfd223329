import { useMutation } from "@tanstack/react-query";
import { type SignupInput, UserResponseSchema } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const signup = (input: SignupInput) =>
  apiFetch("/api/auth/signup", UserResponseSchema, { method: "POST", json: input }).then((r) => r.user);

export const useSignup = () => useMutation({ mutationFn: signup });
