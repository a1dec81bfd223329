import { useMutation } from "@tanstack/react-query";
import type { LoginInput, User } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const login = (input: LoginInput) =>
  apiFetch<{ user: User }>("/api/auth/login", { method: "POST", json: input }).then((r) => r.user);

export const useLogin = () => useMutation({ mutationFn: login });
