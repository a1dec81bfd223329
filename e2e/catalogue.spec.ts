import type { Browser, Page } from "@playwright/test";
import {
  addProductViaApi,
  allowConsoleMessage,
  expect,
  expectToast,
  LOGIN_URL,
  LOOK,
  newCredentials,
  photoFile,
  signedInUser,
  signInViaUi,
  signUpViaApi,
  test,
} from "./support.ts";

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function readStorage<T>(page: Page, key: string): Promise<T> {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null"), key);
}

async function newSignedInPage(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInUser(page, name);
  return page;
}

async function searchShop(page: Page, text: string) {
  await page.getByLabel("Search products").fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test.describe("catalogue", () => {
  test("a farmer adds a product with a photo, sees it in the shop, another user cannot delete it, the owner can", async ({
    page,
    browser,
  }) => {
    // NOTE: two sign-ins (argon2 hashing) and the product's 1 s and 1.5 s redirects make this one long.
    test.slow();
    await signedInUser(page, "Ravi Farmer");
    const name = unique("Heirloom carrots");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AddProducts" }).click();
    await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();

    await page.getByRole("button", { name: "Add Product" }).click();
    await expectToast(page, "Please fill out all fields and upload an image.");

    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Price (Rs.)").fill("64.50");
    await page.getByLabel("Category", { exact: true }).selectOption("vegetables");
    await page.getByLabel("Description").fill("Purple and orange carrots, pulled this morning.");
    await page.getByLabel("Product image").setInputFiles(await photoFile("#f97316"));
    await expect(page.getByRole("img", { name: "Your product as shoppers will see it" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();
    await expectToast(page, `Product "${name}" added successfully!`);
    await expect(page).toHaveURL(/\/shop$/);

    await searchShop(page, name);
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("₹64.50")).toBeVisible();
    await expect(card.getByText("Vegetables")).toBeVisible();
    await expect(card.getByRole("img", { name })).toHaveJSProperty("complete", true);
    expect(
      await card.getByRole("img", { name }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await expect(card.getByRole("button", { name: /Delete/ })).toBeVisible();

    const other = await newSignedInPage(browser, "Meera Shopper");
    await other.goto(`/shop?q=${encodeURIComponent(name)}`);
    const theirView = other.getByRole("article").filter({ hasText: name });
    await expect(theirView).toHaveCount(1);
    await expect(theirView.getByRole("button", { name: /Add to Cart/ })).toBeVisible();
    await expect(theirView.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await other.context().close();

    await card.getByRole("button", { name: /Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this product?" });
    await expect(dialog).toContainText(name);
    await dialog.getByRole("button", { name: "Delete product" }).click();
    await expectToast(page, "Product deleted successfully!");
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Our Products" })).toBeFocused();
    await page.reload();
    await expect(page.getByText("No products match your search.")).toBeVisible();
  });

  test("the server has the last word: a file that only claims to be a PNG is refused beside the field", async ({
    page,
  }) => {
    // NOTE: the server refuses the fake PNG with 400 on purpose.
    allowConsoleMessage(/status of 400 .*\/api\/products:/);
    await signedInUser(page);
    await page.goto("/addProduct");
    await page.getByLabel("Product name").fill(unique("Fake photo"));
    await page.getByLabel("Price (Rs.)").fill("10");
    await page.getByLabel("Category", { exact: true }).selectOption("fruits");
    await page.getByLabel("Description").fill("Not really a picture");
    await page.getByLabel("Product image").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is plain text, not a PNG"),
    });
    await expect(page.getByText("This file cannot be shown as a picture.")).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();
    // NOTE: a refusal the user can fix says what to fix, in the toast too (issue 25, item 17).
    await expectToast(page, "Please choose a JPEG, PNG, WebP, GIF or AVIF image.");
    await expect(page.getByLabel("Product image")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.locator("form").getByText("Please choose a JPEG, PNG, WebP, GIF or AVIF image."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/addProduct$/);
  });

  test("a shopper likes a product, opens its details, and adds the deal and the product to the cart", async ({
    page,
  }) => {
    await signedInUser(page, "Meera Shopper");
    const product = await addProductViaApi(page.request, {
      name: unique("Kesar mangoes"),
      price: 320,
      category: "fruits",
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Deal of the Day" })).toBeVisible();

    const like = page.getByRole("button", { name: `Like ${product.name}` });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    // NOTE: a tap before the app has taken the page over is answered by the page's first script and kept by the
    // app once it runs (decision 056), so the stored likes may follow the button by a moment.
    await expect.poll(() => readStorage<string[]>(page, "likedProducts")).toContain(product.id);
    await page.reload();
    await expect(page.getByRole("button", { name: `Like ${product.name}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.getByRole("button", { name: `View details of ${product.name}` }).click();
    const details = page.getByRole("dialog", { name: product.name });
    await expect(details).toContainText("Grown for the end-to-end tests");
    await expect(details).toContainText("₹320.00");
    await page.keyboard.press("Escape");
    await expect(details).toHaveCount(0);
    await expect(page.getByRole("button", { name: `View details of ${product.name}` })).toBeFocused();

    const deal = page.getByRole("region", { name: "Deal of the Day" });
    await expect(deal).toContainText("Cabbage");
    await expect(deal).toContainText("₹5.00");
    await expect(deal.getByText("₹10.00")).toHaveCSS("text-decoration-line", "line-through");
    const countdown = deal.getByTestId("deal-countdown");
    await expect(countdown).toHaveText(/^\d\d:\d\d:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);
    expect(await readStorage<{ id: string }>(page, "dealOfTheDay")).toMatchObject({ id: "deal-of-the-day" });

    await deal.getByRole("button", { name: /Add to Cart/ }).click();
    await expectToast(page, "Cabbage added to cart!");
    await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
    await expectToast(page, `${product.name} added to cart!`);
    await page.getByRole("button", { name: `Add ${product.name} to cart` }).click();
    await expectToast(page, `${product.name} quantity updated!`);

    const cart = await readStorage<{ id: string; quantity: number; price: number; startTime?: string }[]>(
      page,
      "cart",
    );
    expect(cart).toEqual([
      expect.objectContaining({
        id: "deal-of-the-day",
        price: 5,
        quantity: 1,
        startTime: expect.any(String),
      }),
      expect.objectContaining({ id: product.id, price: 320, quantity: 2 }),
    ]);
  });

  test("every product has its own page, opened directly by its address and from any card", async ({
    page,
    browser,
  }) => {
    const farmer = await signedInUser(page, "Sharing Shopper");
    const product = await addProductViaApi(page.request, {
      name: unique("Nagpur oranges"),
      price: 90,
      unit: "kg",
    });

    // Opened directly, as a shared link would be.
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText("₹90.00 / kg")).toBeVisible();
    await expect(page.getByText("Grown for the end-to-end tests")).toBeVisible();
    await expect(page.getByText(`by ${farmer.name}`)).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectToast(page, `${product.name} added to cart!`);
    const like = page.getByRole("button", { name: "Like", exact: true });
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");

    // From a shop card's name, and from a dashboard card's picture.
    await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
    await page.getByRole("link", { name: product.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await page.goto("/dashboard");
    await page.getByRole("img", { name: product.name }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}$`));

    // An unknown id says so; a signed-out visitor signs in first, as everywhere in the shop.
    allowConsoleMessage(/status of 404/);
    await page.goto("/products/no-such-product");
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/products/${product.id}`);
    await expect(visitor).toHaveURL(LOGIN_URL);
    await visitor.context().close();
  });

  test("likes follow the account to another browser, and the shop's Liked filter lists them", async ({
    page,
    browser,
    request,
  }) => {
    // A farmer (through the API alone) lists two products.
    const farmer = await signUpViaApi(request, newCredentials("Listing Farmer"));
    const login = await request.post("/api/auth/login", {
      data: { email: farmer.email, password: farmer.password },
      headers: { "x-veggie-cart": "1" },
    });
    expect(login.ok()).toBe(true);
    const early = await addProductViaApi(request, { name: unique("Early figs") });
    const later = await addProductViaApi(request, { name: unique("Later guavas") });

    // This browser liked one before signing in: the account's first sign-in here merges it in.
    const credentials = await signUpViaApi(page.request, newCredentials("Two Phones"));
    await page.goto("/login");
    await page.evaluate((id) => localStorage.setItem("likedProducts", JSON.stringify([id])), early.id);
    await signInViaUi(page, credentials);
    await page.goto(`/shop?q=${encodeURIComponent(later.name)}`);
    const like = page.getByRole("button", { name: `Like ${later.name}` });
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");

    const other = await (await browser.newContext()).newPage();
    await signInViaUi(other, credentials);
    await other.goto("/shop");
    await other.getByRole("button", { name: "Liked", exact: true }).click();
    await expect(other).toHaveURL(/liked=true/);
    await expect(other.getByRole("heading", { name: later.name })).toBeVisible();
    await expect(other.getByRole("heading", { name: early.name })).toBeVisible();
    await expect(other.getByRole("article")).toHaveCount(2);
    await expect(other.getByRole("button", { name: `Like ${later.name}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await other.context().close();
  });

  test("a category tile opens the shop filtered, and search narrows it by name", async ({ page }) => {
    await signedInUser(page);
    const paneer = await addProductViaApi(page.request, { name: unique("Malai paneer"), category: "dairy" });
    await addProductViaApi(page.request, { name: unique("Jowar flour"), category: "grains" });
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /^Dairy/ }).click();
    await expect(page).toHaveURL(/\/shop\?category=dairy$/);
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("dairy");
    const badges = page
      .getByRole("article")
      .locator("span")
      .filter({ hasText: /^(Dairy|Grains|Fruits|Vegetables)$/ });
    await expect(badges.first()).toBeVisible();
    expect(new Set(await badges.allTextContents())).toEqual(new Set(["Dairy"]));

    await searchShop(page, paneer.name);
    await expect(page).toHaveURL(/category=dairy/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: paneer.name })).toBeVisible();
    await page.getByLabel("Category", { exact: true }).selectOption("grains");
    await expect(page.getByText("No products match your search.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("the shop loads a page at a time as the shopper scrolls, never the whole catalogue", async ({
    page,
  }) => {
    test.slow();
    await signedInUser(page);
    const tag = unique("Batch");
    for (let i = 1; i <= 14; i += 1) {
      await addProductViaApi(page.request, { name: `${tag} okra ${i}`, price: i });
    }
    const listRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/products") listRequests.push(request.url());
    });
    await page.goto(`/shop?q=${encodeURIComponent(tag)}&sort=price-asc`);
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("article").first()).toContainText(`${tag} okra 1`);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("article")).toHaveCount(14);
    await expect(page.getByText("You have seen every product.")).toBeVisible();
    await expect(page.getByRole("article").last()).toContainText(`${tag} okra 14`);
    expect(listRequests).toHaveLength(2);
    for (const url of listRequests) expect(new URL(url).searchParams.get("limit")).toBe("12");
    expect(new URL(listRequests[1]!).searchParams.get("cursor")).toBeTruthy();
  });

  test("on the owner's own card Add to Cart stays on one line beside Like and Delete, at every grid width", {
    tag: LOOK,
  }, async ({ page }) => {
    await signedInUser(page, "Card Owner");
    const product = await addProductViaApi(page.request, { name: unique("Long beans") });
    // 1280: four columns (issue 25 item 18 saw three lines there); 640: two columns, about as narrow; 375: a phone.
    for (const width of [1280, 1024, 640, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
      const card = page.getByRole("article").filter({ hasText: product.name });
      const addToCart = card.getByRole("button", { name: /^Add to Cart/ });
      await expect(addToCart).toBeVisible();
      const lines = await addToCart.evaluate((button) => {
        const label = [...button.childNodes].find((node) => node.textContent === "Add to Cart");
        if (!label) return -1;
        const range = document.createRange();
        range.selectNodeContents(label);
        return range.getClientRects().length;
      });
      expect(lines, `Add to Cart's lines at ${width} px`).toBe(1);
      expect(
        (await addToCart.boundingBox())!.height,
        `Add to Cart's height at ${width} px`,
      ).toBeLessThanOrEqual(44);
      // Like and Delete stay on the card, named, and next in the keyboard's order.
      const cardBox = (await card.boundingBox())!;
      const like = card.getByRole("button", { name: `Like ${product.name}` });
      const remove = card.getByRole("button", { name: /^Delete\b.*Long beans/ });
      for (const button of [like, remove]) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
        expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      await addToCart.focus();
      await page.keyboard.press("Tab");
      await expect(like).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(remove).toBeFocused();
    }
  });

  test("the product actions work from the keyboard", async ({ page }) => {
    await signedInUser(page);
    const product = await addProductViaApi(page.request, { name: unique("Sweet corn") });
    await page.goto("/dashboard");
    const like = page.getByRole("button", { name: `Like ${product.name}` });
    await like.focus();
    await expect(like).toBeFocused();
    await expect
      .poll(() => like.evaluate((button) => getComputedStyle(button.parentElement!).opacity))
      .toBe("1");
    await page.keyboard.press("Space");
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: `Add ${product.name} to cart` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, `${product.name} added to cart!`);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: product.name });
    await expect(details).toBeVisible();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press("Tab");
      expect(await details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(details).toHaveCount(0);
    await expect(page.getByRole("button", { name: `View details of ${product.name}` })).toBeFocused();

    await page.getByRole("button", { name: "Pause slides" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Play slides" })).toBeFocused();
    await page.getByRole("button", { name: "Show slide 2" }).click();
    await expect(page.getByRole("heading", { name: "Sell your harvest directly to shoppers" })).toBeVisible();
  });
});
