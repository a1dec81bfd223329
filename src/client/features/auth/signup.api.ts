import { useMutation } from "@tanstack/react-query";
import type { SignupInput, User } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";

export const signup = (input: SignupInput) =>
  apiFetch<{ user: User }>("/api/auth/signup", { method: "POST", json: input }).then((r) => r.user);

export const useSignup = () => useMutation({ mutationFn: signup });
