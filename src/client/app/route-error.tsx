import { type ComponentType, useEffect } from "react";
import { Link, type RouteObject, useRouteError } from "react-router";
import { Button } from "../components/button.tsx";

const RELOADED_KEY = "veggie-cart:reloaded-for-chunk";

/** A screen's code that no longer exists on the server (a new version was deployed since this tab loaded). */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    error.message,
  );

/**
 * A screen loaded on first visit, so the sign-in screen does not wait for the whole shop's code: each
 * feature's screens become a chunk of their own. A chunk that loads clears the once-only reload mark: this
 * tab runs the current version, so the next deployment's missing chunk may reload it again. (Clearing it at
 * start-up instead would loop: the reloaded page starts fine, then fails on the same chunk.)
 */
export const lazyScreen = (load: () => Promise<ComponentType>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => {
    const Component = await load();
    window.sessionStorage.removeItem(RELOADED_KEY);
    return { Component };
  },
});

/**
 * What a route shows when its screen throws while rendering or its code fails to load, instead of a blank
 * page. A chunk that is gone after a deployment reloads the page once (the new index.html names the new
 * chunks); if it fails again, the person sees this page with "Try again" and a way back to the shop.
 */
export function RouteError() {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  const reloadOnce = stale && window.sessionStorage.getItem(RELOADED_KEY) === null;

  useEffect(() => {
    if (reloadOnce) {
      window.sessionStorage.setItem(RELOADED_KEY, "1");
      window.location.reload();
    } else {
      window.sessionStorage.removeItem(RELOADED_KEY);
    }
  }, [reloadOnce]);

  if (reloadOnce) return null;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Something went wrong</h1>
      <p className="mt-3 text-stone-700">
        {stale
          ? "This page could not be loaded. Check your connection and try again."
          : "This page ran into a problem. Your cart is safe. Try again, or go back to the shop."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Link
          to="/shop"
          className="inline-flex items-center rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50"
        >
          Go to the shop
        </Link>
      </div>
    </section>
  );
}
