import { Trans } from "@lingui/react/macro";
import { Outlet } from "react-router";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { ScrollMemory } from "./scroll-memory.tsx";

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      {/* NOTE: a new page opens at its top; Back and Forward return to where the user left it. First in
          the tree, so a page's own scroll (the /privacy section) runs after it. */}
      <ScrollMemory />
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
