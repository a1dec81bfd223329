import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { storageKeys } from "../../../shared/constants.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { clearOfflineCaches } from "../../lib/offline-caches.ts";
import { meQuery, rememberOfflineUser } from "./me.api.ts";

export const logout = () => apiFetch<void>("/api/auth/logout", { method: "POST" });

/** Ends the session on the server, forgets the stored user and goes to /login; errors are only logged. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error("Logout failed", error),
    onSettled: () => {
      window.localStorage.removeItem(storageKeys.token);
      window.localStorage.removeItem(storageKeys.loggedInUser);
      rememberOfflineUser(null);
      void clearOfflineCaches();
      queryClient.setQueryData(meQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
      navigate("/login", { replace: true });
    },
  });
}
