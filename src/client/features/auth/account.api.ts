import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Account,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  Session,
} from "../../../shared/schemas/account.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { meQuery } from "./me.api.ts";

export const accountQuery = queryOptions({
  queryKey: ["account"],
  queryFn: () => apiFetch<Account>("/api/account"),
});
export const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: () => apiFetch<{ sessions: Session[] }>("/api/account/sessions").then((r) => r.sessions),
});

export const useAccount = () => useQuery(accountQuery);
export const useSessions = () => useQuery(sessionsQuery);

/** After a change to the account: the account, its sessions and the header's user are read again. */
function useRefreshAccount() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: ["account"] }).then(() => client.invalidateQueries(meQuery));
}

export function useRename() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (name: string) => apiFetch<Account>("/api/account", { method: "PATCH", json: { name } }),
    onSuccess: refresh,
  });
}

export function useChangeEmail() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiFetch<Account>("/api/account/email", { method: "POST", json: input }),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch<void>("/api/account/password", { method: "POST", json: input }),
    onSuccess: refresh,
  });
}

export function useEndSession() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => apiFetch<{ ended: number }>("/api/account/sessions/revoke-others", { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch<void>("/api/account", { method: "DELETE", json: input }),
  });
}

export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  apiFetch<{ message: string }>("/api/auth/password-reset", { method: "POST", json: input });

export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  apiFetch<void>("/api/auth/password-reset/confirm", { method: "POST", json: input });

export const confirmEmailChange = (token: string) =>
  apiFetch<{ email: string; message: string }>("/api/account/email/confirm", {
    method: "POST",
    json: { token },
  });

/** The token of a mailed link: it travels in the address's fragment (`#token=…`), never to the server. */
export const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
