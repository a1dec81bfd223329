import { SHOP_POINT, sendFaqMessage, shopPickupPoint, signedInOperator } from "./admin-fixtures.ts";
import { anotherPerson, uniqueName } from "./farmer-fixtures.ts";
import {
  a11yViolations,
  addProductViaApi,
  allowConsoleMessage,
  expect,
  expectToast,
  headerMenuLink,
  LOGIN_URL,
  LOOK,
  newCredentials,
  openHeaderMenu,
  signedInUser,
  signInViaUi,
  signUpViaApi,
  test,
} from "./support.ts";

test.describe("the operator", () => {
  // NOTE: each journey signs in two or three people (argon2 hashing), slow on a loaded 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("reads and handles a message sent to the site creator from the FAQ", async ({ page, browser }) => {
    const subject = uniqueName("Delivery days");
    const asker = await anotherPerson(browser, "Fatima Asker");
    await sendFaqMessage(asker.request, subject);
    await asker.context().close();

    await signedInOperator(page);
    const adminLink = await headerMenuLink(page, /^Admin/);
    await expect(adminLink).toHaveAccessibleDescription(/unread messages? to the shop/);
    await adminLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Shop admin" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Inbox" })
      .click();

    await page.getByLabel("Show").selectOption("unread");
    const card = page.getByRole("article", { name: subject });
    await expect(card).toBeVisible();
    await expect(card.getByText("Unread", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Reply to fatima@example.com" })).toHaveAttribute(
      "href",
      /^mailto:fatima@example\.com\?subject=Re%3A%20/,
    );
    await card.getByLabel("Note (only operators see it)").fill("Answered: Tuesdays and Fridays.");
    await card.getByRole("button", { name: "Mark handled" }).click();
    await expectToast(page, "Message marked as handled.");

    // Read and handled, it leaves the unread list; the note stays with it.
    await expect(card).toBeHidden();
    await page.getByLabel("Show").selectOption("handled");
    const handled = page.getByRole("article", { name: subject });
    await expect(handled.getByText("Handled", { exact: true })).toBeVisible();
    await expect(handled.getByLabel("Note (only operators see it)")).toHaveValue(
      "Answered: Tuesdays and Fridays.",
    );

    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(
      page.getByRole("list", { name: "Operator actions" }).getByText("Handled a message").first(),
    ).toBeVisible();
  });

  test("hides a product: the shop no longer shows it and its farmer sees why", async ({ page, browser }) => {
    const farmer = await anotherPerson(browser, "Hari Farmer");
    const product = await addProductViaApi(farmer.request, { name: uniqueName("Suspicious Saffron") });

    await signedInOperator(page);
    await page.goto("/admin/products");
    await page.getByLabel("Search products by name").fill(product.name);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: `Hide ${product.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Hide ${product.name}?` });
    await dialog.getByRole("button", { name: "Hide product" }).click();
    await expect(dialog.getByText("Please give a reason")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Saffron cannot be sold as a vegetable");
    await dialog.getByRole("button", { name: "Hide product" }).click();
    await expectToast(page, `${product.name} is hidden from the shop.`);
    await expect(page.getByText("Hidden by the shop: Saffron cannot be sold as a vegetable")).toBeVisible();

    // A shopper searching for it finds nothing.
    const shopper = await anotherPerson(browser, "Sita Shopper");
    await shopper.goto(`/shop?q=${encodeURIComponent(product.name)}`);
    await expect(shopper.getByRole("heading", { name: /Our Products/ })).toBeVisible();
    // NOTE: the search's empty state shows only once its results have loaded; before them, a missing
    // product's heading would prove nothing.
    await expect(shopper.getByText("No products match your search.")).toBeVisible();
    await expect(shopper.getByRole("heading", { name: product.name, exact: true })).toBeHidden();

    // Its farmer still sees it in the workspace, marked hidden with the reason.
    await farmer.goto("/farmer");
    await expect(farmer.getByText("Hidden by the shop: Saffron cannot be sold as a vegetable")).toBeVisible();

    // Unhidden, it is back in the shop.
    await page.getByRole("button", { name: `Unhide ${product.name}` }).click();
    const back = page.getByRole("dialog", { name: `Show ${product.name} again?` });
    await back.getByLabel("Reason").fill("Checked: it is a spice, listed under grains");
    await back.getByRole("button", { name: "Show in the shop" }).click();
    await expectToast(page, `${product.name} is back in the shop.`);
    await shopper.reload();
    await expect(shopper.getByRole("heading", { name: product.name, exact: true })).toBeVisible();
  });

  test("suspends an account: its open tab is sent to /login and it cannot sign in", async ({
    page,
    browser,
  }) => {
    const credentials = await signUpViaApi(page.request, newCredentials(uniqueName("Troll")));
    const context = await browser.newContext();
    const troll = await context.newPage();
    await signInViaUi(troll, credentials);

    await signedInOperator(page);
    await page.goto("/admin/accounts");
    await page.getByLabel("Search by name or e-mail").fill(credentials.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: `Suspend ${credentials.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Suspend ${credentials.name}?` });
    await dialog.getByLabel("Reason").fill("Abusive messages to farmers");
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await expectToast(page, `${credentials.name} is suspended.`);
    await expect(page.getByText("Suspended: Abusive messages to farmers")).toBeVisible();

    // The suspended account's next request is refused (401): its tab goes to the sign-in screen.
    allowConsoleMessage(/Failed to load resource: the server responded with a status of (401|403)/);
    await troll
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop", exact: true })
      .click();
    await expect(troll).toHaveURL(LOGIN_URL);
    await troll.getByLabel("Email address").fill(credentials.email);
    await troll.getByLabel("Password").fill(credentials.password);
    await troll.getByRole("button", { name: "Sign in" }).click();
    await expect(troll.getByText(/This account is suspended, so it cannot sign in/)).toBeVisible();
    await context.close();
  });
});

