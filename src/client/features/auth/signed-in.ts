import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { AUTH_TOAST_MS, REDIRECT_AFTER_AUTH_MS, storageKeys } from "../../../shared/constants.ts";
import { messages } from "../../../shared/messages.ts";
import type { User } from "../../../shared/schemas/auth.ts";
import { sayShared } from "../../lib/i18n.ts";
import { returnPathOf } from "../../lib/return-path.ts";
import { toast } from "../../lib/toast.ts";
import { meQuery } from "./me.api.ts";

/**
 * What follows a sign-in, by password or by a code: the spec's storage keys written (the number stands for a
 * missing e-mail), "signed in" said, and a moment later the page asked for (or the dashboard) opened.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (user: User) => {
    window.localStorage.setItem(storageKeys.token, user.id);
    window.localStorage.setItem(storageKeys.loggedInUser, user.email ?? user.phone ?? "");
    toast.success(sayShared(messages.loginSuccess), { autoClose: AUTH_TOAST_MS });
    setTimeout(() => {
      queryClient.setQueryData(meQuery.queryKey, user);
      navigate(returnPathOf(search) ?? "/dashboard", { replace: true });
    }, REDIRECT_AFTER_AUTH_MS);
  };
}
