import type { Page } from "@playwright/test";
import {
  addProductViaApi,
  BROWSER,
  expect,
  expectToast,
  holdAppCode,
  signedInUser,
  test,
} from "./support.ts";

/**
 * A server-drawn page is usable before the app arrives (decision 056): with the app's code held back and only
 * the boot entry let through, Add to Cart, Like, the shop's category and the links work from the page, and the
 * app, once it arrives, takes over what was done without doing it again.
 */

type Line = { id: string; quantity: number };
const storedCart = (tab: Page) =>
  tab.evaluate(() => JSON.parse(window.localStorage.getItem("cart") ?? "[]") as Line[]);

/** Whether the app has taken the page over (the inline boot script's hook is cleared then). */
const appArrived = (tab: Page) =>
  tab.evaluate(() => (window as { __vcHydrated?: unknown }).__vcHydrated === undefined);

/** Opens a server-drawn page with the app held back, once the boot entry answers for it. */
async function openHeld(tab: Page, path: string): Promise<() => void> {
  const release = await holdAppCode(tab, { boot: true });
  // NOTE: not "domcontentloaded": that waits for the app's entry, a module script.
  await tab.goto(path, { waitUntil: "commit" });
  await bootAnswers(tab);
  return release;
}

/**
 * NOTE: a bound on each step that has none of its own (a click, a wait for the boot entry), far above what one
 * takes (about a second): a journey that once hung until its 120 s in a full CI run then names the step.
 */
const STEP_MS = 30_000;

/** Waits for the boot entry to answer for the page (a page drawn by the server after a link, too). */
const bootAnswers = (tab: Page) =>
  tab.waitForFunction(() => (window as { __vcBoot?: unknown }).__vcBoot !== undefined, undefined, {
    timeout: STEP_MS,
  });

/** The header's cart count as it shows (the wide row's badge at the journeys' 1280 px). */
const cartCount = (tab: Page) => tab.locator("[data-cart-count]:visible");