test("the section tabs line up with the page's column at 1280 px, and reach no further than the screen at 375 px (issue 40 item 21)", async ({
  page,
}) => {
  await signedInOperator(page);
  const edges = async () =>
    page.getByRole("navigation", { name: "Admin sections" }).evaluate((nav) => {
      const column = nav.parentElement!;
      const style = getComputedStyle(column);
      const box = column.getBoundingClientRect();
      const bar = nav.getBoundingClientRect();
      return {
        barLeft: bar.left,
        barRight: bar.right,
        columnLeft: box.left + Number.parseFloat(style.paddingLeft),
        columnRight: box.right - Number.parseFloat(style.paddingRight),
        barScrolls: nav.scrollWidth > nav.clientWidth,
        pageWidth: document.documentElement.scrollWidth,
        screenWidth: document.documentElement.clientWidth,
      };
    });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  const wide = await edges();
  expect(wide.barRight).toBe(wide.columnRight);
  expect(wide.barLeft).toBe(wide.columnLeft);
  // Every tab shows: none hides behind the column's edge.
  expect(wide.barScrolls).toBe(false);
  await page.setViewportSize({ width: 375, height: 800 });
  const phone = await edges();
  // On a phone the bar scrolls from edge to edge of the screen, never wider than it.
  expect(phone.barLeft).toBeGreaterThanOrEqual(0);
  expect(phone.barRight).toBeLessThanOrEqual(phone.screenWidth);
  expect(phone.pageWidth).toBe(phone.screenWidth);
});

for (const width of [1280, 375]) {
  test(`axe finds nothing on any /admin section at ${width} px`, { tag: LOOK }, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signedInOperator(page);
    await shopPickupPoint(page.request);
    const found: string[] = [];
    for (const [path, heading, shows] of [
      ["/admin", "The shop at a glance"],
      ["/admin/inbox", "Inbox"],
      ["/admin/products", "Products"],
      ["/admin/accounts", "Accounts"],
      ["/admin/orders", "Orders"],
      ["/admin/deal", "Deal of the day"],
      ["/admin/shop-slots", "Delivery and pickup", SHOP_POINT.name],
      ["/admin/audit", "Audit log"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toHaveCount(0);
      if (shows) await expect(page.getByRole("main").getByText(shows).first()).toBeVisible();
      found.push(...(await a11yViolations(page, path)));
    }
    expect(found).toEqual([]);
  });
}

test("a shopper who is not an operator has no Admin link and /admin is not found", async ({ page }) => {
  await signedInUser(page, "Plain Shopper");
  const menu = await openHeaderMenu(page);
  await expect(menu.getByRole("link", { name: "Account" })).toBeVisible();
  await expect(menu.getByRole("link", { name: /^Admin/ })).toHaveCount(0);
  allowConsoleMessage(/Failed to load resource: the server responded with a status of 403/);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
