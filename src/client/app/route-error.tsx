import { Trans, useLingui } from "@lingui/react/macro";
import { type ComponentType, useEffect } from "react";
import { Link, type RouteObject, useRouteError } from "react-router";
import { Button } from "../components/button.tsx";
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

/** What a route tells the server: the module its screen's code is in (see `lazyScreen`). */
export interface ScreenHandle {
  module: string;
}

/**
 * A screen loaded on first visit, so the sign-in screen does not wait for the whole shop's code. `module`, the
 * file `load` imports (from src/client, as the build's manifest names it), lets the server name the screen's
 * chunks in a page it draws, so the browser fetches them beside the app's entry (decision 041).
 */
export const lazyScreen = (
  load: () => Promise<ComponentType>,
  module?: string,
): Pick<RouteObject, "lazy" | "handle"> => ({
  lazy: async () => ({ Component: await load() }),
  ...(module ? { handle: { module } satisfies ScreenHandle } : {}),
});

/**
 * What a route shows when its screen throws while rendering or its code fails to load, instead of a blank
 * page. A chunk that fails reloads the page once; if it fails again, the person sees this page with "Try
 * again" and a way back to the shop.
 */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  const stale = isStaleChunk(error);
  const chunk = stale ? failedChunk(error as Error) : "";
  // NOTE: once per chunk, and no other chunk that loads clears the mark: the reloaded page loads the layout's
  // chunk before it fails on the same screen's again (clearing the mark there reloaded /about forever, issue
  // 25). A browser that knows it is offline could not load the reloaded page either; it would show its own
  // error page instead of ours.
  const reloadOnce = stale && navigator.onLine && !reloadedFor().includes(chunk);

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
