import { formatRupees, rupeesToPaise } from "../src/shared/money.ts";
import {
  deleteProduct,
  fillShipping,
  readCart,
  repriceProduct,
  seedCartProducts,
  shippingDetails,
  storeCart,
} from "./order-fixtures.ts";
import {
  allowConsoleMessage,
  expect,
  expectToast,
  LOGIN_URL,
  signedInUser,
  signInViaUi,
  test,
} from "./support.ts";

const ordersOf = async (page: import("@playwright/test").Page) => {
  const response = await page.request.get("/api/orders");
  expect(response.status()).toBe(200);
  return (await response.json()).orders as { id: string; total: number; items: unknown[] }[];
};

test.describe("cart, checkout and orders", () => {
  test("a shopper fills the cart from the dashboard and the shop, edits it, fixes every checkout error, places the order and finds it at /orders", async ({
    page,
  }) => {
    await signedInUser(page, "Meera Shopper");
    const nav = page.getByRole("navigation", { name: "Main" });
    const cartLink = nav.getByRole("link", { name: "Cart", exact: true });

    await expect(page.getByRole("heading", { name: "Deal of the Day" })).toBeVisible();
    const deal = page.getByRole("region", { name: "Deal of the Day" });
    await deal.getByRole("button", { name: /Add to Cart/ }).click();
    await expectToast(page, "Cabbage added to cart!");
    // NOTE: products other journeys list with a small stock could not take the quantities below.
    const scarce = /Only \d+ left|Sold out/;
    const tileButton = page
      .getByRole("article")
      .filter({ hasNotText: scarce })
      .getByRole("button", { name: /^Add .+ to cart$/ })
      .first();
    const dashboardName = (await tileButton.getAttribute("aria-label"))!.replace(/^Add (.+) to cart$/, "$1");
    await tileButton.click();
    await expectToast(page, `${dashboardName} added to cart!`);

    await nav.getByRole("link", { name: "Shop", exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    const shopCards = page
      .getByRole("article")
      .filter({ hasNotText: dashboardName })
      .filter({ hasNotText: scarce });
    const firstCard = shopCards.nth(0);
    const secondCard = shopCards.nth(1);
    const shopName = (await firstCard.getByRole("heading").textContent())!.trim();
    const extraName = (await secondCard.getByRole("heading").textContent())!.trim();
    await firstCard.getByRole("button", { name: /Add to Cart/ }).click();
    await expectToast(page, `${shopName} added to cart!`);
    await firstCard.getByRole("button", { name: /Add to Cart/ }).click();
    await expectToast(page, `${shopName} quantity updated!`);
    await secondCard.getByRole("button", { name: /Add to Cart/ }).click();
    await expectToast(page, `${extraName} added to cart!`);
    await expect(cartLink).toContainText("5");

    await cartLink.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    const quantity = (name: string) => page.getByRole("status", { name: `Quantity of ${name}` });
    await expect(quantity("Cabbage")).toHaveText(/^1(\s|$)/);
    await expect(quantity(dashboardName)).toHaveText(/^1(\s|$)/);
    await expect(quantity(shopName)).toHaveText(/^2(\s|$)/);
    await expect(page.getByRole("button", { name: `Decrease quantity of ${dashboardName}` })).toBeDisabled();
    await page.getByRole("button", { name: `Increase quantity of ${dashboardName}` }).click();
    await page.getByRole("button", { name: `Increase quantity of ${dashboardName}` }).click();
    await expect(quantity(dashboardName)).toHaveText(/^3(\s|$)/);
    await page.getByRole("button", { name: `Decrease quantity of ${dashboardName}` }).click();
    await expect(quantity(dashboardName)).toHaveText(/^2(\s|$)/);
    await page.getByRole("button", { name: `Decrease quantity of ${shopName}` }).click();
    await expect(quantity(shopName)).toHaveText(/^1(\s|$)/);
    await page.getByRole("button", { name: `Remove ${extraName} from cart` }).click();
    await expectToast(page, "Item removed from cart");
    await expect(page.getByRole("heading", { name: extraName })).toHaveCount(0);

    const cart = await readCart(page);
    expect(cart.map((line) => [line.name, line.quantity])).toEqual([
      ["Cabbage", 1],
      [dashboardName, 2],
      [shopName, 1],
    ]);
    expect(cart[0]).toMatchObject({ id: "deal-of-the-day", price: 5, startTime: expect.any(String) });
    const expectedTotal =
      cart.reduce((sum, line) => sum + rupeesToPaise(line.price) * line.quantity, 0) / 100;
    await expect(page.getByTestId("cart-total")).toHaveText(formatRupees(expectedTotal));
    await page.reload();
    await expect(page.getByTestId("cart-total")).toHaveText(formatRupees(expectedTotal));

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Cabbage");
    await expect(summary).toContainText("₹5.00 / piece × 1");
    await expect(summary).toContainText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText(formatRupees(expectedTotal));
    await expect(page.getByRole("radio", { name: "Credit Card" })).toBeChecked();

    await page.getByLabel("Full name").fill("");
    await page.getByLabel("Email").fill("");
    await page.getByRole("button", { name: "Place Order" }).click();
    const errors = {
      "Full name": "Please enter your full name",
      Email: "Please enter your email address",
      "Phone number": "The farmer calls you on it about your order. Please enter your phone number",
      Address: "Please enter your address",
      City: "Please enter your city",
      State: "Please enter your state",
      "ZIP code": "Please enter your ZIP code",
    };
    for (const [label, message] of Object.entries(errors)) {
      await expect(page.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel("Full name")).toBeFocused();
    await page.getByLabel("Email").fill("meera-at-example");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await page.getByLabel("ZIP code").fill("4");
    await expect(page.getByLabel("ZIP code")).toHaveAccessibleDescription(
      "Please enter a 6-digit PIN code, such as 411001",
    );
    // NOTE: an Indian address (issue 40 item 10): the PIN on the number keypad, the state from the list.
    await expect(page.getByLabel("ZIP code")).toHaveAttribute("inputmode", "numeric");
    await expect(page.getByLabel("ZIP code")).toHaveAttribute("maxlength", "6");
    await expect(page.getByRole("combobox", { name: "State" }).getByRole("option")).toHaveCount(37);
    for (const [label, value] of [
      ["Full name", shippingDetails.fullName],
      ["Email", shippingDetails.email],
      ["Phone number", shippingDetails.phone],
      ["Address", shippingDetails.address],
      ["City", shippingDetails.city],
      ["State", shippingDetails.state],
      ["ZIP code", shippingDetails.zipCode],
    ] as const) {
      if (label === "State") await page.getByLabel(label).selectOption({ label: value });
      else await page.getByLabel(label).fill(value);
      await expect(page.getByLabel(label)).not.toHaveAttribute("aria-invalid", "true");
    }
    expect(await ordersOf(page)).toHaveLength(0);
    await page.getByRole("radio", { name: "UPI" }).check();
    await page.getByRole("button", { name: "Place Order" }).click();

    await expectToast(page, "Order placed successfully!");
    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What's next?" })).toBeVisible();
    const confirmed = page.getByRole("list", { name: "Items ordered" });
    await expect(confirmed).toContainText("Cabbage × 1");
    await expect(confirmed).toContainText(`${dashboardName} × 2`);
    await expect(confirmed).toContainText(`${shopName} × 1`);
    await expect(page.getByText(formatRupees(expectedTotal)).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    expect(await readCart(page)).toEqual([]);
    await expect(cartLink).not.toContainText(/\d/);

    await page.getByRole("link", { name: "View Orders" }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const card = page.getByRole("article").first();
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("Cabbage × 1");
    await expect(card).toContainText(`${dashboardName} × 2`);
    await expect(card).toContainText(`${shopName} × 1`);
    await expect(card).toContainText(formatRupees(expectedTotal));
    await card.getByRole("link", { name: /View details/ }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByText("12 Lake Road, Pune, Maharashtra 411001")).toBeVisible();
    const paymentMethod = page.getByRole("region", { name: "Payment method" });
    await expect(paymentMethod).toContainText("UPI");
    await expect(paymentMethod).toContainText("Not paid yet");
    await expect(
      page.getByText("Pay the farmer by UPI when you get your order", { exact: false }),
    ).toBeVisible();

    const [order] = await ordersOf(page);
    expect(order).toMatchObject({ total: expectedTotal, paymentMethod: "upi", status: "pending" });

    // Opened with no order behind it, the confirmation sends the shopper to their orders.
    await page.goto("/order-confirmation");
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toHaveCount(0);
  });

  test("a double click on Place Order makes exactly one order", async ({ page }) => {
    await signedInUser(page);
    const [rice] = await seedCartProducts([{ name: "Basmati Rice", price: 129.99 }]);
    await storeCart(page, [{ ...rice!, quantity: 2 }]);
    // NOTE: the order request is held until both clicks have landed, so the second lands while the first is
    // in flight; a second request, if the page sent one, would be held and then placed too.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/orders", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/checkout");
    await fillShipping(page);
    await page.getByRole("button", { name: "Place Order" }).dblclick();
    await expect(page.getByRole("button", { name: /Placing Order/ })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/order-confirmation$/);
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total).toBe(259.98);
  });

  test("a refused order keeps the cart and says which line failed", async ({ page }) => {
    // NOTE: the order is refused with 409 on purpose.
    allowConsoleMessage(/status of 409 .*\/api\/orders:/);
    await signedInUser(page);
    const [gone, kept] = await seedCartProducts([
      { name: "Sold-out Mangoes", price: 320 },
      { name: "Onions", price: 35 },
    ]);
    await storeCart(page, [kept!, gone!]);
    await page.goto("/checkout");
    await fillShipping(page);
    await deleteProduct(gone!.id);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expectToast(page, "Failed to place order. Please try again.");
    await expect(page.getByRole("alert").filter({ hasText: "Line 2:" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText(
      "This product is no longer available",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    expect((await readCart(page)).map((line) => line.id)).toEqual([kept!.id, gone!.id]);
    expect(await ordersOf(page)).toHaveLength(0);

    await page.goto("/cart");
    await page.getByRole("button", { name: `Remove ${gone!.name} from cart` }).click();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await fillShipping(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation$/);
    expect(await ordersOf(page)).toHaveLength(1);
  });

  test("checkout shows and charges the server's current price, whatever the cart remembers", async ({
    page,
  }) => {
    await signedInUser(page);
    const [honey] = await seedCartProducts([{ name: "Wild Honey", price: 250 }]);
    await storeCart(page, [{ ...honey!, quantity: 2 }]);
    await repriceProduct(honey!.id, 275.5);
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("₹275.50 / piece × 2");
    await expect(summary).toContainText("The price has changed since you added it (was ₹250.00).");
    await expect(page.getByTestId("checkout-total")).toHaveText("₹551.00");
    await fillShipping(page);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/order-confirmation$/);
    expect((await ordersOf(page))[0]!.total).toBe(551);
  });

  test("an empty cart cannot be checked out", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await page.goto("/checkout");
    await expectToast(page, "Your cart is empty!");
    await expect(page.getByRole("main").getByText("Your cart is empty!")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place Order" })).toHaveCount(0);
  });

  test("what was typed at checkout survives a reload, and is gone for whoever signs in after a logout", async ({
    page,
  }) => {
    const shopper = await signedInUser(page, "Draft Shopper");
    const [carrots] = await seedCartProducts([{ name: "Carrots", price: 30 }]);
    await storeCart(page, [carrots!]);
    await page.goto("/checkout");
    await page.getByLabel("Address").fill(shippingDetails.address);
    await page.getByLabel("City").fill(shippingDetails.city);
    await page.reload();
    await expect(page.getByLabel("Address")).toHaveValue(shippingDetails.address);
    await expect(page.getByLabel("City")).toHaveValue(shippingDetails.city);

    // NOTE: the header's Logout sits in the menu at narrow widths; this journey runs wide.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(LOGIN_URL);
    await signInViaUi(page, shopper);
    await page.goto("/checkout");
    await expect(page.getByLabel("Address")).toHaveValue("");
    await expect(page.getByLabel("City")).toHaveValue("");
  });

  test("a cart open in two tabs stays the same in both", async ({ page, context }) => {
    await signedInUser(page);
    const [carrots] = await seedCartProducts([{ name: "Carrots", price: 30 }]);
    await storeCart(page, [carrots!]);
    await page.goto("/cart");
    const other = await context.newPage();
    await other.goto("/cart");
    await expect(other.getByRole("status", { name: `Quantity of ${carrots!.name}` })).toHaveText(/^1(\s|$)/);
    await page.getByRole("button", { name: `Increase quantity of ${carrots!.name}` }).click();
    await expect(other.getByRole("status", { name: `Quantity of ${carrots!.name}` })).toHaveText(/^2(\s|$)/);
    await other.getByRole("button", { name: `Remove ${carrots!.name} from cart` }).click();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });
});
