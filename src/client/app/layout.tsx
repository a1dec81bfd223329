import { Trans } from "@lingui/react/macro";
import { type Location, Outlet, ScrollRestoration } from "react-router";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

/**
 * Positions are remembered per history entry; a page opened fresh (typed, reloaded, a link from outside) has
 * no entry key of its own ("default" for every one), so it is remembered by its path instead: otherwise
 * each fresh page would restore the last fresh page's position.
 */
const scrollKey = (location: Location) => (location.key === "default" ? location.pathname : location.key);

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      {/* NOTE: a new page opens at its top; Back and Forward return to where the user left it. First in
          the tree, so a page's own scroll (the /privacy section) runs after it. */}
      <ScrollRestoration getKey={scrollKey} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
