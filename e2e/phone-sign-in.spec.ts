import type { Browser, Page } from "@playwright/test";
import { placeOrderViaApi, uniqueName } from "./farmer-fixtures.ts";
import { say } from "./language-fixtures.ts";
import { shippingDetails } from "./order-fixtures.ts";
import {
  addProductViaApi,
  allowConsoleMessage,
  expect,
  expectNoA11yViolations,
  expectToast,
  test,
} from "./support.ts";

// Issue 37: signing up and in with a mobile number, the code read from the development outbox, at 375 px.

test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

/** A fresh Indian mobile number (its 10 digits, and its E.164 form): each run's numbers are new. */
function newNumber() {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  return { typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, e164: `+91${digits}` };
}

/**
 * The text of the newest WhatsApp message to `e164` that contains `containing`, read in /dev/outbox as a
 * person would (the list is newest first).
 */
async function whatsappFromOutbox(page: Page, e164: string, containing: string | RegExp): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    let text = "";
    await expect(async () => {
      await outbox.goto("/dev/outbox");
      await outbox
        .getByRole("listitem")
        .filter({ hasText: e164 })
        .first()
        .getByRole("link", { name: "WhatsApp message" })
        .click({ timeout: 1000 });
      text = (await outbox.locator("pre").textContent()) ?? "";
      expect(text).toMatch(containing);
    }).toPass();
    return text;
  } finally {
    await outbox.close();
  }
}

/** The 6-digit code of the newest WhatsApp message to `e164`. */
async function codeFromOutbox(page: Page, e164: string): Promise<{ code: string; text: string }> {
  const text = await whatsappFromOutbox(page, e164, /\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return { code, text };
}

/**
 * A farmer who joined with their number (so WhatsApp is their order news' channel) and lists one product, in a
 * browser of their own; answers their number and the product.
 */
async function phoneFarmerWithProduct(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const number = newNumber();
  const headers = { "x-veggie-cart": "1" };
  const asked = await page.request.post("/api/auth/phone/code", {
    headers,
    data: { phone: number.e164, purpose: "sign-up" },
  });
  expect(asked.status()).toBe(202);
  const { code } = await codeFromOutbox(page, number.e164);
  const verified = await page.request.post("/api/auth/phone/verify", {
    headers,
    data: { phone: number.e164, code, name: "Asha Jadhav" },
  });
  expect(verified.status()).toBe(201);
  const product = await addProductViaApi(page.request, { name: uniqueName("Methi"), price: 30, stock: 10 });
  return { page, e164: number.e164, product, close: () => context.close() };
}

test("sign up with a mobile number and the code from /dev/outbox; /login's phone form asks a new number's name", async ({
  page,
}) => {
  const number = newNumber();
  await page.goto("/signup");
  await page.getByRole("button", { name: "Use my mobile number instead" }).click();
  await page.getByLabel("Mobile number").fill(number.typed);
  await expectNoA11yViolations(page, "/signup by phone, the number");
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`We sent a code to ${number.typed}`)).toBeVisible();

  const { code, text } = await codeFromOutbox(page, number.e164);
  expect(text).toContain("is your Veggie Cart code");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByLabel("Full name").fill("Meena Patil");
  await expectNoA11yViolations(page, "/signup by phone, the code");
  await page.screenshot({ path: "test-results/phone-sign-up-375.png" });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => window.localStorage.getItem("loggedInUser"))).toBe(number.e164);

  // The account page shows the number, and no e-mail.
  await page.goto("/account");
  await expect(page.getByText(`You can sign in with ${number.e164}`)).toBeVisible();
  await expect(page.getByText("Your account has no email address yet.")).toBeVisible();
  await expectNoA11yViolations(page, "/account of a phone account");
  // Order news (decision 063): a phone account starts with WhatsApp and SMS, and may turn either off.
  const buying = page.getByRole("group", { name: "Orders I buy" });
  await expect(buying.getByRole("checkbox", { name: /WhatsApp/ })).toBeChecked();
  await buying.getByRole("checkbox", { name: /SMS/ }).uncheck();
  await page.getByRole("button", { name: "Save order news settings" }).click();
  await expectToast(page, "Order news settings saved");
  await expect(buying.getByRole("checkbox", { name: /SMS/ })).not.toBeChecked();

  // Signed out, /login's phone form takes a number without an account too: it asks the name, and the code
  // stays good meanwhile. (Signing in again with the first number waits 30 s for its next code: the server
  // tests hold that rule, and the sign-in, with their clock.)
  allowConsoleMessage(/status of 400/);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByRole("button", { name: "Use my mobile number instead" }).click();
  const other = newNumber();
  await page.getByLabel("Mobile number").fill(other.e164);
  await page.getByRole("button", { name: "Send me a code" }).click();
  const second = await codeFromOutbox(page, other.e164);
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  await page.getByLabel("6-digit code").fill(second.code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectToast(page, "This number has no account yet: please enter your full name to create one");
  await page.getByLabel("Full name").fill("Ravi Shinde");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => window.localStorage.getItem("loggedInUser"))).toBe(other.e164);
});

test("in Hindi: the screens and the messages speak Hindi; an order's news reaches the farmer by WhatsApp", async ({
  page,
  browser,
}) => {
  const number = newNumber();
  await page.goto("/login");
  await page.evaluate(() => window.localStorage.setItem("language", "hi"));
  await page.goto("/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await page.getByRole("button", { name: "इसकी जगह मेरा मोबाइल नंबर इस्तेमाल करें" }).click();
  await page.getByLabel("मोबाइल नंबर").fill(number.typed);
  await expectNoA11yViolations(page, "/signup by phone in Hindi, the number");
  await page.getByRole("button", { name: "मुझे कोड भेजें" }).click();
  const { code, text } = await codeFromOutbox(page, number.e164);
  expect(text).toContain("आपका Veggie Cart कोड है");
  await page.getByLabel("6 अंकों का कोड").fill(code);
  await page.getByLabel(say("hi", "Full name")).fill("सुनीता");
  await expectNoA11yViolations(page, "/signup by phone in Hindi, the code");
  await page.screenshot({ path: "test-results/phone-sign-up-375-hi.png" });
  await page.getByRole("button", { name: say("hi", "Create account") }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/account");
  await expect(page.getByText(`आप ${number.e164} और उस पर भेजे गए कोड से लॉग इन कर सकते हैं।`)).toBeVisible();
  await expectNoA11yViolations(page, "/account of a phone account in Hindi");

  // Issue 37's journey: she orders from a farmer who joined by phone. The farmer gets the new part by
  // WhatsApp (the lines and the buyer's number); she gets her confirmation by WhatsApp, in Hindi.
  const farmer = await phoneFarmerWithProduct(browser);
  try {
    const order = await placeOrderViaApi(page.request, farmer.product.id, 2);
    const orderNumber = `#${order.id.slice(0, 8).toUpperCase()}`;
    const news = await whatsappFromOutbox(page, farmer.e164, orderNumber);
    expect(news).toContain(`${farmer.product.name} × 2`);
    expect(news).toContain(shippingDetails.phone);
    const confirmation = await whatsappFromOutbox(page, number.e164, orderNumber);
    expect(confirmation).toContain(`आपका Veggie Cart ऑर्डर ${orderNumber}`);
    expect(confirmation).toContain("ऑर्डर के लिए धन्यवाद। आपने यह खरीदा है:");
  } finally {
    await farmer.close();
  }
});
