import type { Route } from "@playwright/test";
import { allowConsoleMessage, appTookOver, BROWSER, expect, signedInUser, test } from "./support.ts";

test.describe("a weak or missing connection", { tag: BROWSER }, () => {
  test("a screen whose code fails to load reloads the page once, then shows the error page with a way to the shop", async ({
    page,
  }) => {
    // NOTE: the dropped chunk is logged by the browser as a failed resource.
    allowConsoleMessage(/net::ERR_INTERNET_DISCONNECTED/);
    await signedInUser(page, "Weak Signal Shopper");
    let attempts = 0;
    // NOTE: no service worker controls the page (a first visit): every load asks the network for the chunk.
    await page.route(/\/assets\/about-page-[\w-]+\.js$/, (route) => {
      attempts += 1;
      return route.abort("internetdisconnected");
    });
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(
      page.getByText("This page could not be loaded. Check your connection and try again."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    // One reload: the page itself, then the reloaded page, each asking for the chunk (the server's page names
    // it for preloading, decision 041, so a page may ask twice when the first fails).
    await expect.poll(() => loads).toBe(2);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(4);
    const asked = attempts;
    // The header (the layout's own chunk) still works, and the way to the shop is there.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
    expect(attempts).toBe(asked);

    // Once the chunk comes again, Try again shows the page.
    await page.unroute(/\/assets\/about-page-[\w-]+\.js$/);
    await appTookOver(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a link to a page whose code is still coming keeps the page on screen and the address until it has come", async ({
    page,
  }) => {
    await signedInUser(page, "Slow Link Shopper");
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/about-page-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Fresh products" })).toBeVisible();
    // The app's router holds a link while its screen's code comes; before the app runs, the browser follows it.
    await appTookOver(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    // NOTE: a moment for a move that would not wait: the address would change and the dashboard go.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await expect(page.getByRole("heading", { name: "Fresh products" })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "Fresh products" })).toBeHidden();
  });

  test.describe("with its service worker", () => {
    test.use({ serviceWorkers: "allow" });

    test("offline, a private page says at once that it needs a connection, and loads when the connection returns", async ({
      page,
      context,
    }) => {
      test.slow();
      allowConsoleMessage(/net::ERR_INTERNET_DISCONNECTED/);
      await signedInUser(page, "Offline Farmer");
      // NOTE: the worker precaches every screen's code, so the pages open offline as in an installed app.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 20_000,
      });

      const noNetwork = (route: Route) => route.abort("internetdisconnected");
      await context.route("**/api/**", noNetwork);
      await context.setOffline(true);
      const waiting = page.getByRole("status").filter({ hasText: "This needs a connection" });
      for (const [path, heading] of [
        ["/orders", "Your Orders"],
        ["/farmer", "Farmer Portal"],
        ["/account", "Your account"],
        ["/messages", "Messages"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(waiting.first()).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
      }

      // Back online: the page loads by itself.
      await context.unroute("**/api/**", noNetwork);
      await context.setOffline(false);
      await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
      await expect(waiting).toHaveCount(0);
    });
  });
});
