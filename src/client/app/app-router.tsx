import { type ReactNode, startTransition, useLayoutEffect, useState } from "react";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Navigator,
  Router,
  type To,
} from "react-router";
import { screensAt } from "./routes.tsx";

const history = createBrowserHistory({ v5Compat: true });

/** Counts the moves asked for: a move whose screens arrive after a newer one (or Back) is dropped. */
let latest = 0;

/** What the screens at `to` still need fetched (their code, their language's texts), or nothing. */
function screensFor(to: To): Promise<unknown> | undefined {
  const pathname = typeof to === "string" ? new URL(to, window.location.href).pathname : to.pathname;
  const waits = screensAt(pathname ?? window.location.pathname)
    .filter((screen) => !screen.ready())
    .map((screen) => screen.preload());
  return waits.length > 0 ? Promise.allSettled(waits) : undefined;
}

/** A move to `to` once its screens are here: the address and the page change together. */
function whenReady(to: To, move: () => void): void {
  latest += 1;
  const asked = latest;
  const waiting = screensFor(to);
  if (!waiting) {
    move();
    return;
  }
  void waiting.then(() => {
    if (asked === latest) move();
  });
}

const navigator: Navigator = {
  createHref: (to) => history.createHref(to),
  encodeLocation: (to) => history.encodeLocation(to),
  go: (delta) => {
    latest += 1;
    history.go(delta);
  },
  push: (to, state) => whenReady(to, () => history.push(to, state)),
  replace: (to, state) => whenReady(to, () => history.replace(to, state)),
};

/**
 * The browser's router (declarative mode, decision 043): `BrowserRouter` with one difference, a move waits for
 * the next page's code before the address changes, so the page on screen stays until the next one can be
 * drawn in its place (what React Router's data router did; the journeys read the page once the address has
 * changed). Back and Forward change the address first, as before, and a screen not yet fetched shows its
 * spinner meanwhile.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        latest += 1;
        startTransition(() => setState(update));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
