import { hydrate } from "@tanstack/react-query";
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { Language } from "../shared/i18n/languages.ts";
import type { User } from "../shared/schemas/auth.ts";
import { AppRouter } from "./app/app-router.tsx";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { reportCaughtError } from "./app/route-error.tsx";
import { AppRoutes, screensAt } from "./app/routes.tsx";
import { readServerAnswers, readServerState } from "./app/server-state.ts";
import { authSchemas } from "./features/auth/auth-schemas.ts";
import { meQuery, rememberOfflineUser } from "./features/auth/me.api.ts";
import "./index.css";
import { onFirstTouch, touchNow } from "./lib/first-touch.ts";
import { applyLanguage, initialLanguage, rememberLanguageCookie, storedLanguage } from "./lib/language.ts";
import { laterPartsDrawn, loadLaterParts } from "./lib/later-part.tsx";
import { keepAnswersOffline } from "./lib/offline-caches.ts";
import { setPhoneReach } from "./lib/phone-reach.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";
import { setShopCountries } from "./lib/shop-countries.ts";
import { setShopTimeZone } from "./lib/shop-time-zone.ts";
import { replayTyped, type TypedField, typedFields } from "./lib/typed-early.ts";

declare global {
  interface Window {
    /** Set by the server-rendered page's boot script (src/shared/ssr.ts): replays what was tapped early. */
    __vcHydrated?: () => void;
    /** The boot entry (src/client/boot.ts), while it answers for a server-drawn page. */
    __vcBoot?: { stop: () => void; settled: () => Promise<void> };
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
 * first, then (a task later, once React has drawn it) the taps, so a held Sign in sends what was typed. NOTE:
 * the taps once the screen's later parts have their code too (decision 073): until then React would drop a
 * tap on one.
 */
function Hydrated() {
  useEffect(() => {
    let tapped: number | undefined;
    let current = true;
    const timer = window.setTimeout(() => {
      replayTyped(typedEarly);
      typedEarly = [];
      void laterPartsDrawn().then(() => {
        if (current) tapped = window.setTimeout(() => window.__vcHydrated?.());
      });
      keepAnswersOffline(readServerAnswers());
      // NOTE: the sign-in screens' schemas, off the first screen, are fetched at the page's first touch (a
      // focus on its form comes before a submit), so a page nobody uses fetches nothing more (decision 070).
      onFirstTouch(() => void authSchemas().catch(() => undefined));
    });
    return () => {
      current = false;
      window.clearTimeout(timer);
      window.clearTimeout(tapped);
    };
  }, []);
  return null;
}

/**
 * The current URL's screens (and their language's texts) are fetched before hydrating, so the first render is
 * the server's markup; their later parts' code is not waited for (decision 073). NOTE: a screen whose code failed keeps that failure, so the app, drawn afresh, shows
 * the error page without asking the network a second time (the failing chunk's one reload, decision 031).
 */
async function loadCurrentScreens(language: Language): Promise<void> {
  await Promise.all(screensAt(window.location.pathname).map((screen) => screen.preload(language, false)));
}

/** React reports an error a route's boundary caught; not a screen's code the page says could not be fetched. */
const rootOptions = { onCaughtError: reportCaughtError };

function App() {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
        <Hydrated />
      </Providers>
    </StrictMode>
  );
}

async function start(): Promise<void> {
  const server = readServerState();
  if (server) {
    hydrate(queryClient, server.queries);
    setShopTimeZone(server.shopTimeZone);
    setShopCountries(server.shopCountries);
    setPhoneReach(server);
    const me = queryClient.getQueryData<User | null>(meQuery.queryKey) ?? null;
    rememberOfflineUser(me);
    // NOTE: signed out, a choice this browser stored that the server did not know of wins (the boot script
    // hid the page): the app is drawn afresh in it, as before server rendering.
    const stored = storedLanguage();
    const ready =
      (me !== null || stored === undefined || stored === server.language) &&
      (await Promise.all([
        applyLanguage(server.language, { remember: false, firstScreen: true }),
        loadCurrentScreens(server.language),
      ]).then(
        () => true,
        () => false,
      ));
    if (ready) {
      // NOTE: not in a transition: time-sliced hydration lowered total blocking time, but what was typed into
      // the sign-in form meanwhile was lost (decision 037).
      typedEarly = typedFields(root as HTMLElement);
      // NOTE: typed into before the app ran: the page is in use already.
      if (typedEarly.length > 0) touchNow();
      // NOTE: from here the app answers for the page: what the boot script did is in the storage React draws
      // from, and a tap from now on is held by the inline script and done again once React runs (decision 056).
      window.__vcBoot?.stop();
      hydrateRoot(root as HTMLElement, <App />, rootOptions);
      // NOTE: asked for while React hydrates; the parts keep the server's markup until theirs is here.
      void loadLaterParts();
      return;
    }
  }
  // NOTE: the session check needs the auth schemas: asked for beside the texts, not after them.
  void authSchemas().catch(() => undefined);
  // NOTE: a Hindi or Marathi reader's texts are fetched before the first paint, so English never flashes; if
  // they cannot be fetched (offline on a first visit), the shop opens in English.
  await applyLanguage(initialLanguage(), { remember: false, firstScreen: true }).catch(() => undefined);
  createRoot(root as HTMLElement, rootOptions).render(<App />);
  document.documentElement.style.visibility = "";
}

void start();
