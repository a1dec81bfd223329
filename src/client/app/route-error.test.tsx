import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { screenQueryClient } from "../test/render.tsx";
import { Providers } from "./providers.tsx";
import { lazyScreen, RouteBoundary } from "./route-error.tsx";

/** What the browser says when a deployment removed the chunk this tab's index.html names. */
const goneChunk =
  (url = "/assets/shop-page-old.js") =>
  () =>
    Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
const Shop = () => <h1>Shop</h1>;

/** Opens the app at `/` as a fresh page load would, with `/` loading its screen through `load`. */
function openPage(load: () => Promise<() => React.JSX.Element>) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: <RouteBoundary>{lazyScreen(load).element}</RouteBoundary>,
    },
  ]);
  return render(
    <Providers client={screenQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const { reload } = vi.hoisted(() => ({ reload: vi.fn() }));
vi.mock("../lib/page-reload.ts", () => ({ reloadPage: reload }));

describe("a screen whose code fails to load", () => {
  beforeEach(() => {
    reload.mockReset();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("reloads the page once, then shows the error page with Try again when it fails again", async () => {
    const first = openPage(goneChunk());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // NOTE: a redraw while the reload is under way (a language's texts arriving) keeps the page blank.
    act(() => i18n.activate("en"));
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    first.unmount();

    openPage(goneChunk());
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(
      screen.getByText("This page could not be loaded. Check your connection and try again."),
    ).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads once per failing chunk, even when another chunk (the layout's) loads after the reload", async () => {
    const first = openPage(goneChunk());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();
    // The reloaded page loads the layout's chunk, then fails on the same screen's chunk again.
    const layout = openPage(async () => Shop);
    expect(await screen.findByRole("heading", { name: "Shop" })).toBeInTheDocument();
    layout.unmount();

    openPage(goneChunk());
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads again for another chunk that fails (the next deployment's)", async () => {
    const first = openPage(goneChunk());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();

    openPage(goneChunk("/assets/shop-page-next.js"));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("does not reload a page the browser knows is offline: the reload could not load it either", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    openPage(goneChunk("/assets/offline.js"));
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
