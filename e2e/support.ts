import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

let counter = 0;
/** A fresh account's credentials, unique across workers and runs. */
export function newCredentials(name = "Asha Farmer") {
  counter += 1;
  const email = `e2e.${process.pid}.${Date.now()}.${counter}@example.com`;
  return { name, email, password: "fresh greens 123" };
}

/** Creates an account through the API (the UI journey for sign-up is tested on its own). */
export async function signUpViaApi(request: APIRequestContext, credentials = newCredentials()) {
  const response = await request.post("/api/auth/signup", {
    data: credentials,
    headers: { "x-veggie-cart": "1" },
  });
  expect(response.status()).toBe(201);
  return credentials;
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signInViaUi(page: Page, credentials: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(credentials.email);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new account, signed in in this page. */
export async function signedInUser(page: Page, name?: string) {
  const credentials = await signUpViaApi(page.request, newCredentials(name));
  await signInViaUi(page, credentials);
  return credentials;
}

/** Fails on any serious or critical accessibility violation axe-core finds on the page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** Waits for a toast with this text (toasts are role=alert in the top-right region). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole("alert").filter({ hasText: text }).first()).toBeVisible();
}
