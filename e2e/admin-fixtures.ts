import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signInViaUi } from "./support.ts";

/** The operator of the journeys: OPERATOR_EMAILS names this address in playwright.config.ts. */
export const OPERATOR = {
  name: "Olu Operator",
  email: "operator.e2e@example.com",
  password: "run the stall 123",
};

/** Makes the operator's account once (the journeys run side by side and share it) and signs it in. */
export async function signedInOperator(page: Page) {
  const response = await page.request.post("/api/auth/signup", {
    data: OPERATOR,
    headers: { "x-veggie-cart": "1" },
  });
  expect([201, 409]).toContain(response.status());
  await signInViaUi(page, OPERATOR);
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
