import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  AccountSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
  EmailChangedSchema,
  EndedSessionsSchema,
  MessageResponseSchema,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
  SessionListSchema,
} from "../../../shared/schemas/account.ts";
import { NoContentSchema, UserResponseSchema } from "../../../shared/schemas/auth.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { meQuery } from "./me.api.ts";

export const accountQuery = queryOptions({
  queryKey: ["account"],
  queryFn: () => apiFetch("/api/account", AccountSchema),
});
export const sessionsQuery = queryOptions({
  queryKey: ["account", "sessions"],
  queryFn: () => apiFetch("/api/account/sessions", SessionListSchema).then((r) => r.sessions),
});

export const useAccount = () => useQuery(accountQuery);
export const useSessions = () => useQuery(sessionsQuery);

/** After a change to the account: the account, its sessions and the header's user are read again. */
function useRefreshAccount() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: ["account"] }).then(() => client.invalidateQueries(meQuery));
}

/** A change to the account, after which it is read again (useRefreshAccount). */
function useAccountChange<Input, Output>(run: (input: Input) => Promise<Output>) {
  const refresh = useRefreshAccount();
  return useMutation({ mutationFn: run, onSuccess: refresh });
}

export const useRename = () =>
  useAccountChange((name: string) =>
    apiFetch("/api/account", AccountSchema, { method: "PATCH", json: { name } }),
  );

export const useChangeEmail = () =>
  useAccountChange((input: ChangeEmailInput) =>
    apiFetch("/api/account/email", AccountSchema, { method: "POST", json: input }),
  );

export const useChangePassword = () =>
  useAccountChange((input: ChangePasswordInput) =>
    apiFetch("/api/account/password", NoContentSchema, { method: "POST", json: input }),
  );

export const useEndSession = () =>
  useAccountChange((id: string) =>
    apiFetch(`/api/account/sessions/${encodeURIComponent(id)}`, NoContentSchema, { method: "DELETE" }),
  );

export const useEndOtherSessions = () =>
  useAccountChange(() =>
    apiFetch("/api/account/sessions/revoke-others", EndedSessionsSchema, { method: "POST" }),
  );

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch("/api/account", NoContentSchema, { method: "DELETE", json: input }),
  });
}

export const requestPasswordReset = (input: PasswordResetRequestInput) =>
  apiFetch("/api/auth/password-reset", MessageResponseSchema, { method: "POST", json: input });

export const confirmPasswordReset = (input: PasswordResetConfirmInput) =>
  apiFetch("/api/auth/password-reset/confirm", NoContentSchema, { method: "POST", json: input });

export const confirmEmailChange = (token: string) =>
  apiFetch("/api/account/email/confirm", EmailChangedSchema, {
    method: "POST",
    json: { token },
  });

export const signInWithLink = (token: string) =>
  apiFetch("/api/auth/sign-in-link", UserResponseSchema, { method: "POST", json: { token } });

export const confirmOperatorClaim = (token: string) =>
  apiFetch("/api/auth/operator-claim", MessageResponseSchema, { method: "POST", json: { token } });

/** The token of a mailed link: it travels in the address's fragment (`#token=…`), never to the server. */
export const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
