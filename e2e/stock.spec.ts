import { shopDate } from "../src/shared/shop-calendar.ts";
import { anotherPerson, daysBefore, partOf, shopCard, uniqueName } from "./farmer-fixtures.ts";
import { fillShipping, readCart, storeCart } from "./order-fixtures.ts";
import { addProductViaApi, expect, expectToast, photoFile, signedInUser, test } from "./support.ts";

test.describe("stock on screen", () => {
  test("a farmer lists produce with unit, stock and harvest date; a shopper buys the last units; the card says Sold out", async ({
    page: farmer,
    browser,
  }) => {
    // NOTE: two people in two browsers, many steps each: triple the time a loaded machine may need.
    test.slow();
    await signedInUser(farmer, "Ravi Grower");
    const name = uniqueName("Heirloom Tomatoes");
    const yesterday = daysBefore(shopDate(), 1);

    await farmer.goto("/addProduct");
    await farmer.getByLabel("Product name").fill(name);
    await farmer.getByLabel("Price (Rs.)").fill("40");
    await farmer.getByLabel("Category", { exact: true }).selectOption("vegetables");
    await farmer.getByLabel("Description").fill("Picked at dawn, sold by weight");
    await farmer.getByLabel("Product image").setInputFiles(await photoFile());
    await farmer.getByLabel("Unit").selectOption("kg");
    await farmer.getByLabel("Stock").fill("3");
    await farmer.getByLabel("Harvest date").fill(yesterday);
    await farmer.getByRole("button", { name: "Add Product" }).click();
    await expectToast(farmer, `Product "${name}" added successfully!`);
    await expect(farmer).toHaveURL(/\/shop$/);

    const shopper = await anotherPerson(browser, "Meera Buyer");
    let card = await shopCard(shopper, name);
    await expect(card).toContainText("₹40.00 / kg");
    await expect(card).toContainText("Only 3 left");
    await expect(card).toContainText("Harvested yesterday");
    const add = card.getByRole("button", { name: /Add to Cart/ });
    for (let i = 0; i < 3; i += 1) await add.click();
    await add.click();
    await expectToast(shopper, `Only 3 of ${name} can be ordered, and your cart holds them all.`);
    expect((await readCart(shopper)).map((line) => [line.name, line.quantity, line.unit])).toEqual([
      [name, 3, "kg"],
    ]);

    await shopper.goto("/cart");
    await expect(shopper.getByRole("button", { name: `Increase quantity of ${name}` })).toBeDisabled();
    await expect(shopper.getByRole("list", { name: "Cart items" })).toContainText("₹40.00 / kg");
    await shopper.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(shopper.getByRole("region", { name: "Order Summary" })).toContainText("₹40.00 / kg × 3");
    await fillShipping(shopper);
    await shopper.getByRole("radio", { name: "UPI" }).check();
    await expect(
      shopper.getByText("Pay the farmer by UPI when you get your order", { exact: false }),
    ).toBeVisible();
    await shopper.getByRole("button", { name: "Place Order" }).click();
    await expect(shopper.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
    await expect(shopper.getByText("Nothing is charged online", { exact: false })).toBeVisible();

    card = await shopCard(shopper, name);
    await expect(card).toContainText("Sold out");
    await expect(card.getByRole("button", { name: /Add to Cart/ })).toBeDisabled();

    await shopper.goto("/orders");
    await shopper
      .getByRole("link", { name: /View details/ })
      .first()
      .click();
    await expect(shopper).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const part = partOf(shopper, "Ravi Grower");
    await expect(part).toContainText("Pending");
    await expect(part).toContainText("Not paid yet");
    await shopper.context().close();
  });

  test("checkout marks a line over the stock with how many are left and waits until the cart is fixed", async ({
    page,
    browser,
  }) => {
    // NOTE: two people in two browsers: triple the time a loaded machine may need.
    test.slow();
    const farmer = await anotherPerson(browser, "Kiran Grower");
    const product = await addProductViaApi(farmer.request, {
      name: uniqueName("Guavas"),
      price: 60,
      stock: 2,
    });
    await farmer.context().close();
    await signedInUser(page, "Lata Buyer");
    await storeCart(page, [
      {
        id: product.id,
        name: product.name,
        price: 60,
        image: "",
        description: "",
        category: "fruits",
        userId: product.userId,
        quantity: 4,
      },
    ]);
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary).toContainText("Only 2 left");
    await fillShipping(page);
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await expect(page.getByRole("alert").filter({ hasText: "no longer available" })).toBeVisible();

    await page.getByRole("link", { name: "cart", exact: true }).click();
    await expect(page.getByRole("button", { name: `Increase quantity of ${product.name}` })).toBeDisabled();
    // One step down lands on the stock the quote reported (2), not on 3.
    await page.getByRole("button", { name: `Decrease quantity of ${product.name}` }).click();
    await expect(page.getByRole("status", { name: `Quantity of ${product.name}` })).toHaveText(/^2(\s|$)/);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await fillShipping(page);
    await expect(summary).not.toContainText("Only 2 left");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
  });
});
