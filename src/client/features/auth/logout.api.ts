import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { ownStorageKeys, storageKeys } from "../../../shared/constants.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { clearOfflineCaches, clearRunStores } from "../../lib/offline-caches.ts";
import { authSchemas } from "./auth-schemas.ts";
import { meQuery, rememberOfflineUser } from "./me.api.ts";

export const logout = async () =>
  apiFetch("/api/auth/logout", (await authSchemas()).NoContentSchema, { method: "POST" });

/**
 * What this tab kept for the person who signed out and must not show the next one: the address typed at
 * checkout (sessionStorage, decision 011).
 */
export function forgetTabDrafts(): void {
  window.sessionStorage.removeItem(ownStorageKeys.checkoutDraft);
}

/**
 * Forgets in this browser everything kept for the person whose session ended (signed out, or their account
 * deleted): `token` and `loggedInUser` (product rules §3), the remembered user, likes, drafts, offline copies, the delivery run
 * and its unsent actions.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  // NOTE: `token` holds the user's id (signedInUser in e2e/support.ts): their delivery run goes too.
  void clearRunStores(window.localStorage.getItem(storageKeys.token));
  window.localStorage.removeItem(storageKeys.token);
  window.localStorage.removeItem(storageKeys.loggedInUser);
  // NOTE: the likes are the account's now (decision 011); kept, they would be merged into the next
  // account that signs in on this browser.
  window.localStorage.removeItem(storageKeys.likedProducts);
  rememberOfflineUser(null);
  forgetTabDrafts();
  void clearOfflineCaches();
  queryClient.setQueryData(meQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
}

/** Ends the session on the server, forgets the stored user and goes to /login; errors are only logged. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error("Logout failed", error),
    onSettled: () => {
      forgetSignedInUser(queryClient);
      navigate("/login", { replace: true });
    },
  });
}
