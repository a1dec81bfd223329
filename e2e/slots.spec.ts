import type { Page } from "@playwright/test";
import { WEEKDAY_NAMES } from "../src/shared/schemas/slots.ts";
import { anotherPerson, shopCard, uniqueName, weekdayIn } from "./farmer-fixtures.ts";
import { fillShipping } from "./order-fixtures.ts";
import { a11yViolations, addProductViaApi, expect, expectToast, signedInUser, test } from "./support.ts";

async function buyWithSlot(page: Page, productName: string, pick: (choices: Page) => Promise<void>) {
  const card = await shopCard(page, productName);
  await card.getByRole("button", { name: /Add to Cart/ }).click();
  await expectToast(page, `${productName} added to cart!`);
  await page.goto("/checkout");
  await fillShipping(page);
  await pick(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
}

test.describe("delivery slots and pickup points", () => {
  test("a farmer sets up a pickup point and a weekly delivery slot of capacity 1; one shopper fills it, the next picks the pickup; the farmer prints the packing list", async ({
    page: farmer,
    browser,
  }) => {
    test.slow();
    await signedInUser(farmer, "Asha Slots");
    const productName = uniqueName("Slot Tomatoes");
    await addProductViaApi(farmer.request, { name: productName, price: 40, unit: "kg", stock: 20 });

    await farmer.goto("/farmer");
    const section = farmer.getByRole("region", { name: "Delivery and pickup" });
    const addPoint = section.getByRole("form", { name: "Add a pickup point" });
    await addPoint.getByLabel("Name").fill("Farm gate");
    await addPoint.getByLabel("Address", { exact: true }).fill("Survey 42, Hadapsar, Pune");
    await addPoint.getByRole("button", { name: "Add pickup point" }).click();
    await expectToast(farmer, "Pickup point added");
    await expect(section.getByRole("region", { name: "Pickup points" })).toContainText("Farm gate");

    await section.getByLabel("PIN codes you deliver to").fill("4110");
    await section.getByRole("button", { name: "Save area" }).click();
    await expectToast(farmer, "Delivery area saved");

    const deliveryDay = WEEKDAY_NAMES[weekdayIn(2)] ?? "";
    const addSlot = section.getByRole("form", { name: "Add a weekly slot" });
    await addSlot.getByLabel("Day").selectOption({ label: deliveryDay });
    await addSlot.getByLabel("Start").fill("08:00");
    await addSlot.getByLabel("End").fill("10:00");
    await addSlot.getByLabel("Capacity (orders)").fill("1");
    await addSlot.getByRole("button", { name: "Add weekly slot" }).click();
    await expectToast(farmer, "Weekly slot added");
    await addSlot.getByLabel("Kind").selectOption("pickup");
    await addSlot.getByLabel("Pickup point").selectOption({ label: "Farm gate" });
    await addSlot.getByLabel("Day").selectOption({ label: WEEKDAY_NAMES[weekdayIn(3)] ?? "" });
    await addSlot.getByLabel("Start").fill("17:00");
    await addSlot.getByLabel("End").fill("19:00");
    await addSlot.getByLabel("Capacity (orders)").fill("5");
    await addSlot.getByRole("button", { name: "Add weekly slot" }).click();
    await expectToast(farmer, "Weekly slot added");
    await expect(section.getByRole("region", { name: "Weekly slots" })).toContainText(
      `${deliveryDay} 8–10 am`,
    );
    // NOTE: the form's button is disabled while its save is in flight; axe reads the page once it is done.
    await expect(addSlot.getByRole("button", { name: "Add weekly slot" })).toBeEnabled();
    for (const width of [1280, 375]) {
      await farmer.setViewportSize({ width, height: 900 });
      expect(await a11yViolations(farmer, `/farmer at ${width} px`)).toEqual([]);
    }

    // On a phone, the pickup slot takes one more order: edited in a dialog, from the keyboard.
    const pickupName = `${WEEKDAY_NAMES[weekdayIn(3)]} 5–7 pm`;
    const weekly = section.getByRole("region", { name: "Weekly slots" });
    await weekly.getByRole("button", { name: `Edit ${pickupName}` }).focus();
    await farmer.keyboard.press("Enter");
    const editing = farmer.getByRole("dialog", { name: `Edit ${pickupName}` });
    await expect(editing.getByLabel("Kind")).toBeFocused();
    await expect(editing.getByLabel("Pickup point")).toHaveValue(/.+/);
    await expect(editing.getByLabel("Capacity (orders)")).toHaveValue("5");
    expect(await a11yViolations(farmer, "the weekly slot's edit dialog at 375 px")).toEqual([]);
    await farmer.screenshot({ path: "test-results/weekly-slot-edit-375.png" });
    await editing.getByLabel("Capacity (orders)").fill("6");
    await editing.getByLabel("Capacity (orders)").press("Enter");
    await expectToast(farmer, "Weekly slot saved");
    await expect(editing).toBeHidden();
    await expect(weekly).toContainText(`${pickupName} · Pickup at Farm gate · 6 orders`);
    await expect(weekly.getByRole("button", { name: `Edit ${pickupName}` })).toBeFocused();
    await farmer.setViewportSize({ width: 1280, height: 900 });

    // The first shopper takes the delivery slot's only place.
    const first = await anotherPerson(browser, "Meera First");
    const card = await shopCard(first, productName);
    await expect(card).toContainText(`Next delivery: ${deliveryDay.slice(0, 3)} 8–10 am`);
    await buyWithSlot(first, productName, async (page) => {
      const choice = page.getByRole("group", { name: "Delivery and pickup" });
      await expect(choice).toContainText("Asha Slots");
      await choice
        .getByRole("radio", { name: /^Delivery ·/ })
        .first()
        .check();
    });
    await expect(first.getByTestId("order-slots")).toContainText(`Delivery: ${deliveryDay.slice(0, 3)}`);

    // The second sees it full, with why, and picks the pickup instead.
    const second = await anotherPerson(browser, "Ravi Second");
    await buyWithSlot(second, productName, async (page) => {
      const choice = page.getByRole("group", { name: "Delivery and pickup" });
      const full = choice.getByRole("radio", { name: /^Delivery ·/ }).first();
      await expect(full).toBeDisabled();
      await expect(choice).toContainText("Unavailable: Full");
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await a11yViolations(page, `/checkout with slots at ${width} px`)).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: "test-results/checkout-slot-choice.png", fullPage: true });
      await choice
        .getByRole("radio", { name: /^Pickup ·/ })
        .first()
        .check();
    });
    await expect(second.getByTestId("order-slots")).toContainText("Pickup:");
    await expect(second.getByTestId("order-slots")).toContainText("Farm gate");

    // The farmer prints the delivery slot's packing list.
    await farmer.goto("/farmer");
    const days = section.getByRole("region", { name: "The next 14 days" });
    await expect(days).toContainText("1 of 1 taken · Full");
    await days
      .getByRole("link", { name: /^Packing list for .* 8–10 am/ })
      .first()
      .click();
    await expect(farmer.getByRole("heading", { level: 1 })).toContainText("Packing list");
    await expect(farmer.getByRole("listitem").filter({ hasText: "Meera Iyer" })).toContainText(
      `${productName}: 1 kg`,
    );
    for (const width of [1280, 375]) {
      await farmer.setViewportSize({ width, height: 900 });
      expect(await a11yViolations(farmer, `packing list at ${width} px`)).toEqual([]);
      await farmer.screenshot({ path: `test-results/packing-list-${width}.png`, fullPage: true });
    }
    // NOTE: A4 is 210 mm, 794 CSS pixels wide; printed, the shop's header and the buttons are left out.
    await farmer.setViewportSize({ width: 794, height: 1123 });
    await farmer.emulateMedia({ media: "print" });
    await expect(farmer.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(farmer.getByRole("banner")).toBeHidden();
    await farmer.screenshot({ path: "test-results/packing-list-a4.png", fullPage: true });
    await farmer.emulateMedia({ media: "screen" });
    const csv = await farmer.request.get(
      (await farmer.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "",
    );
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    // NOTE: the count and the unit in columns of their own, then the weight in kg (issue 40).
    expect(await csv.text()).toContain(`${productName},1,kg,1`);
    // The same list as a farmer reading Marathi sees it (screenshots reviewed for issue 40).
    await farmer.setViewportSize({ width: 1280, height: 900 });
    await farmer
      .getByRole("navigation", { name: "Main" })
      .getByRole("combobox", { name: "Language" })
      .selectOption("mr");
    await expect(farmer.getByRole("heading", { level: 1 })).toContainText("पॅकिंग यादी");
    await expect(farmer.getByRole("listitem").filter({ hasText: "Meera Iyer" })).toContainText(
      `${productName}: 1 किलो`,
    );
    for (const width of [1280, 375]) {
      await farmer.setViewportSize({ width, height: 900 });
      await farmer.screenshot({ path: `test-results/packing-list-mr-${width}.png`, fullPage: true });
    }
  });
});
