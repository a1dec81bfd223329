import { QueryClient } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import { createQueryClient, Providers } from "../app/providers.tsx";
import { AppRoutes, screensAt } from "../app/routes.tsx";
import { applyLanguage } from "../lib/language.ts";

/**
 * Shows what is rendered next in `language` (Hindi or Marathi texts are loaded first), as a reader who chose
 * it; every test starts in English again (test/setup.ts).
 */
export const inLanguage = (language: Language) => applyLanguage(language, { remember: false });

/**
 * Loads the code (and the current language's texts) of the screens at `paths`, as the app does before its first
 * render (main.tsx). A file calls it in `beforeAll`, so that a test's first `findBy` waits for the screen and
 * not for its code: loading it at the first render passed the 15 s a `findBy` waits on a machine at load 20.
 */
export async function loadScreens(...paths: string[]): Promise<void> {
  await Promise.all(paths.flatMap((path) => screensAt(path)).map((screen) => screen.preload()));
}

/**
 * Renders the real route table at a path, with the session already known (no network): `user` null is a
 * signed-out visitor, undefined a session the app has yet to ask the server about.
 */
export function renderAt(
  path: string,
  user: User | null | undefined,
  /** Query data known before the first render (key, data), so a screen shows it without the network. */
  seed: [readonly unknown[], unknown][] = [],
) {
  // NOTE: the app's own client (its 401 handling included), without retries.
  const client = createQueryClient();
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  if (user !== undefined) client.setQueryData(["auth", "me"], user);
  for (const [key, data] of seed) {
    client.setQueryDefaults(key, { staleTime: Number.POSITIVE_INFINITY });
    client.setQueryData(key, data);
  }
  // NOTE: the app's screens (declarative routes) under a memory router the test can move.
  const router = createMemoryRouter([{ path: "*", element: <AppRoutes /> }], { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, client };
}

/**
 * Renders one screen inside the app's providers and a router, with a query cache the test fills first
 * (data that never goes stale, so nothing is fetched).
 */
export function renderScreen(ui: ReactElement, { path = "/", client = screenQueryClient() } = {}) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, client };
}

export function screenQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

/**
 * Opens the header's menu, the button named after the signed-in person (its links are rendered only while it
 * is open), and answers the header's navigation.
 */
export async function openHeaderMenu() {
  const nav = await screen.findByRole("navigation", { name: "Main" });
  await userEvent.click(await within(nav).findByRole("button", { name: /^Signed in as / }));
  return nav;
}
