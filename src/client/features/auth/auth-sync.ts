import type { QueryClient } from "@tanstack/react-query";
import { storageKeys } from "../../../shared/constants.ts";
import { forgetTabDrafts } from "./logout.api.ts";
import { meQuery } from "./me.api.ts";

/**
 * The sign-in watcher (decision 010): every open tab follows a sign-in or sign-out made in another tab at once. The
 * tab that signs in writes `token` to localStorage and the one that signs out removes it; the browser tells
 * every other tab of this origin (the `storage` event), and each asks the server who is signed in now. A
 * signed-out tab's screens go to /login through the guards; a tab on /login goes to the dashboard. What the
 * previous account's screens had loaded is dropped first, so nothing of theirs is shown to the next one.
 * Answers the function that stops listening.
 */
export function followSignInElsewhere(queryClient: QueryClient): () => void {
  const onStorage = (event: StorageEvent) => {
    // NOTE: `key` is null when another tab cleared the whole storage.
    if (event.key !== storageKeys.token && event.key !== null) return;
    if (event.newValue === event.oldValue) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
    if (event.newValue === null) {
      forgetTabDrafts();
      queryClient.setQueryData(meQuery.queryKey, null);
    } else void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
