import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signInViaApi } from "./support.ts";

/** The operator of the journeys: OPERATOR_EMAILS names this address in playwright.config.ts. */
export const OPERATOR = {
  name: "Olu Operator",
  email: "operator.e2e@example.com",
  password: "run the stall 123",
};

/**
 * Makes the operator's account once (the journeys run side by side and share it), proves its address with the
 * link mailed to it (signing up with a listed address alone makes no operator, decision 021) and signs it in.
 * `account` is another operator's (OPERATOR_EMAILS lists it), for a journey that changes its account.
 */
export async function signedInOperator(page: Page, account: typeof OPERATOR = OPERATOR) {
  const headers = { "x-veggie-cart": "1" };
  const response = await page.request.post("/api/auth/signup", { data: account, headers });
  expect([201, 409]).toContain(response.status());
  // NOTE: through the API: the sign-in screen is the auth journeys' subject, not the operator's (decision 076).
  await signInViaApi(page, account);
  const isOperator = async () =>
    (await (await page.request.get("/api/auth/me")).json()).user?.operator === true;
  await expect(async () => {
    if (await isOperator()) return;
    const outbox = await (await page.request.get("/dev/outbox")).text();
    const links = [...outbox.matchAll(/<a href="(\/dev\/outbox\/[^"]+)">Confirm your operator rights/g)];
    for (const [, href] of links) {
      const mail = await (await page.request.get(href!)).text();
      const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
      if (token && mail.includes(account.email)) {
        await page.request.post("/api/auth/operator-claim", { data: { token }, headers });
      }
    }
    expect(await isOperator()).toBe(true);
  }).toPass();
  // NOTE: the header read /api/auth/me before the claim; it shows the Admin link once it reads it again.
  await page.reload();
}

/** A message to the site creator, sent as the FAQ form sends it. */
export async function sendFaqMessage(request: APIRequestContext, subject: string) {
  const response = await request.post("/api/messages", {
    data: {
      kind: "faq",
      name: "Fatima Asker",
      email: "fatima@example.com",
      subject,
      message: "When do you deliver?",
    },
    headers: { "x-veggie-cart": "1" },
  });
  expect(response.status()).toBe(201);
}

export const SHOP_POINT = { name: "Shop counter", address: "Shop 1, Mandai, Pune 411002" };

/**
 * The shop's own pickup point and delivery area, so its "Delivery and pickup" section has something in it. No
 * weekly slot: with one, every order holding the deal of the day would need a slot, and the journeys running
 * beside this one buy the deal without.
 */
export async function shopPickupPoint(request: APIRequestContext) {
  const headers = { "x-veggie-cart": "1" };
  const points = await request.get("/api/admin/shop-slots/pickup-points");
  expect(points.status()).toBe(200);
  const { items } = (await points.json()) as { items: { name: string }[] };
  if (!items.some((point) => point.name === SHOP_POINT.name)) {
    const added = await request.post("/api/admin/shop-slots/pickup-points", { data: SHOP_POINT, headers });
    expect(added.status()).toBe(201);
  }
  const area = await request.put("/api/admin/shop-slots/delivery-area", {
    data: { pinPrefixes: ["4110"] },
    headers,
  });
  expect(area.status()).toBe(200);
}
