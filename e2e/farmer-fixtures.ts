import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { addDays, shopDate } from "../src/shared/shop-calendar.ts";
import { shippingDetails } from "./order-fixtures.ts";
import { signedInUser } from "./support.ts";

let counter = 0;
export const uniqueName = (name: string) => {
  counter += 1;
  return `${name} ${process.pid}-${Date.now() % 100_000}-${counter}`;
};

/** The weekday (0 = Sunday) of the shop's day `days` from today, in the shop's time zone (Asia/Kolkata). */
export const weekdayIn = (days: number) =>
  new Date(`${addDays(shopDate(new Date()), days)}T00:00:00Z`).getUTCDay();

export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A second person at another browser, signed in on their own. */
export async function anotherPerson(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInUser(page, name);
  return page;
}

/** The product's card in the shop, found by searching for its name. */
export async function shopCard(page: Page, name: string) {
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toBeVisible();
  return card;
}

/** Places an order through the API (the checkout screens are tested on their own); answers the order. */
export async function placeOrderViaApi(request: APIRequestContext, productId: string, quantity: number) {
  const response = await request.post("/api/orders", {
    headers: { "x-veggie-cart": "1", "idempotency-key": randomUUID() },
    data: { items: [{ productId, quantity }], shipping: shippingDetails, paymentMethod: "upi" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).order as { id: string };
}

/** Moves my part of the order through to delivered, as its farmer (so the week's reckoning counts it). */
export async function deliverViaApi(request: APIRequestContext, orderId: string) {
  const list = await (await request.get("/api/farmer/orders?limit=50")).json();
  const part = (list.fulfilments as { id: string; orderId: string }[]).find((p) => p.orderId === orderId);
  expect(part, `my part of order ${orderId}`).toBeDefined();
  for (const status of ["confirmed", "out_for_delivery", "delivered"]) {
    const moved = await request.post(`/api/farmer/orders/${part?.id}/status`, {
      headers: { "x-veggie-cart": "1", "idempotency-key": randomUUID() },
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The buyer's view of one farmer's part on /orders/:id. */
export const partOf = (page: Page, farmerName: string) =>
  page
    .getByRole("list", { name: "Delivery and payment, farmer by farmer" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`from ${farmerName}$`) }) });
