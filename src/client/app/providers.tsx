import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { ToastContainer, toast } from "react-toastify/unstyled";
import "react-toastify/dist/ReactToastify.css";
import { TOAST_MS } from "../../shared/constants.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { messages } from "../../shared/messages.ts";
import { followSignInElsewhere } from "../features/auth/auth-sync.ts";
import { ApiRequestError } from "../lib/api-client.ts";
import { currentLanguage, i18n } from "../lib/i18n.ts";
import { UpdatePrompt } from "./connection-notices.tsx";

export function createQueryClient() {
  // NOTE: a 401 means this tab's session has ended (signed out elsewhere, ended from another device, or the
  // account suspended): forgetting the user sends the signed-in screens to /login, saying why once. The cart
  // and likes stay in this browser's storage for the next sign-in.
  const signedOut = (error: unknown) => {
    if (!(error instanceof ApiRequestError && error.status === 401)) return;
    if (!client.getQueryData(["auth", "me"])) return;
    client.setQueryData(["auth", "me"], null);
    toast.info(localize(messages.sessionEnded, currentLanguage()), { toastId: "session-ended" });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // NOTE: always ask: offline, the service worker answers with the last catalogue it saw (decision 011).
        networkMode: "offlineFirst",
        // NOTE: when the connection returns, what is on screen is asked for again, even if recent.
        refetchOnReconnect: "always",
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
      },
      // NOTE: a change sent offline fails at once with a clear message instead of waiting silently.
      mutations: { networkMode: "always" },
    },
  });
  return client;
}

/**
 * react-toastify names each toast's countdown bar "notification timer" and takes no name for it: the bars are
 * renamed as they appear. Answers a function that stops watching.
 */
function nameToastTimers(name: string): () => void {
  const region = document.querySelector("section.Toastify");
  if (!region) return () => {};
  const rename = () => {
    for (const bar of region.querySelectorAll('[role="progressbar"]')) {
      if (bar.getAttribute("aria-label") !== name) bar.setAttribute("aria-label", name);
    }
  };
  const observer = new MutationObserver(rename);
  observer.observe(region, { childList: true, subtree: true, attributeFilter: ["aria-label"] });
  rename();
  return () => observer.disconnect();
}

/** react-toastify's region and close buttons, named in the language chosen (its own names are English). */
function Toasts() {
  const { t } = useLingui();
  const timerName = t`notification timer`;
  useEffect(() => nameToastTimers(timerName), [timerName]);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_MS}
      newestOnTop
      theme="colored"
      aria-label={t`Notifications Alt+T`}
      closeButton={({ closeToast, theme }) => (
        // NOTE: react-toastify's own button, markup and classes, with a translated name (it cannot take one).
        <button
          type="button"
          className={`Toastify__close-button Toastify__close-button--${theme}`}
          aria-label={t`close`}
          onClick={(event) => {
            event.stopPropagation();
            closeToast(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 14 16">
            <path
              fillRule="evenodd"
              d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
            />
          </svg>
        </button>
      )}
    />
  );
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => followSignInElsewhere(client), [client]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        <UpdatePrompt />
        <Toasts />
      </QueryClientProvider>
    </I18nProvider>
  );
}
