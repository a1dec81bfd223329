import type { Page } from "@playwright/test";
import { fillShipping } from "./order-fixtures.ts";
import {
  addProductViaApi,
  allowConsoleMessage,
  expect,
  LOOK,
  newCredentials,
  signedInUser,
  test,
  a11yViolations as violations,
} from "./support.ts";

// NOTE: Pay now's screens (the test payment page, the order page paid, refunded and failed, in English and
// Hindi, and the farmer's card paid online) are checked by axe in e2e/pay-now.spec.ts, where they already are:
// they need a server with the test gateway, which these journeys' server is not (decision 052).
const pages: [path: string, heading: RegExp][] = [
  ["/dashboard", /Deal of the Day/],
  ["/shop", /Our Products/],
  ["/addProduct", /Add New Product/],
  ["/cart", /Your Cart/],
  ["/checkout", /Checkout/],
  ["/orders", /Your Orders/],
  ["/standing-orders", /Standing orders/],
  ["/contact", /Contact a Farmer/],
  ["/faq", /Frequently Asked Questions/],
  ["/terms", /Terms/],
  ["/privacy", /Terms/],
  ["/messages", /Messages/],
  ["/about", /About/],
  ["/no-such-page", /not found/i],
];

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, { tag: LOOK }, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: width === 375, hasTouch: width === 375 });

    // NOTE: axe finds nothing, of any impact; the screens are split over several journeys so that they run
    // side by side on the workers.
    test("axe finds nothing on the sign-in and sign-up screens, signed out", async ({ page }) => {
      const found: string[] = [];
      for (const path of ["/login", "/signup"]) {
        await page.goto(path);
        await expect(
          page
            .getByRole("heading", { level: 1 })
            .or(page.getByRole("heading", { level: 2 }))
            .first(),
        ).toBeVisible();
        found.push(...(await violations(page, `${path} signed out`)));
      }
      expect(found).toEqual([]);
    });

    for (const [part, routes] of [
      ["first", pages.slice(0, 7)],
      ["second", pages.slice(7)],
    ] as const) {
      test(`axe finds nothing on the ${part} half of the routes, signed in`, async ({ page }) => {
        // NOTE: /no-such-page is answered 404 (issue 25, item 12), which Chromium logs.
        allowConsoleMessage(/status of 404/);
        const found: string[] = [];
        await signedInUser(page, "Axe Shopper");
        for (const [path, heading] of routes) {
          await page.goto(path);
          await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
          found.push(...(await violations(page, path)));
        }
        if (width === 375 && part === "first") {
          await page.goto("/dashboard");
          await page.getByRole("button", { name: "Menu" }).click();
          found.push(...(await violations(page, "/dashboard with the menu open")));
        }
        expect(found).toEqual([]);
      });
    }

    test("axe finds nothing on forms showing their errors (the add-product form also shows its toast)", async ({
      page,
    }) => {
      const found: string[] = [];
      await signedInUser(page, "Axe Shopper");
      await page.goto("/addProduct");
      await page.getByRole("button", { name: "Add Product" }).click();
      await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
      found.push(...(await violations(page, "/addProduct with errors")));
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Please enter your name")).toBeVisible();
      found.push(...(await violations(page, "/contact with errors")));
      expect(found).toEqual([]);
    });

    test("axe finds nothing with a toast and a dialog open, a filled cart, checkout errors, a confirmation and an order", async ({
      page,
    }) => {
      const found: string[] = [];
      await signedInUser(page, "Axe Shopper");
      await page.goto("/dashboard");
      await page
        .getByRole("region", { name: "Deal of the Day" })
        .getByRole("button", { name: /Add to Cart/ })
        .click();
      await expect(page.getByRole("alert").filter({ hasText: "added to cart" }).first()).toBeVisible();
      found.push(...(await violations(page, "/dashboard with a toast")));
      await page
        .getByRole("button", { name: /^View details of / })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      found.push(...(await violations(page, "/dashboard with the details dialog")));
      await page.keyboard.press("Escape");
      await page.goto("/cart");
      await expect(page.getByTestId("cart-total")).toBeVisible();
      found.push(...(await violations(page, "/cart with a line")));
      await page.goto("/checkout");
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByLabel("Address")).toHaveAttribute("aria-invalid", "true");
      found.push(...(await violations(page, "/checkout with errors")));
      await fillShipping(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
      found.push(...(await violations(page, "/order-confirmation")));
      await page.goto("/orders");
      await page
        .getByRole("link", { name: /View details/ })
        .first()
        .click();
      await expect(page.getByRole("heading", { name: /^Order #/ })).toBeVisible();
      found.push(...(await violations(page, "/orders/:id")));
      await page.getByRole("link", { name: "Order this again every…" }).click();
      await expect(page.getByRole("button", { name: "Make the standing order" })).toBeVisible();
      found.push(...(await violations(page, "/standing-orders/new from an order")));

      expect(found).toEqual([]);
    });

    test("axe finds nothing on the delete dialog, a product's own page and the offline banner", async ({
      page,
    }) => {
      const found: string[] = [];
      await signedInUser(page, "Axe Shopper");
      // The shop's delete confirmation, on one's own product.
      const own = await addProductViaApi(page.request, { name: `Axe radishes ${Date.now()}` });
      await page.goto(`/shop?q=${encodeURIComponent(own.name)}`);
      await page.getByRole("button", { name: /^Delete/ }).click();
      await expect(page.getByRole("dialog", { name: "Delete this product?" })).toBeVisible();
      found.push(...(await violations(page, "/shop with the delete dialog")));
      await page.getByRole("button", { name: "Cancel" }).click();

      // A product's own page.
      await page.goto(`/products/${own.id}`);
      await expect(page.getByRole("heading", { level: 1, name: own.name })).toBeVisible();
      found.push(...(await violations(page, "/products/:id")));

      // The offline banner.
      await page.context().setOffline(true);
      await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
      found.push(...(await violations(page, "/shop offline")));
      await page.context().setOffline(false);
      await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toHaveCount(0);

      // NOTE: the update prompt is not scanned: it shows only once a new service worker is waiting, and a
      // test cannot hand Chromium a changed /sw.js (its update check is not routed through Playwright).

      expect(found).toEqual([]);
    });
  });
}

