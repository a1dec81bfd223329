import { I18nProvider } from "@lingui/react";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { messages } from "../../shared/messages.ts";
import { followSignInElsewhere } from "../features/auth/auth-sync.ts";
import { ApiRequestError } from "../lib/api-client.ts";
import { onFirstTouch } from "../lib/first-touch.ts";
import { i18n, sayShared } from "../lib/i18n.ts";
import { loadToasts, toast } from "../lib/toast.ts";
import { UpdatePrompt } from "./connection-notices.tsx";

export function createQueryClient() {
  // NOTE: a 401 means this tab's session has ended (signed out elsewhere, ended from another device, or the
  // account suspended): forgetting the user sends the signed-in screens to /login, saying why once. The cart
  // and likes stay in this browser's storage for the next sign-in.
  // A change may say it in its own words (`meta.sessionEndedText`): Add product's is the spec's.
  const signedOut = (error: unknown, meta?: Record<string, unknown>) => {
    if (!(error instanceof ApiRequestError && error.status === 401)) return;
    if (!client.getQueryData(["auth", "me"])) return;
    client.setQueryData(["auth", "me"], null);
    const own = meta?.sessionEndedText;
    const text = typeof own === "function" ? String(own()) : sayShared(messages.sessionEnded);
    toast.info(text, { toastId: "session-ended" });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => signedOut(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => signedOut(error, mutation.meta),
    }),
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
 * The toasts' region, drawn once its code has arrived, after the first screen (decision 040): neither the
 * server nor the hydrating render draws it, so the two agree. Its code is asked for at the page's first touch
 * (decision 070), or by the first toast asked for before then, which counts as one.
 */
function LazyToasts() {
  const [Toasts, setToasts] = useState<ComponentType>();
  useEffect(() => {
    let current = true;
    const draw = () =>
      loadToasts().then(
        (module) => current && setToasts(() => module.Toasts),
        () => undefined,
      );
    onFirstTouch(draw);
    return () => {
      current = false;
    };
  }, []);
  return Toasts ? <Toasts /> : null;
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => followSignInElsewhere(client), [client]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        <UpdatePrompt />
        <LazyToasts />
      </QueryClientProvider>
    </I18nProvider>
  );
}
