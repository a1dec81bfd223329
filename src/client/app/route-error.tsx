import { Trans, useLingui } from "@lingui/react/macro";
import {
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useReducer,
  useState,
} from "react";
import { Link, type RouteObject, useLocation } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import { Button } from "../components/button.tsx";
import { LoadingSpinner } from "../components/spinner.tsx";
import { currentLanguage, loadTexts, type ScreenTexts, textsLoaded } from "../lib/i18n.ts";
import { loadLaterParts } from "../lib/later-part.tsx";
import { reloadPage } from "../lib/page-reload.ts";

/** The chunks this tab has reloaded for (sessionStorage: a reload keeps it, a new tab starts afresh). */
const RELOADED_KEY = "veggie-cart:reloaded-for-chunks";

/**
 * A screen's code that did not load: gone after a deployment, or the connection dropped. Chromium says "Failed
 * to fetch dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed".
 */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed/i.test(error.message);

/**
 * Which chunk failed: Chromium and Firefox name its URL in the message; Safari does not, so the page's path
 * stands for it there. A new deployment's chunks have new names, so its failure counts as another chunk.
 */
const failedChunk = (error: Error) => /\S+\.js/.exec(error.message)?.[0] ?? window.location.pathname;

/** The chunks this tab reloaded for, one a line (the newest few: a tab may stay open across deployments). */
const reloadedFor = () => (window.sessionStorage.getItem(RELOADED_KEY) ?? "").split("\n").slice(-19);

/** What a lazy screen's route tells the server and the browser's start (see `lazyScreen`). */
export interface ScreenHandle {
  /** The file the screen's code is in (from src/client, as the build's manifest names it), if the server draws it. */
  module?: string;
  /** The features whose texts it shows besides those every screen has ("all" when not narrowed). */
  texts: ScreenTexts;
  /**
   * Fetches the screen's code and its language's texts (at most once each), and the code of its later parts
   * unless `laterParts` is false (a page the server drew hydrates without them, decision 073); resolves to the
   * code and texts once they are here.
   */
  preload: (language?: Language, laterParts?: boolean) => Promise<unknown>;
  /** Whether the screen can be drawn now in the current language (or its loading has failed). */
  ready: () => boolean;
}

/** A lazy screen's code, once here, and the first failure to fetch it or its texts. */
interface ScreenLoader extends ScreenHandle {
  Screen?: ComponentType;
  failure?: { error: unknown };
}

/**
 * Draws a lazy screen once its code and its language's texts are here; until then the spinner (on a tap, at
 * once: on a slow link the tap is seen to have worked). What failed to load is thrown to the route's boundary.
 */
function LazyScreen({ loader }: { loader: ScreenLoader }) {
  const language = currentLanguage();
  const ready = loader.ready();
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (ready) return;
    let current = true;
    const redraw = () => current && arrived();
    loader.preload(language).then(redraw, redraw);
    return () => {
      current = false;
    };
  }, [ready, language, loader]);
  if (loader.failure) throw loader.failure.error;
  return ready && loader.Screen ? <loader.Screen /> : <LoadingSpinner />;
}

/**
 * A screen loaded on first visit, so the sign-in screen does not wait for the whole shop's code (decision 043),
 * nor for the English of every feature but sign-in, which comes with the first such screen. `module` lets the
 * server name the screen's chunks in a page it draws, so the browser fetches them beside the app's entry
 * (decision 041); the server and the browser's start call `preload` first, so both draw the screen itself.
 * `texts`: the features whose texts it shows (its code's folders, held to them by routes.test.tsx), fetched
 * with it instead of every feature's (decision 070).
 * NOTE: code that failed to load keeps its failure, so the error page shows without asking the network again
 * (decision 031).
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  module?: string,
  texts: ScreenTexts = "all",
): Pick<RouteObject, "element" | "handle"> {
  let code: Promise<ComponentType> | undefined;
  const ready = new Map<Language, Promise<unknown>>();
  const loader: ScreenLoader = {
    module,
    texts,
    ready: () =>
      loader.failure !== undefined || (loader.Screen !== undefined && textsLoaded(currentLanguage(), texts)),
    preload: (language = currentLanguage(), laterParts = true) => {
      code ??= load().then((Screen) => {
        loader.Screen = Screen;
        return Screen;
      });
      let both = ready.get(language);
      if (!both) {
        both = Promise.all([code, loadTexts(language, texts)]);
        both.catch((error: unknown) => {
          loader.failure ??= { error };
        });
        ready.set(language, both);
      }
      // NOTE: the parts' code comes once the screen's has run, which names them; a part that fails to come is
      // left out (lib/later-part.tsx), not the screen.
      return laterParts ? both.then((loaded) => loadLaterParts().then(() => loaded)) : both;
    },
  };
  return {
    element: <LazyScreen loader={loader} />,
    handle: {
      module,
      texts,
      preload: loader.preload,
      ready: loader.ready,
    } satisfies ScreenHandle,
  };
}

/** The error a route's boundary caught, for `RouteError` below it. */
const CaughtError = createContext<unknown>(undefined);

interface BoundaryState {
  error?: unknown;
  /** The path the error happened on: moving to another one tries the route again. */
  failedAt?: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error("unknown error") };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    if (state.error === undefined) return null;
    if (state.failedAt === undefined) return { ...state, failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: undefined, failedAt: undefined };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <CaughtError.Provider value={this.state.error}>
        <RouteError />
      </CaughtError.Provider>
    );
  }
}

/**
 * A route's error boundary: what its screen (or its code's loading) throws shows `RouteError` in its place,
 * and going to another page tries again.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

/** What React reports of an error a boundary caught: not a screen's code that could not be fetched, which
 * the page itself says (the browser has already logged the failed request). */
export function reportCaughtError(error: unknown): void {
  if (!isStaleChunk(error)) console.error(error);
}

/**
 * What a route shows when its screen throws while rendering or its code fails to load, instead of a blank
 * page. A chunk that fails reloads the page once; if it fails again, the person sees this page with "Try
 * again" and a way back to the shop.
 */
export function RouteError() {
  const { t } = useLingui();
  const error = useContext(CaughtError);
  const stale = isStaleChunk(error);
  const chunk = stale ? failedChunk(error as Error) : "";
  // NOTE: once per chunk, and no other chunk that loads clears the mark: the reloaded page loads the layout's
  // chunk before it fails on the same screen's again (clearing the mark there reloaded /about forever, issue
  // 25). A browser that knows it is offline could not load the reloaded page either; it would show its own
  // error page instead of ours.
  // NOTE: decided once when the error shows: the mark written below must not turn a later redraw (the texts
  // of a language arriving) into the error page while the reload is under way.
  const [reloadFor] = useState(() =>
    stale && navigator.onLine && !reloadedFor().includes(chunk) ? chunk : undefined,
  );
  const reloadOnce = reloadFor !== undefined && reloadFor === chunk;

  useEffect(() => {
    if (!reloadOnce) return;
    window.sessionStorage.setItem(RELOADED_KEY, [...reloadedFor(), chunk].join("\n"));
    reloadPage();
  }, [reloadOnce, chunk]);

  if (reloadOnce) return null;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="mt-3 text-stone-700">
        {stale
          ? t`This page could not be loaded. Check your connection and try again.`
          : t`This page ran into a problem. Your cart is safe. Try again, or go back to the shop.`}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={reloadPage}>
          <Trans>Try again</Trans>
        </Button>
        <Link
          to="/shop"
          className="inline-flex items-center rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
        >
          <Trans>Go to the shop</Trans>
        </Link>
      </div>
    </section>
  );
}
