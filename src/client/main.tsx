import { hydrate } from "@tanstack/react-query";
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router";
import type { User } from "../shared/schemas/auth.ts";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";
import { readServerAnswers, readServerState } from "./app/server-state.ts";
import { authSchemas } from "./features/auth/auth-schemas.ts";
import { meQuery, rememberOfflineUser } from "./features/auth/me.api.ts";
import "./index.css";
import { applyLanguage, initialLanguage, rememberLanguageCookie, storedLanguage } from "./lib/language.ts";
import { keepAnswersOffline } from "./lib/offline-caches.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { setShopTimeZone } from "./lib/shop-time-zone.ts";
import { replayTyped, type TypedField, typedFields } from "./lib/typed-early.ts";

declare global {
  interface Window {
    /** Set by the server-rendered page's boot script (src/shared/ssr.ts): replays what was tapped early. */
    __vcHydrated?: () => void;
  }
}

const queryClient = createQueryClient();
registerServiceWorker();
rememberLanguageCookie();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** What was typed into the server's page before hydrating (lib/typed-early.ts). */
let typedEarly: TypedField[] = [];

/**
 * Once the app runs on the server's markup, what was typed and tapped before it is done again: the typing
 * first, then (a task later, once React has drawn it) the taps, so a held Sign in sends what was typed.
 */
function Hydrated() {
  useEffect(() => {
    let tapped: number | undefined;
    const timer = window.setTimeout(() => {
      replayTyped(typedEarly);
      typedEarly = [];
      tapped = window.setTimeout(() => window.__vcHydrated?.());
      keepAnswersOffline(readServerAnswers());
      // NOTE: the sign-in screens' schemas, off the first screen, are fetched now, so a submit seldom waits.
      void authSchemas().catch(() => undefined);
    });
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(tapped);
    };
  }, []);
  return null;
}

/**
 * The current URL's screens are fetched before hydrating, so the first render is the server's markup. NOTE: a
 * screen whose code failed keeps that failure as its loader, so the router shows the error page without
 * asking the network a second time (the failing chunk's one reload, decision 031).
 */
async function loadCurrentScreens(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loading = (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { lazy: () => loading });
      Object.assign(route, { ...(await loading), lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const server = readServerState();
  if (server) {
    hydrate(queryClient, server.queries);
    setShopTimeZone(server.shopTimeZone);
    const me = queryClient.getQueryData<User | null>(meQuery.queryKey) ?? null;
    rememberOfflineUser(me);
    // NOTE: signed out, a choice this browser stored that the server did not know of wins (the boot script
    // hid the page): the app is drawn afresh in it, as before server rendering.
    const stored = storedLanguage();
    const ready =
      (me !== null || stored === undefined || stored === server.language) &&
      (await Promise.all([applyLanguage(server.language, { remember: false }), loadCurrentScreens()]).then(
        () => true,
        () => false,
      ));
    if (ready) {
      const router = createBrowserRouter(routes, { hydrationData: server.router });
      // NOTE: not in a transition: time-sliced hydration lowered total blocking time, but what was typed into
      // the sign-in form meanwhile was lost (decision 037).
      typedEarly = typedFields(root as HTMLElement);
      hydrateRoot(
        root as HTMLElement,
        <StrictMode>
          <Providers client={queryClient}>
            <RouterProvider router={router} />
            <Hydrated />
          </Providers>
        </StrictMode>,
      );
      return;
    }
  }
  // NOTE: the session check needs the auth schemas: asked for beside the texts, not after them.
  void authSchemas().catch(() => undefined);
  // NOTE: a Hindi or Marathi reader's texts are fetched before the first paint, so English never flashes; if
  // they cannot be fetched (offline on a first visit), the shop opens in English.
  await applyLanguage(initialLanguage(), { remember: false }).catch(() => undefined);
  const router = createBrowserRouter(routes);
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={router} />
        <Hydrated />
      </Providers>
    </StrictMode>,
  );
  document.documentElement.style.visibility = "";
}

void start();