async function accountLikes(tab: Page): Promise<string[]> {
  const answer = await tab.request.get("/api/likes", { headers: { "x-veggie-cart": "1" } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { productIds: string[] }).productIds;
}

test.describe("usable before the app arrives", () => {
  for (const screen of [
    {
      path: "/dashboard",
      addButton: (name: string) => ({ name: `Add ${name} to cart`, exact: true }),
    },
    {
      path: "/shop",
      addButton: (name: string) => ({ name: new RegExp(`^Add to Cart\\W+${name}$`) }),
    },
  ]) {
    test(`${screen.path}: Add to Cart twice and Like work from the drawn page, and the app keeps them once`, async ({
      page: tab,
    }) => {
      await signedInUser(tab, "Early Shopper");
      const product = await addProductViaApi(tab.request, { name: `Early okra ${Date.now()}`, stock: 10 });
      const release = await openHeld(tab, screen.path);

      const add = tab.getByRole("button", screen.addButton(product.name));
      await add.click();
      await expectToast(tab, `${product.name} added to cart!`);
      await expect(cartCount(tab)).toHaveText("1");
      await add.click();
      await expectToast(tab, `${product.name} quantity updated!`);
      await expect(cartCount(tab)).toHaveText("2");
      expect(await storedCart(tab)).toEqual([expect.objectContaining({ id: product.id, quantity: 2 })]);

      const like = tab.getByRole("button", { name: `Like ${product.name}`, exact: true });
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await expect.poll(() => accountLikes(tab)).toContain(product.id);
      expect(await appArrived(tab)).toBe(false);

      release();
      await expect.poll(() => appArrived(tab)).toBe(true);
      // The app draws what was done, and nothing twice: one line of 2, the count 2, the heart pressed.
      await expect(cartCount(tab)).toHaveText("2");
      await expect(like).toHaveAttribute("aria-pressed", "true");
      expect(await storedCart(tab)).toEqual([expect.objectContaining({ id: product.id, quantity: 2 })]);
      expect(await accountLikes(tab)).toContain(product.id);
      // And it answers the next tap itself, with the same toast.
      await add.click();
      await expectToast(tab, `${product.name} quantity updated!`);
      await expect(cartCount(tab)).toHaveText("3");
      expect(await storedCart(tab)).toEqual([expect.objectContaining({ id: product.id, quantity: 3 })]);
    });
  }

  test("/dashboard: a category tile and the cart link open their pages before the app arrives", {
    tag: BROWSER,
  }, async ({ page: tab }) => {
    await signedInUser(tab, "Early Browser");
    await openHeld(tab, "/dashboard");
    await tab
      .getByRole("link", { name: /Fruits/ })
      .first()
      .click({ timeout: STEP_MS });
    await expect(tab).toHaveURL(/\/shop\?category=fruits$/);
    // The server drew the filtered shop; the app is still held back.
    await expect(tab.getByRole("heading", { name: "Our Products" })).toBeVisible();
    await expect(tab.getByLabel("Category", { exact: true })).toHaveValue("fruits");
    expect(await appArrived(tab)).toBe(false);
    await tab.getByRole("link", { name: /^Cart/ }).first().click({ timeout: STEP_MS });
    await expect(tab).toHaveURL(/\/cart$/);
  });

  test("/shop: the category and sort choices and the cart link open their pages before the app arrives", {
    tag: BROWSER,
  }, async ({ page: tab }) => {
    await signedInUser(tab, "Early Chooser");
    const product = await addProductViaApi(tab.request, {
      name: `Early mango ${Date.now()}`,
      category: "fruits",
    });
    const release = await openHeld(tab, "/shop");
    await tab.getByLabel("Category", { exact: true }).selectOption("fruits");
    await expect(tab).toHaveURL(/\/shop\?category=fruits$/);
    await expect(tab.getByRole("heading", { name: product.name })).toBeVisible();
    await bootAnswers(tab);
    await tab.getByLabel("Sort by").selectOption("price-asc");
    await expect(tab).toHaveURL(/\/shop\?category=fruits&sort=price-asc$/);
    await expect(tab.getByLabel("Sort by")).toHaveValue("price-asc");
    await bootAnswers(tab);
    expect(await appArrived(tab)).toBe(false);
    await tab.getByRole("button", { name: new RegExp(`^Add to Cart\\W+${product.name}$`) }).click();
    await expectToast(tab, `${product.name} added to cart!`);
    await tab.getByRole("link", { name: /^Cart/ }).first().click();
    await expect(tab).toHaveURL(/\/cart$/);
    release();
    await expect(tab.getByRole("heading", { name: product.name })).toBeVisible();
    expect(await storedCart(tab)).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
  });

  for (const [language, added] of [
    ["en", "added to cart!"],
    ["hi", "टोकरी में डाला गया!"],
  ] as const) {
    test(
      `a phone in ${language}: the toast and the count in the page's language before the app arrives`,
      { tag: BROWSER },
      async ({ page: tab }, testInfo) => {
        await tab.setViewportSize({ width: 375, height: 812 });
        await signedInUser(tab, "Early Reader");
        const saved = await tab.request.patch("/api/account", {
          data: { language },
          headers: { "x-veggie-cart": "1" },
        });
        expect(saved.ok()).toBe(true);
        const product = await addProductViaApi(tab.request, { name: `Early bhindi ${Date.now()}` });
        await openHeld(tab, "/shop");
        await expect(tab.locator("html")).toHaveAttribute("lang", language);
        await tab.locator(`[data-cart-product*="${product.id}"]`).click();
        await expectToast(tab, `${product.name} ${added}`);
        await expect(cartCount(tab)).toHaveText("1");
        expect(await appArrived(tab)).toBe(false);
        await tab.screenshot({ path: testInfo.outputPath(`shop-${language}-375-before-app.png`) });
      },
    );
  }
});
