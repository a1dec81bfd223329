import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../shared/schemas/orders.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody } from "../test/order-helpers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/**
 * The built-in test gateway (PAYMENT_GATEWAY=test, decision 052): its page on our server, and Pay and Fail
 * going back through the same signed return and webhook as Razorpay's.
 */
let t: TestApp;
let buyer: SignedInUser;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ payments: { gateway: "test" } });
  buyer = await signUpAndLogIn(t.app, "Test Gateway Buyer");
  const farmer = await signUpAndLogIn(t.app, "Test Gateway Farmer");
  productId = (await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 4000 })).id!;
});
afterAll(() => t.close());

async function payNow(): Promise<Order> {
  const res = await request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: { ...orderBody([{ productId, quantity: 1 }]), paymentMethod: "net-banking", payment: "now" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");
/** The page's form, posted as a browser posts it: no custom header. */
const submit = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: pathOf(url),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://shop.test" },
    payload: new URLSearchParams(fields).toString(),
  });
const getOrder = async (id: string) =>
  (await request(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: buyer.cookie })).json()
    .order as Order;

describe("the test gateway", () => {
  it("shows 'Test payment — no money moves', the amount, and the chosen method first", async () => {
    const order = await payNow();
    expect(order.payment.url).toMatch(/^http:\/\/shop\.test\/pay\/test\/plink_test_/);
    const page = await t.app.inject({ method: "GET", url: pathOf(order.payment.url ?? "") });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Test payment — no money moves</h1>");
    expect(page.body).toContain("₹40.00");
    expect(page.body).toMatch(/value="netbanking" checked/);
    expect(page.body.indexOf('value="netbanking"')).toBeLessThan(page.body.indexOf('value="card"'));
  });

  it("Pay sends the signed webhook and the browser back: the order is paid by the method chosen", async () => {
    const order = await payNow();
    const paid = await submit(order.payment.url ?? "", { action: "pay", method: "upi" });
    expect(paid.statusCode).toBe(303);
    const back = String(paid.headers.location);
    expect(back).toMatch(/^http:\/\/shop\.test\/api\/payments\/return\?razorpay_payment_id=pay_test_/);
    // NOTE: the webhook came first: the order is paid before the browser is back.
    expect((await getOrder(order.id)).payment).toMatchObject({ status: "paid", method: "upi", paid: 40 });
    const returned = await t.app.inject({ method: "GET", url: pathOf(back) });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/orders/${order.id}`);
    // NOTE: a paid link's page says so, and its form takes nothing more.
    expect((await t.app.inject({ method: "GET", url: pathOf(order.payment.url ?? "") })).statusCode).toBe(
      410,
    );
    expect((await submit(order.payment.url ?? "", { action: "pay" })).statusCode).toBe(303);
    const rows = await t.db.kysely
      .selectFrom("gateway_payments")
      .select("id")
      .where("order_id", "=", order.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("Fail returns to the order with the attempt failed, and Try again makes a new page", async () => {
    const order = await payNow();
    const failed = await submit(order.payment.url ?? "", { action: "fail" });
    expect(failed.statusCode).toBe(303);
    const returned = await t.app.inject({ method: "GET", url: pathOf(String(failed.headers.location)) });
    expect(returned.headers.location).toBe(`/orders/${order.id}`);
    expect((await getOrder(order.id)).payment.status).toBe("failed");
    const again = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      cookie: buyer.cookie,
    });
    const url = (again.json().order as Order).payment.url ?? "";
    expect(url).not.toBe(order.payment.url);
    expect((await t.app.inject({ method: "GET", url: pathOf(url) })).statusCode).toBe(200);
  });
});
