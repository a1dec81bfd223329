import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { signedInOperator } from "./admin-fixtures.ts";
import { anotherPerson, deliverViaApi, partOf, placeOrderViaApi, uniqueName } from "./farmer-fixtures.ts";
import { shippingDetails } from "./order-fixtures.ts";
import {
  a11yViolations,
  addProductViaApi,
  allowConsoleMessage,
  expect,
  expectToast,
  signedInUser,
  test,
} from "./support.ts";

/**
 * Reads the QR code a page shows the way a phone's camera would: a screenshot of it, decoded by jsQR (a
 * real decoder, not our encoder run backwards).
 */
async function decodeQr(page: Page): Promise<string | undefined> {
  const png = await page.getByTestId("upi-qr").screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test.describe("sold by weight, paid at the door", () => {
  test("2 kg of tomatoes packed at 2,150 g: 'about', then the bill with its UPI QR; ₹40 in cash and the rest by UPI; the week shows it paid", async ({
    page: farmer,
    browser,
  }) => {
    // NOTE: two people in two browsers, many steps each: triple the time a loaded machine may need.
    test.slow();
    await signedInUser(farmer, "Asha Grower");
    const tomatoes = await addProductViaApi(farmer.request, {
      name: uniqueName("Vine Tomatoes"),
      price: 40,
      unit: "kg",
      stock: 10,
    });
    const coriander = await addProductViaApi(farmer.request, {
      name: uniqueName("Coriander"),
      price: 15,
      unit: "bunch",
    });

    // The farmer gives the shop their UPI ID in the Payments section of /farmer.
    await farmer.goto("/farmer");
    const payments = farmer.getByRole("region", { name: "Payments" });
    await payments.getByLabel("My UPI ID").fill("asha.grower@okaxis");
    await payments.getByRole("button", { name: "Save UPI ID" }).click();
    await expectToast(farmer, "UPI ID saved.");

    const shopper = await anotherPerson(browser, "Meera Buyer");
    const placed = await shopper.request.post("/api/orders", {
      headers: { "x-veggie-cart": "1", "idempotency-key": randomUUID() },
      data: {
        items: [
          { productId: tomatoes.id, quantity: 2 },
          { productId: coriander.id, quantity: 1 },
        ],
        shipping: shippingDetails,
        paymentMethod: "upi",
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()).order as { id: string };
    const orderUrl = `/orders/${order.id}`;
    await shopper.goto(orderUrl);
    await expect(shopper.getByTestId("order-bill")).toContainText("about ₹95.00");
    const part = partOf(shopper, "Asha Grower");
    await expect(part).toContainText("ordered 2 kg");
    await expect(part.getByRole("region", { name: /by UPI$/ })).toHaveCount(0);

    // The farmer weighs the tomatoes, sees the coriander needs no weight, confirms and sends the part out.
    await farmer.reload();
    const card = farmer.getByRole("list", { name: "Incoming orders" }).getByRole("article").first();
    await expect(card.getByTestId("unweighed-lines")).toContainText(tomatoes.name);
    await card.getByLabel(`${tomatoes.name}, grams (ordered 2 kg)`).fill("2150");
    await card.getByRole("button", { name: "Save weights" }).click();
    await expect(card).toContainText("packed 2.15 kg");
    await expect(card.getByTestId("unweighed-lines")).toHaveCount(0);
    await card.getByRole("button", { name: /^Confirm/ }).click();
    await expect(card.getByText("Confirmed", { exact: true }).first()).toBeVisible();
    await card.getByRole("button", { name: /^Send out for delivery/ }).click();
    await expect(card.getByText("Out for delivery", { exact: true }).first()).toBeVisible();

    // The shopper now sees the final bill, ₹86.00 for the tomatoes, and a QR code any UPI app reads.
    await shopper.reload();
    await expect(shopper.getByTestId("order-bill")).toHaveText(/Your bill₹101\.00/);
    await expect(part).toContainText("ordered 2 kg · packed 2.15 kg₹86.00");
    const pay = part.getByRole("region", { name: "Pay ₹101.00 by UPI" });
    await expect(pay.getByRole("img", { name: "QR code: Pay ₹101.00 by UPI" })).toBeVisible();
    const box = await pay.getByRole("img").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(200);
    const uri = await decodeQr(shopper);
    expect(uri).toBe(
      `upi://pay?pa=asha.grower@okaxis&pn=Asha%20Grower&am=101.00&cu=INR&tn=Veggie%20Cart%20order%20%23${order.id.slice(0, 8).toUpperCase()}%2C%20Asha%20Grower`,
    );
    await expect(pay.getByRole("link", { name: "Open in a UPI app" })).toHaveAttribute("href", uri ?? "");
    for (const width of [1280, 375]) {
      await shopper.setViewportSize({ width, height: 900 });
      expect(await a11yViolations(shopper, `the bill at ${width} px`)).toEqual([]);
      // NOTE: the README's picture of a final bill (docs/screenshots/final-bill.png) is this one.
      if (width === 1280) await part.screenshot({ path: "test-results/final-bill.png" });
    }

    // At the door: ₹40 in cash, the rest by UPI with its reference; then delivered.
    const record = card.getByRole("form", { name: /^Record a payment/ });
    await record.getByLabel("Amount (₹)").fill("40");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expectToast(farmer, "₹40.00 recorded");
    await expect(card.getByText("Part paid", { exact: true })).toBeVisible();
    await record.getByLabel("Paid by").selectOption("upi");
    await record.getByLabel("Amount (₹)").fill("61");
    await record.getByLabel("UPI reference (optional)").fill("412345678901");
    await record.getByRole("button", { name: "Record payment" }).click();
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: /^Mark delivered/ }).click();
    await expect(card.getByText("Delivered", { exact: true }).first()).toBeVisible();

    await shopper.reload();
    await expect(part.getByText("Paid", { exact: true })).toBeVisible();
    await expect(part.getByRole("region", { name: /by UPI$/ })).toHaveCount(0);
    await shopper.context().close();

    // The farmer's week: delivered ₹101.00, ₹40.00 in cash, ₹61.00 by UPI, nothing owed; the CSV says the same.
    await farmer.reload();
    const week = payments.getByRole("definition");
    await expect(payments.getByRole("row", { name: /Meera Iyer/ })).toContainText("Paid");
    await expect(week.nth(0)).toHaveText("₹101.00");
    await expect(week.nth(1)).toHaveText("₹40.00");
    await expect(week.nth(2)).toHaveText("₹61.00");
    await expect(week.nth(3)).toHaveText("₹0.00");
    const csvLink = payments.getByRole("link", { name: "Download CSV" });
    const csv = await farmer.request.get((await csvLink.getAttribute("href")) ?? "");
    expect(await csv.text()).toContain(",101.00,40.00,61.00,0.00,0.00,0.00,0.00,0.00,,paid");
    for (const width of [1280, 375]) {
      await farmer.setViewportSize({ width, height: 900 });
      expect(await a11yViolations(farmer, `/farmer with payments at ${width} px`)).toEqual([]);
    }
    // At 375 px each buyer is a card: every sum beside its label, "Still owed" whole inside the screen.
    const buyerCard = payments
      .getByRole("list", { name: "Payments buyer by buyer" })
      .getByRole("listitem")
      .filter({ hasText: "Meera Iyer" });
    await expect(buyerCard).toBeVisible();
    await expect(payments.getByRole("table")).toBeHidden();
    for (const [label, amount] of [
      ["Delivered", "₹101.00"],
      ["Cash received", "₹40.00"],
      ["UPI received", "₹61.00"],
      ["Still owed", "₹0.00"],
    ] as const) {
      const term = buyerCard.getByRole("term").filter({ hasText: label });
      await expect(term.locator("xpath=following-sibling::dd")).toHaveText(amount);
      const box = await term.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, `${label} inside the screen`).toBe(true);
    }
    expect(await farmer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await payments.screenshot({ path: "test-results/farmer-payments-375.png" });
  });

  test("the operator's Payments: the week per farmer, payouts and the shop's UPI ID, with no accessibility violations at 1280 and 375 px", async ({
    page,
    browser,
  }) => {
    await signedInOperator(page);
    // NOTE: the operator sells too: a part of theirs delivered this week puts a farmer in the week.
    const own = await addProductViaApi(page.request, { name: uniqueName("Payout okra"), stock: 5 });
    const buyer = await anotherPerson(browser, "Payout Buyer");
    const order = await placeOrderViaApi(buyer.request, own.id, 1);
    await buyer.context().close();
    await deliverViaApi(page.request, order.id);
    await page.goto("/admin/payments");
    const section = page.getByRole("region", { name: "Payments" });
    await expect(section.getByRole("definition").first()).toBeVisible();
    const upi = section.getByLabel("The shop's UPI ID (for the deal of the day)");
    await upi.fill("not a upi id");
    await section.getByRole("button", { name: "Save UPI ID" }).click();
    await expect(upi).toHaveAccessibleDescription(/Enter a UPI ID like name@bank/);
    // Paid at the door, so the shop owes no farmer anything: a payout is refused, and the form says why.
    await expect(
      section.getByRole("table", { name: "Paid online and paid out, farmer by farmer" }),
    ).toBeVisible();
    const payout = section.getByRole("form", { name: "Record a payout" });
    await payout.getByLabel("Amount (₹)").fill("1");
    await payout.getByLabel("Bank reference").fill("UTR-E2E-1");
    allowConsoleMessage(/status of 409/);
    await payout.getByRole("button", { name: "Record payout" }).click();
    await expect(payout.getByRole("alert")).toHaveText(/That is more than the shop owes this farmer: ₹0\.00/);
    await expect(payout.getByLabel("Amount (₹)")).toHaveAttribute("aria-invalid", "true");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await a11yViolations(page, `/admin/payments at ${width} px`)).toEqual([]);
    }
  });
});
