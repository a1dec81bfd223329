import type { Page } from "@playwright/test";
import { fillShipping, seedCartProducts, shippingDetails, storeCart } from "./order-fixtures.ts";
import { expect, expectNoA11yViolations, expectToast, signedInUser, test } from "./support.ts";

/** Puts one product in the cart and opens checkout. */
async function openCheckout(page: Page) {
  await storeCart(page, await seedCartProducts([{ name: "Okra", price: 30 }]));
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
}

async function placeOrder(page: Page) {
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe("checkout remembers the addresses a shopper used", () => {
  test("the second checkout is filled with the last address, another can be picked, and the Account page deletes one", async ({
    page,
  }) => {
    await signedInUser(page, "Meera Iyer");
    await openCheckout(page);
    await fillShipping(page);
    await placeOrder(page);

    await openCheckout(page);
    await expect(field(page, "Phone number")).toHaveValue(shippingDetails.phone);
    await expect(field(page, "Address")).toHaveValue(shippingDetails.address);
    await expect(field(page, "ZIP code")).toHaveValue(shippingDetails.zipCode);
    // NOTE: one kept address: nothing to choose from.
    await expect(page.getByLabel("Deliver to")).toHaveCount(0);
    await field(page, "Address").fill("4 Marine Drive");
    await field(page, "City").fill("Mumbai");
    await field(page, "ZIP code").fill("400002");
    await placeOrder(page);

    await openCheckout(page);
    await expect(field(page, "Address")).toHaveValue("4 Marine Drive");
    await expect(field(page, "City")).toHaveValue("Mumbai");
    const choice = page.getByLabel("Deliver to");
    await expect(choice.getByRole("option")).toHaveText([
      "Meera Iyer, 4 Marine Drive, Mumbai, Maharashtra 400002",
      "Meera Iyer, 12 Lake Road, Pune, Maharashtra 411001",
    ]);
    await choice.selectOption({ label: "Meera Iyer, 12 Lake Road, Pune, Maharashtra 411001" });
    await expect(field(page, "Address")).toHaveValue("12 Lake Road");
    await expect(field(page, "City")).toHaveValue("Pune");
    await expect(field(page, "ZIP code")).toHaveValue("411001");
    await expectNoA11yViolations(page, "checkout with saved addresses");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator("form").screenshot({ path: "test-results/addresses-checkout-375.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto("/account");
    const section = page.getByRole("region", { name: "Saved addresses" });
    await expect(section.getByRole("listitem")).toHaveCount(2);
    await section
      .getByRole("button", { name: "Delete Meera Iyer, 4 Marine Drive, Mumbai, Maharashtra 400002" })
      .click();
    await expectToast(page, "Address deleted.");
    await expect(section.getByRole("listitem")).toHaveCount(1);
    await expect(section).toContainText("12 Lake Road");
    // NOTE: the book takes a new address too: the state from the list, kept as its code, shown by its name.
    const add = section.getByRole("form", { name: "Add an address" });
    await add.getByLabel("Full name").fill("Meera Iyer");
    await add.getByLabel("Phone number").fill(shippingDetails.phone);
    await add.getByLabel("Address", { exact: true }).fill("9 Brigade Road");
    await add.getByLabel("City").fill("Bengaluru");
    await add.getByLabel("State").selectOption({ label: "Karnataka" });
    await expect(add.getByLabel("ZIP code")).toHaveAttribute("inputmode", "numeric");
    await add.getByLabel("ZIP code").fill("560001");
    await add.getByRole("button", { name: "Save address" }).click();
    await expectToast(page, "Address saved.");
    await expect(section.getByRole("listitem")).toHaveCount(2);
    await expect(section).toContainText("9 Brigade Road, Bengaluru, Karnataka 560001");
    await section
      .getByRole("button", { name: "Delete Meera Iyer, 9 Brigade Road, Bengaluru, Karnataka 560001" })
      .click();
    await expect(section.getByRole("listitem")).toHaveCount(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await section.screenshot({ path: "test-results/addresses-account-375.png" });
    await openCheckout(page);
    await expect(field(page, "Address")).toHaveValue("12 Lake Road");
  });
});
