import { shopDate } from "../src/shared/shop-calendar.ts";
import { anotherPerson, partOf, placeOrderViaApi, shopCard, uniqueName } from "./farmer-fixtures.ts";
import { shippingDetails } from "./order-fixtures.ts";
import {
  a11yViolations,
  addProductViaApi,
  expect,
  expectToast,
  headerMenuLink,
  photoFile,
  signedInUser,
  test,
} from "./support.ts";

test.describe("the farmer's side", () => {
  test("the farmer confirms, dispatches, delivers and is paid, and the shopper sees each step on /orders/:id", async ({
    page: farmer,
    browser,
  }) => {
    // NOTE: two people in two browsers, many steps each: triple the time a loaded machine may need.
    test.slow();
    await signedInUser(farmer, "Ravi Grower");
    const name = uniqueName("Heirloom Tomatoes");
    const product = await addProductViaApi(farmer.request, { name, price: 40, unit: "kg", stock: 3 });
    const shopper = await anotherPerson(browser, "Meera Buyer");
    const order = await placeOrderViaApi(shopper.request, product.id, 3);
    const orderUrl = `/orders/${order.id}`;
    await shopper.goto(orderUrl);
    const part = partOf(shopper, "Ravi Grower");
    await expect(part).toContainText("Pending");
    await expect(part).toContainText("Not paid yet");

    await farmer.goto("/farmer");
    // The menu's button says something waits inside it; the Farmer Portal link in it says what.
    await expect(
      farmer
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { name: "Signed in as Ravi Grower" }),
    ).toHaveAccessibleDescription("1 order waiting for you");
    await expect(await headerMenuLink(farmer, "Farmer Portal")).toHaveAccessibleDescription(
      "1 order waiting for you",
    );
    const incoming = farmer.getByRole("list", { name: "Incoming orders" }).getByRole("article").first();
    await expect(incoming).toContainText("Meera Buyer");
    await expect(incoming).toContainText(shippingDetails.phone);
    await expect(incoming).toContainText("12 Lake Road, Pune, Maharashtra 411001");
    await expect(incoming).toContainText(`${name} × 3`);
    await expect(incoming).toContainText("₹120.00");
    await expect(incoming.getByRole("button", { name: /^Mark delivered/ })).toHaveCount(0);

    const steps = [
      ["Confirm", "Confirmed"],
      ["Send out for delivery", "Out for delivery"],
      ["Mark delivered", "Delivered"],
    ] as const;
    for (const [button, status] of steps) {
      await incoming.getByRole("button", { name: new RegExp(`^${button}`) }).click();
      await expect(incoming.getByText(status, { exact: true }).first()).toBeVisible();
      await shopper.goto(orderUrl);
      await expect(part.getByText(status, { exact: true }).first()).toBeVisible();
      await expect(part.getByRole("list", { name: /History/ })).toContainText(`${status}`);
    }
    await expect(await headerMenuLink(farmer, "Farmer Portal")).not.toHaveAccessibleDescription(/waiting/);
    await expect(incoming.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
    await incoming.getByRole("button", { name: /^Mark paid/ }).click();
    await expect(incoming.getByText("Paid", { exact: true })).toBeVisible();
    await shopper.goto(orderUrl);
    await expect(part.getByText("Paid", { exact: true })).toBeVisible();
    await expect(part.getByRole("list", { name: /History/ })).toContainText("by Ravi Grower");
    await expect(shopper.getByRole("button", { name: /Cancel/ })).toHaveCount(0);
    await shopper.context().close();
  });

  test("a shopper cancels a pending order and the stock comes back; a farmer's cancel needs a reason", async ({
    page: farmer,
    browser,
  }) => {
    // NOTE: two people in two browsers, many steps each: triple the time a loaded machine may need.
    test.slow();
    await signedInUser(farmer, "Sita Grower");
    const product = await addProductViaApi(farmer.request, {
      name: uniqueName("Spinach"),
      price: 25,
      unit: "bunch",
      stock: 5,
    });
    const shopper = await anotherPerson(browser, "Arun Buyer");
    const order = await placeOrderViaApi(shopper.request, product.id, 2);
    await expect(await shopCard(shopper, product.name)).toContainText("Only 3 left");

    await shopper.goto(`/orders/${order.id}`);
    await expect(partOf(shopper, "Sita Grower")).toContainText("Pending");
    await shopper.getByRole("button", { name: "Cancel order" }).click();
    const dialog = shopper.getByRole("dialog", { name: "Cancel this order?" });
    await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expectToast(shopper, "Your order has been cancelled");
    await expect(partOf(shopper, "Sita Grower")).toContainText("Cancelled");
    await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    const card = await shopCard(shopper, product.name);
    await expect(card).toContainText("₹25.00 / bunch");
    await expect(card).toContainText("Only 5 left");

    const second = await placeOrderViaApi(shopper.request, product.id, 4);
    await farmer.goto("/farmer?status=pending");
    const incoming = farmer.getByRole("list", { name: "Incoming orders" }).getByRole("article").first();
    await expect(incoming).toContainText(`${product.name} × 4`);
    await incoming.getByRole("button", { name: /^Cancel/ }).click();
    const cancel = farmer.getByRole("dialog", { name: /^Cancel order/ });
    await cancel.getByRole("button", { name: "Cancel the order" }).click();
    await expect(cancel.getByLabel("Reason")).toHaveAccessibleDescription(
      "Please give a reason for cancelling",
    );
    await cancel.getByLabel("Reason").fill("Hail flattened the spinach bed");
    await cancel.getByRole("button", { name: "Cancel the order" }).click();
    await expect(cancel).toHaveCount(0);
    await expect(farmer.getByText("No pending orders.")).toBeVisible();
    await expect(
      farmer
        .getByRole("list", { name: "My products" })
        .getByRole("status", { name: `Stock of ${product.name}` }),
    ).toHaveText("5");

    await shopper.goto(`/orders/${second.id}`);
    await expect(partOf(shopper, "Sita Grower")).toContainText("Cancelled");
    await expect(partOf(shopper, "Sita Grower")).toContainText("Reason: Hail flattened the spinach bed");
    await shopper.context().close();
  });

  test("the farmer workspace works by keyboard and has no accessibility violations at 1280 and 375 px", async ({
    page: farmer,
    browser,
  }) => {
    // NOTE: two people in two browsers, many steps each: triple the time a loaded machine may need.
    test.slow();
    await signedInUser(farmer, "Nila Grower");
    const beans = await addProductViaApi(farmer.request, {
      name: uniqueName("Runner Beans"),
      price: 80,
      unit: "500 g",
      stock: 4,
      harvestedOn: shopDate(),
    });
    await addProductViaApi(farmer.request, { name: uniqueName("Ghee"), price: 650, unit: "litre" });
    const shopper = await anotherPerson(browser, "Dev Buyer");
    await placeOrderViaApi(shopper.request, beans.id, 1);

    await farmer.goto("/dashboard");
    await (await headerMenuLink(farmer, "Farmer Portal")).click();
    await expect(farmer).toHaveURL(/\/farmer$/);
    await expect(farmer.getByRole("heading", { name: "Farmer Portal", level: 1 })).toBeVisible();
    await expect(farmer.getByRole("list", { name: "Incoming orders" }).getByRole("article")).toHaveCount(1);
    await expect(farmer.getByRole("region", { name: "Summary" })).toContainText("₹80.00");

    // Keyboard only: one more in stock, then a new stock typed in, then an edit.
    const stock = farmer.getByRole("status", { name: `Stock of ${beans.name}` });
    await expect(stock).toHaveText("3");
    await farmer.getByRole("button", { name: `One more ${beans.name} in stock` }).focus();
    await farmer.keyboard.press("Enter");
    await expect(stock).toHaveText("4");
    // A sale lands while the screen still shows 4: "one more" adds to what is left (3 + 1), never 4 + 1.
    await placeOrderViaApi(shopper.request, beans.id, 1);
    await shopper.context().close();
    const saved = farmer.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().includes(beans.id),
    );
    await farmer.keyboard.press("Enter");
    expect((await (await saved).json()).product.stock).toBe(4);
    await expect(stock).toHaveText("4");
    await farmer.keyboard.press("Tab");
    await farmer.keyboard.type("12");
    await farmer.keyboard.press("Enter");
    await expect(stock).toHaveText("12");
    await farmer.getByRole("button", { name: `Edit ${beans.name}` }).focus();
    await farmer.keyboard.press("Enter");
    const dialog = farmer.getByRole("dialog", { name: `Edit ${beans.name}` });
    await expect(dialog.getByLabel("Product name")).toBeFocused();
    await dialog.getByLabel("Price (Rs.)").fill("85.5");
    await dialog.getByLabel("Stock").fill("-1");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByLabel("Stock")).toHaveAccessibleDescription(/Stock cannot be negative/);
    await expect(dialog.getByLabel("Stock")).toBeFocused();
    await farmer.keyboard.press("Control+A");
    await farmer.keyboard.type("7");
    await dialog.getByLabel("New photo").setInputFiles(await photoFile("#f59e0b"));
    const oldImage = await farmer.request.get("/api/farmer/products").then(async (r) => {
      const { items } = await r.json();
      return items.find((item: { id: string }) => item.id === beans.id).image as string;
    });
    await farmer.keyboard.press("Enter");
    await expectToast(farmer, `Product "${beans.name}" updated successfully!`);
    await expect(dialog).toHaveCount(0);
    await expect(stock).toHaveText("7");
    const row = farmer
      .getByRole("list", { name: "My products" })
      .getByRole("listitem")
      .filter({ hasText: beans.name });
    await expect(row).toContainText("₹85.50 / 500 g");
    await expect(row.getByRole("img")).not.toHaveAttribute("src", oldImage);

    // axe, of any impact, at 1280 and 375 px: the workspace, its edit dialog and its cancel-reason dialog.
    const found: string[] = [];
    for (const width of [1280, 375]) {
      await farmer.setViewportSize({ width, height: 800 });
      await expect(farmer.getByRole("heading", { name: "Farmer Portal", level: 1 })).toBeVisible();
      found.push(...(await a11yViolations(farmer, `/farmer at ${width} px`)));
      expect(await farmer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await farmer.getByRole("button", { name: `Edit ${beans.name}` }).click();
      const edit = farmer.getByRole("dialog", { name: `Edit ${beans.name}` });
      await expect(edit.getByLabel("Product name")).toBeFocused();
      found.push(...(await a11yViolations(farmer, `/farmer's edit dialog at ${width} px`)));
      await farmer.keyboard.press("Escape");
      await expect(farmer.getByRole("dialog")).toHaveCount(0);

      await farmer
        .getByRole("button", { name: /^Cancel order/ })
        .first()
        .click();
      const cancel = farmer.getByRole("dialog", { name: /^Cancel order/ });
      await expect(cancel.getByLabel("Reason")).toBeVisible();
      await cancel.getByRole("button", { name: "Cancel the order" }).click();
      await expect(cancel.getByLabel("Reason")).toHaveAccessibleDescription(
        "Please give a reason for cancelling",
      );
      found.push(...(await a11yViolations(farmer, `/farmer's cancel dialog with its error at ${width} px`)));
      await farmer.keyboard.press("Escape");
      await expect(farmer.getByRole("dialog")).toHaveCount(0);
    }
    expect(found).toEqual([]);
  });
});
