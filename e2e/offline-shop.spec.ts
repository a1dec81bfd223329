import type { Page, Route } from "@playwright/test";
import { OFFLINE_CACHES } from "../src/client/lib/offline-caches.ts";
import { allowConsoleMessage, BROWSER, expect, signedInUser, test } from "./support.ts";

// NOTE: this journey lets the service worker install (the others block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** The catalogue answers the service worker keeps, by their path and query string. */
const keptCatalogue = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, OFFLINE_CACHES.catalogue);

test("the shop seen online is shown offline from every path, reloaded as often as one likes", {
  tag: BROWSER,
}, async ({ page, context }) => {
  test.slow();
  // NOTE: offline, the session check and the quote cannot reach the server; the browser says so in the console.
  allowConsoleMessage(/net::ERR_INTERNET_DISCONNECTED/);
  // NOTE: the pictures the first page showed came before the service worker ran, so they are not kept; the
  // products are (this journey), their pictures only once seen again (e2e/phone.spec.ts).
  allowConsoleMessage(/net::ERR_FAILED \(http:\/\/[^)]*\/api\/images\//);
  await signedInUser(page, "Offline Reloader");

  // Online: the shop opened at once, as the server draws it, while the service worker is still installing.
  await page.goto("/shop");
  const firstHeading = page.getByRole("article").first().getByRole("heading");
  await expect(firstHeading).toBeVisible();
  const shopFirstName = (await firstHeading.textContent())!;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  // Then, within the app, the dashboard, which the service worker now fetches.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { name: "Deal of the Day" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  // The first page of the shop is kept before the connection goes (the dashboard's list is another answer).
  await expect
    .poll(() => keptCatalogue(page), { timeout: 20_000 })
    .toContain("/api/products?sort=newest&limit=12");

  const noNetwork = (route: Route) => route.abort("internetdisconnected");
  await context.route("**/api/**", noNetwork);
  await context.setOffline(true);
  const banner = page.getByRole("status").filter({ hasText: "You are offline" });
  const needsConnection = page.getByText("This needs a connection");

  // The shop opened afresh, then reloaded twice in a row.
  for (let reload = 0; reload < 3; reload++) {
    if (reload === 0) await page.goto("/shop");
    else await page.reload();
    await expect(banner).toBeVisible();
    await expect(firstHeading).toHaveText(shopFirstName);
    await expect(needsConnection).toBeHidden();
  }
  // And opened from other paths.
  for (const from of ["/dashboard", "/cart"]) {
    await page.goto(from);
    await expect(banner).toBeVisible();
    await page.goto("/shop");
    await expect(firstHeading).toHaveText(shopFirstName);
    await expect(needsConnection).toBeHidden();
  }
});
