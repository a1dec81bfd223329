import { hi } from "../src/shared/i18n/hi.ts";
import { mr } from "../src/shared/i18n/mr.ts";
import { expect, expectNoA11yViolations, expectToast, newCredentials, test } from "./support.ts";

test.describe("languages", () => {
  test.use({ locale: "hi-IN" });

  test("a Hindi browser signs up and in in Hindi, then switches to Marathi, which the account keeps", async ({
    page,
  }) => {
    const credentials = newCredentials("Meera Shopper");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "अपना खाता बनाएँ" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expectNoA11yViolations(page, "sign-up in Hindi");
    await page.getByLabel("पूरा नाम").fill(credentials.name);
    await page.getByLabel("ईमेल पता").fill(credentials.email);
    await page.getByLabel("पासवर्ड").fill(credentials.password);
    await page.getByRole("button", { name: "खाता बनाएँ" }).click();
    await expectToast(page, hi.messages.signUpSuccess);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("ईमेल पता").fill(credentials.email);
    await page.getByLabel("पासवर्ड").fill(credentials.password);
    await page.getByRole("button", { name: "लॉग इन करें" }).click();
    await expectToast(page, hi.messages.loginSuccess);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole("navigation", { name: "मुख्य" });
    await expect(nav.getByRole("button", { name: "लॉग आउट" })).toBeVisible();

    await nav.getByRole("combobox", { name: "भाषा" }).selectOption("mr");
    await expect(nav.getByRole("link", { name: "पिशवी" }).first()).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "mr");
    await expect
      .poll(async () => (await (await page.request.get("/api/auth/me")).json()).user.language)
      .toBe("mr");

    // A new browser profile without the stored choice still opens in the account's language once signed in.
    await page.evaluate(() => localStorage.removeItem("language"));
    await page.reload();
    await expect(
      page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: "पिशवी" }).first(),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "mr");

    // The server answers in Marathi too.
    const refused = await page.request.patch("/api/account", {
      headers: { "x-veggie-cart": "1" },
      data: { name: "   " },
    });
    expect((await refused.json()).error).toMatchObject({
      code: "validation_failed",
      message: mr.messages.nameRequired,
    });
  });
});
