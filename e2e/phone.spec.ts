import type { Route } from "@playwright/test";
import { fillShipping } from "./order-fixtures.ts";
import { allowConsoleMessage, expect, signedInUser, test } from "./support.ts";

// NOTE: a phone as Chromium emulates it: 375 px wide, touch events, mobile viewport rules.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.describe("at phone width", () => {
  test("the header is one row (logo, cart, Menu) and the menu opens and closes by touch and by keyboard", async ({
    page,
  }) => {
    await signedInUser(page, "Phone Shopper");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menuButton = nav.getByRole("button", { name: "Menu" });
    const cart = nav.getByRole("link", { name: "Cart", exact: true });
    await expect(cart).toBeVisible();
    await expect(nav.getByRole("link", { name: "Shop", exact: true })).toBeHidden();
    // One row: the logo, the cart and the menu button share a line.
    const logoBox = (await nav.getByRole("link", { name: "Veggie Cart" }).boundingBox())!;
    const menuBox = (await menuButton.boundingBox())!;
    expect(Math.abs(logoBox.y + logoBox.height / 2 - (menuBox.y + menuBox.height / 2))).toBeLessThan(4);
    for (const control of [cart, menuButton]) {
      const box = (await control.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // Touch: tap to open, tap a link, the menu closes on the new page.
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const shop = nav.getByRole("link", { name: "Shop", exact: true });
    await expect(shop).toBeVisible();
    await expect(nav.getByRole("link", { name: "My orders" })).toBeVisible();
    await shop.tap();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(shop).toBeHidden();

    // Touch outside the open menu closes it.
    await menuButton.tap();
    await expect(shop).toBeVisible();
    await page.getByRole("heading", { level: 1 }).tap();
    await expect(shop).toBeHidden();

    // Keyboard: Enter opens with focus on the first link, Escape closes and gives focus back.
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Space");
    await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(shop).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/shop$/);
    await expect(shop).toBeHidden();

    // No sideways scroll with the header at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("the shop installs, and after one online visit works offline: last data, a banner, the cart, a clear Place Order", async ({
    page,
    context,
  }) => {
    test.slow();
    // NOTE: offline, the session check and the quote cannot reach the server; the browser says so in the console.
    allowConsoleMessage(/net::ERR_INTERNET_DISCONNECTED/);
    await signedInUser(page, "Field Shopper");

    // Installable: a manifest with name, colours and icons, and a service worker in control.
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest).toMatchObject({ name: "Veggie Cart", display: "standalone", theme_color: "#166534" });
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await page.request.get(icon.src)).status()).toBe(200);
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // NOTE: Playwright's contexts are incognito windows, where Chromium never offers to install; that is
    // the test browser, not the shop. Every other installability check passes.
    expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);

    // One online visit of the dashboard, the shop and the cart, now through the service worker.
    await page.reload();
    const deal = page.getByRole("region", { name: "Deal of the Day" });
    await deal.getByRole("button", { name: /Add to Cart/ }).click();
    await page.goto("/shop");
    const firstCard = page.getByRole("article").first();
    await expect(firstCard).toBeVisible();
    const shopFirstName = (await firstCard.getByRole("heading").textContent())!;
    await expect(firstCard.getByRole("img")).toHaveJSProperty("complete", true);
    await page.goto("/cart");
    await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);

    // NOTE: offline for the pages and for the service worker's own requests alike.
    const noNetwork = (route: Route) => route.abort("internetdisconnected");
    await context.route("**/api/**", noNetwork);
    await context.setOffline(true);
    const banner = page.getByRole("status").filter({ hasText: "You are offline" });
    await page.goto("/dashboard");
    await expect(banner).toBeVisible();
    await expect(page.getByRole("heading", { name: "Deal of the Day" })).toBeVisible();
    await page.goto("/shop");
    await expect(banner).toBeVisible();
    await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(shopFirstName);
    await page.goto("/cart");
    await expect(banner).toBeVisible();
    const lines = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
    await expect(lines).toHaveCount(1);
    // The cart works offline: the quantity changes and the sticky bar follows.
    await lines
      .first()
      .getByRole("button", { name: /Increase/ })
      .click();
    await expect(page.getByRole("status", { name: /Quantity of/ })).toHaveText("2");
    await page.getByRole("link", { name: /^Checkout · ₹/ }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillShipping(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Placing an order needs a connection" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);

    // Back online: the banner goes and the page asks the server again.
    const fresh = page.waitForResponse((response) => response.url().includes("/api/") && response.ok());
    await context.unroute("**/api/**", noNetwork);
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await fresh;
  });
});