test.describe("keyboard only", () => {
  test("a shopper signs up, finds a product by search, adds it, checks out and reads the order without a mouse", async ({
    page,
  }) => {
    test.slow();
    const credentials = newCredentials("Keyboard Shopper");
    await page.goto("/signup");
    const press = (key: string) => page.keyboard.press(key);
    const tabTo = async (locator: ReturnType<Page["getByRole"]>, limit = 60) => {
      for (let i = 0; i < limit; i += 1) {
        if (await locator.evaluate((el) => el === document.activeElement).catch(() => false)) return;
        await press("Tab");
      }
      await expect(locator).toBeFocused();
    };
    await tabTo(page.getByLabel("Full name").or(page.getByLabel("Name")).first());
    await page.keyboard.type(credentials.name);
    await tabTo(page.getByLabel("Email address"));
    await page.keyboard.type(credentials.email);
    await tabTo(page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(credentials.password);
    await press("Enter");
    await expect(page).toHaveURL(/\/(login|dashboard)$/);
    if (page.url().endsWith("/login")) {
      await tabTo(page.getByLabel("Email address"));
      await page.keyboard.type(credentials.email);
      await tabTo(page.getByLabel("Password"));
      await page.keyboard.type(credentials.password);
      await press("Enter");
    }
    await expect(page).toHaveURL(/\/dashboard$/);

    await tabTo(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop", exact: true }),
    );
    await press("Enter");
    await expect(page).toHaveURL(/\/shop$/);
    await tabTo(page.getByLabel("Search products"));
    await page.keyboard.type("Basmati");
    const card = page.getByRole("article").filter({ hasText: "Basmati Rice" }).first();
    await expect(card).toBeVisible();
    await tabTo(card.getByRole("button", { name: /Add to Cart/ }));
    await press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "added to cart" }).first()).toBeVisible();

    await tabTo(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Cart", exact: true }),
      120,
    );
    await press("Enter");
    await expect(page).toHaveURL(/\/cart$/);
    await tabTo(page.getByRole("link", { name: "Proceed to Checkout" }));
    await press("Enter");
    await expect(page).toHaveURL(/\/checkout$/);
    // NOTE: the checkout screen's code arrives after the address changes; a field looked for before it has
    // drawn would be skipped as absent (its phone number was, and the order was refused).
    await expect(page.getByLabel("Full name", { exact: true })).toBeVisible();
    for (const [label, value] of [
      ["Full name", "Keyboard Shopper"],
      ["Phone number", "9876543210"],
      ["Address", "12 Mango Lane"],
      ["City", "Pune"],
      ["State", "Maharashtra"],
      ["ZIP code", "411001"],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      if ((await field.count()) === 0) continue;
      await tabTo(field);
      // NOTE: the state is a list (issue 40 item 10): typing its name on the focused list picks it.
      if (label !== "State") await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(value);
    }
    await tabTo(page.getByRole("button", { name: "Place Order" }));
    // Focus is visible on the control it is on.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
    await press("Enter");
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();

    // My orders is in the header's menu, the button named after the shopper: Enter opens it on its first
    // link, ArrowDown moves on.
    const nav = page.getByRole("navigation", { name: "Main" });
    await tabTo(nav.getByRole("button", { name: "Signed in as Keyboard Shopper" }));
    await press("Enter");
    await press("ArrowDown");
    await expect(nav.getByRole("link", { name: "My orders" })).toBeFocused();
    await press("Enter");
    await expect(page).toHaveURL(/\/orders$/);
    await tabTo(page.getByRole("link", { name: /View details/ }).first());
    await press("Enter");
    await expect(page.getByRole("heading", { name: /^Order #/ })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Basmati Rice");
  });
});
