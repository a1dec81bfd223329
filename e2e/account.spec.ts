import {
  allowConsoleMessage,
  expect,
  expectNoA11yViolations,
  headerMenuLink,
  LOGIN_URL,
  LOOK,
  newCredentials,
  signedInUser,
  signInViaUi,
  signUpViaApi,
  test,
} from "./support.ts";

test("forgot password: the mail in /dev/outbox sets a new password, which then signs in", async ({
  page,
}) => {
  const credentials = await signUpViaApi(page.request, newCredentials("Reset Person"));
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email address").fill(credentials.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that e-mail address");

  await expect(async () => {
    await page.goto("/dev/outbox");
    await page
      .getByRole("listitem")
      .filter({ hasText: credentials.email })
      .getByRole("link", { name: "Reset your Veggie Cart password" })
      .click({ timeout: 1000 });
  }).toPass();
  await page.getByRole("link", { name: /\/reset-password#token=/ }).click();
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a fresh new password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page).toHaveURL(LOGIN_URL);
  await signInViaUi(page, { email: credentials.email, password: "a fresh new password" });
});

test("change my name on /account, reached from the header", async ({ page }) => {
  await signedInUser(page, "Old Name");
  await (await headerMenuLink(page, "Account")).click();
  await expect(page).toHaveURL(/\/account$/);
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("Old Name");
  await name.fill("New Name");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your name has been saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("New Name");
});

test("ending another device's session sends that browser to /login", async ({ page, browser }) => {
  const credentials = await signedInUser(page, "Two Devices");
  const other = await browser.newContext();
  try {
    // The ended session's next request is answered 401, which Chromium logs.
    allowConsoleMessage(/status of 401/);
    const otherPage = await other.newPage();
    await signInViaUi(otherPage, credentials);

    await page.goto("/account");
    await expect(page.getByText("This device")).toBeVisible();
    const rows = page.getByRole("region", { name: "Signed-in devices" }).getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await page.getByRole("button", { name: /^Sign out .*last used/ }).click();
    await expect(rows).toHaveCount(1);

    // The other browser's next request finds its session ended.
    await otherPage.getByRole("navigation").getByRole("link", { name: "Shop" }).first().click();
    await expect(otherPage).toHaveURL(LOGIN_URL);
  } finally {
    await other.close();
  }
});

for (const width of [1280, 375]) {
  test(
    `axe finds nothing on the account screens at ${width} px`,
    { tag: LOOK },
    async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
      await page.goto("/forgot-password");
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectNoA11yViolations(page, "/forgot-password");
      await shot("forgot-password");
      await page.goto(`/reset-password#token=${"A".repeat(43)}`);
      await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
      await expectNoA11yViolations(page, "/reset-password");
      await shot("reset-password");
      // An unknown link is refused with 400, which Chromium logs.
      allowConsoleMessage(/status of 400 .*email\/confirm/);
      await page.goto(`/account/confirm-email#token=${"A".repeat(43)}`);
      await expect(page.getByRole("status")).toContainText("invalid");
      await expectNoA11yViolations(page, "/account/confirm-email");
      await shot("confirm-email");

      await signedInUser(page, "Axe Checker");
      await page.goto("/account");
      await expect(page.getByText("This device")).toBeVisible();
      await expectNoA11yViolations(page, "/account");
      await shot("account");
    },
  );
}
