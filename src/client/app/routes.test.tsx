import fs from "node:fs";
import path from "node:path";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_ROUTE_PATTERNS } from "../../shared/app-routes.ts";
import { messages } from "../../shared/messages.ts";
import { catalogueModules } from "../lib/i18n.ts";
import { dashboardAnswers } from "../test/answers.ts";
import { api, apiError, apiRequests, HttpResponse, http, shellAnswers } from "../test/api.ts";
import { loadScreens, renderAt, screenQueryClient } from "../test/render.tsx";
import { Providers } from "./providers.tsx";
import { RouteBoundary, type ScreenHandle } from "./route-error.tsx";
import { routes } from "./routes.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/checkout", "/login", "/addproduct", "/dashboard", "/addProduct", "/signup"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

// NOTE: where a signed-in visitor lands (the dashboard) and its header; a test declares what goes wrong.
beforeEach(() => api.use(...shellAnswers, ...dashboardAnswers()));

/** What the server answers when it fails. */
const serverFails = () => HttpResponse.json({ error: { code: "internal" } }, { status: 500 });

/** A screen whose render throws, as a bug in any feature would. */
function Broken(): never {
  throw new Error("boom");
}

describe("route guards", () => {
  it("sends a signed-out visitor on a guarded page to the sign-in screen", async () => {
    const { router } = renderAt("/checkout", null);
    expect(await screen.findByRole("heading", { name: "Welcome to Veggie Cart" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends a signed-in user on /login to the dashboard, with the header and Logout", async () => {
    const { router } = renderAt("/login", asha);
    expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("matches routes case-insensitively, so the hero's /addproduct works", async () => {
    renderAt("/addproduct", asha);
    expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(screen.queryByText("Page not found")).not.toBeInTheDocument();
  });

  it("says the shop cannot be reached when the first session check fails, and Try again asks again", async () => {
    api.use(http.get("/api/auth/me", serverFails));
    renderAt("/dashboard", undefined);
    expect(await screen.findByText("Could not reach Veggie Cart. Please try again.")).toBeInTheDocument();
    const calls = (await apiRequests()).length;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(async () => expect((await apiRequests()).length).toBeGreaterThan(calls));
  });

  it("keeps the page when a later session check fails (the server hiccuped), instead of replacing it", async () => {
    const { client } = renderAt("/addProduct", asha);
    expect(await screen.findByRole("heading", { name: "Add New Product" })).toBeInTheDocument();
    api.use(http.get("/api/auth/me", serverFails));
    await client.refetchQueries({ queryKey: ["auth", "me"] });
    expect(client.getQueryState(["auth", "me"])?.status).toBe("error");
    // NOTE: TanStack Query tells its observers on the next turn of the event loop (its notifyManager schedules
    // with a zero timeout); the page is looked at once the guard has rendered the failed check.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("heading", { name: "Add New Product" })).toBeInTheDocument();
    expect(screen.queryByText("Could not reach Veggie Cart. Please try again.")).not.toBeInTheDocument();
  });

  it("shows the product's header links", async () => {
    renderAt("/dashboard", asha);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Shop", "AddProducts", "Contact", "Cart"]) {
      expect(nav).toHaveTextContent(name);
    }
  });
});

describe("sign-in screen", () => {
  it("shows the product's texts and refuses an empty form with its message, without calling the server", async () => {
    renderAt("/login", null);
    expect(await screen.findByText("Sign in to your account")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email address")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("email and password are required");
  });
});

describe("sign-up screen", () => {
  it("shows the product's texts and needs name, email and password", async () => {
    renderAt("/signup", null);
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByText("Join Veggie Cart today")).toBeInTheDocument();
    expect(screen.getByText("Already have an account?")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email address"), "a@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("name, email and password are required");
  });

  it("explains a password that is too short", async () => {
    renderAt("/signup", null);
    await userEvent.type(await screen.findByLabelText("Full name"), "Asha");
    await userEvent.type(screen.getByLabelText("Email address"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Password must be at least 8 characters");
  });
});

describe("when things go wrong", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  // NOTE: whichever request a screen (or its header) makes first is refused, as after a session ended elsewhere.
  it.each(["/cart", "/checkout", "/orders", "/farmer", "/account", "/messages"])(
    "a 401 on %s sends the tab to /login, says the session ended, and keeps the cart",
    async (path) => {
      const cart = [{ id: "p1", name: "Okra", price: 40, quantity: 2 }];
      window.localStorage.setItem("cart", JSON.stringify(cart));
      api.use(http.all("/api/*", () => apiError(401, "unauthorized", "Please sign in to continue")));
      const { router } = renderAt(path, asha);
      expect(await screen.findByText(messages.sessionEnded)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/login");
      expect(JSON.parse(window.localStorage.getItem("cart") ?? "[]")).toEqual(cart);
    },
  );

  it("a screen that throws shows a page with Try again and a way to the shop, not a blank screen", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <RouteBoundary>
            <Broken />
          </RouteBoundary>
        ),
      },
    ]);
    render(
      <Providers client={screenQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
  });
});

describe("the route table and the server's list of app paths (issue 25, item 12)", () => {
  it("name the same screens, so the server answers 404 exactly where the app has none", () => {
    const paths: string[] = [];
    const walk = (list: readonly RouteObject[], parent: string) => {
      for (const route of list) {
        const path =
          route.path === undefined
            ? parent
            : route.path.startsWith("/")
              ? route.path
              : `${parent}/${route.path}`;
        if (route.path !== undefined && route.path !== "*") paths.push(path);
        if (route.index) paths.push(parent);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, "");
    expect([...new Set(paths)].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });
});

describe("the screens' modules the server preloads (decision 041)", () => {
  const named = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((route) => [...(route.handle?.module ? [route] : []), ...named(route.children ?? [])]);

  it("name the module each screen's code comes from", async () => {
    const screens = named(routes);
    expect(screens.map((route) => route.handle.module)).toContain("app/dashboard-route.tsx");
    for (const route of screens) {
      const { module, preload } = route.handle as Required<ScreenHandle>;
      // NOTE: a screen's preload resolves to its code and its language's texts.
      const [loaded] = (await preload("en")) as [unknown];
      const exports: Record<string, unknown> = await import(`../${module}`);
      expect(Object.values(exports), module).toContain(loaded);
    }
  });
});

describe("the texts a narrowed screen fetches with its code (decision 070)", () => {
  const clientDir = path.resolve(import.meta.dirname, "..");
  const repo = path.resolve(clientDir, "../..");
  /**
   * The app's modules `file` reaches through its relative imports, static and dynamic, but for the lazy
   * screens the route table loads (they fetch their own texts).
   */
  const reached = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    const code = fs.readFileSync(file, "utf8");
    const imports = file.endsWith("/app/routes.tsx")
      ? /\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g
      : /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
    for (const [, target] of code.matchAll(imports)) {
      const next = path.resolve(path.dirname(file), target as string);
      if (next.startsWith(clientDir) && /\.tsx?$/.test(next) && fs.existsSync(next)) reached(next, into);
    }
    return into;
  };
  const englishCatalogues = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? englishCatalogues(full) : entry.name === "en.po" ? [full] : [];
    });
  /** Each source file's English catalogues (as the manifest names them), from the catalogues' references. */
  const cataloguesOfFile = new Map<string, string[]>();
  for (const po of englishCatalogues(clientDir)) {
    for (const [, source] of fs.readFileSync(po, "utf8").matchAll(/^#: (\S+)/gm)) {
      const file = path.join(repo, source as string);
      cataloguesOfFile.set(file, [...(cataloguesOfFile.get(file) ?? []), path.relative(clientDir, po)]);
    }
  }
  const narrowed = (list: RouteObject[]): ScreenHandle[] =>
    list.flatMap((route) => [
      ...(route.handle && route.handle.texts !== "all" ? [route.handle as ScreenHandle] : []),
      ...narrowed(route.children ?? []),
    ]);

  it("has in the entry's catalogues every text the entry's code shows, with what it loads but screens", () => {
    const used = new Set(
      [...reached(path.join(clientDir, "main.tsx"))].flatMap((file) => cataloguesOfFile.get(file) ?? []),
    );
    expect([...used].sort()).toEqual(["features/auth/locales/en.po", "locales/en.po"]);
  });

  it("fetches the catalogues of every text its code shows, and no other (the entry has the shell's and sign-in's)", () => {
    const screens = narrowed(routes);
    expect(screens.map((handle) => handle.module)).toEqual(
      expect.arrayContaining(["app/layout.tsx", "app/dashboard-route.tsx", "app/catalogue-routes.tsx"]),
    );
    const inEntry = ["features/auth/locales/en.po", "locales/en.po"];
    for (const { module, texts } of screens) {
      const used = new Set(
        [...reached(path.join(clientDir, module as string))].flatMap(
          (file) => cataloguesOfFile.get(file) ?? [],
        ),
      );
      const fetched = catalogueModules("en", texts);
      expect([...used].filter((catalogue) => !inEntry.includes(catalogue)).sort(), module).toEqual(
        [...fetched].sort(),
      );
    }
  });
});
