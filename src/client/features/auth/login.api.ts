import { useMutation } from "@tanstack/react-query";
import { type LoginInput, UserResponseSchema } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const login = (input: LoginInput) =>
  apiFetch("/api/auth/login", UserResponseSchema, { method: "POST", json: input }).then((r) => r.user);

export const useLogin = () => useMutation({ mutationFn: login });
