import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { multipartBody, sampleImage } from "../test/multipart.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let operator: SignedInUser;
let farmer: SignedInUser;
let shopper: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
  farmer = await signUpAndLogIn(t.app, "Hari Farmer");
  shopper = await signUpAndLogIn(t.app, "Sita Shopper");
});
afterAll(() => t.close());

async function listProduct(name: string): Promise<string> {
  const body = await multipartBody({
    name,
    price: "30",
    description: "From the hills",
    category: "fruits",
    image: { bytes: await sampleImage("png", 320, 240), filename: "p.png", type: "image/png" },
  });
  const res = await request(t.app, {
    method: "POST",
    url: "/api/products",
    cookie: farmer.cookie,
    headers: body.headers,
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product.id;
}

const hide = (id: string, reason: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/admin/products/${id}/hide`,
    payload: { reason },
    cookie: operator.cookie,
  });
const unhide = (id: string, reason: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/admin/products/${id}/unhide`,
    payload: { reason },
    cookie: operator.cookie,
  });
const shopIds = async (query = "") =>
  (await request(t.app, { method: "GET", url: `/api/products?limit=48${query}`, cookie: shopper.cookie }))
    .json()
    .items.map((p: { id: string }) => p.id);

const shipping = {
  fullName: "Sita Shopper",
  email: "sita@example.com",
  address: "3 Hill Road",
  city: "Shimla",
  state: "Himachal Pradesh",
  zipCode: "171001",
  phone: "+91 98160 12345",
};
const placeOrder = (productId: string, key: string) =>
  request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: shopper.cookie,
    headers: { "idempotency-key": key },
    payload: { items: [{ productId, quantity: 2 }], shipping, paymentMethod: "upi" },
  });

describe("hiding a product", () => {
  it("takes it out of the shop, search and details at once; its farmer and operators still see it, with the reason", async () => {
    const id = await listProduct("Himalayan Plums");
    expect(await shopIds()).toContain(id);
    expect(await shopIds("&q=plums")).toContain(id);

    const res = await hide(id, "Photo shows a different fruit");
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      id,
      hidden: true,
      hiddenReason: "Photo shows a different fruit",
    });

    expect(await shopIds()).not.toContain(id);
    expect(await shopIds("&q=plums")).not.toContain(id);
    expect(await shopIds("&category=fruits")).not.toContain(id);
    const asShopper = await request(t.app, {
      method: "GET",
      url: `/api/products/${id}`,
      cookie: shopper.cookie,
    });
    expect(asShopper.statusCode).toBe(404);
    const asOwner = await request(t.app, {
      method: "GET",
      url: `/api/products/${id}`,
      cookie: farmer.cookie,
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().product).toMatchObject({
      hidden: true,
      hiddenReason: "Photo shows a different fruit",
    });

    const operatorList = await request(t.app, {
      method: "GET",
      url: "/api/admin/products?q=PLUMS",
      cookie: operator.cookie,
    });
    expect(operatorList.json().items).toEqual([expect.objectContaining({ id, hidden: true })]);
    const hiddenOnly = await request(t.app, {
      method: "GET",
      url: "/api/admin/products?status=hidden",
      cookie: operator.cookie,
    });
    expect(hiddenOnly.json().items.map((p: { id: string }) => p.id)).toContain(id);

    expect((await hide(id, "again")).statusCode).toBe(409);
    const back = await unhide(id, "Photo replaced");
    expect(back.statusCode).toBe(200);
    expect(back.json().product).toMatchObject({ hidden: false, hiddenReason: null });
    expect(await shopIds()).toContain(id);
    expect((await unhide(id, "again")).statusCode).toBe(409);
    expect((await hide("00000000-0000-4000-8000-000000000000", "ghost")).statusCode).toBe(404);
  });

  it("shows hidden and hiddenReason to the owner and operators only", async () => {
    const id = await listProduct("Apricots");
    const forShopper = (
      await request(t.app, { method: "GET", url: `/api/products/${id}`, cookie: shopper.cookie })
    ).json().product;
    expect(forShopper).not.toHaveProperty("hidden");
    expect(forShopper).not.toHaveProperty("hiddenReason");
    const forOwner = (
      await request(t.app, { method: "GET", url: `/api/products/${id}`, cookie: farmer.cookie })
    ).json().product;
    expect(forOwner).toMatchObject({ hidden: false, hiddenReason: null });
  });

  it("cannot be bought from an old cart (quote and checkout say so), while an old replay still returns the first order", async () => {
    const id = await listProduct("Kinnaur Apples");
    const key = randomUUID();
    const first = await placeOrder(id, key);
    expect(first.statusCode).toBe(201);

    expect((await hide(id, "Recalled by the farm")).statusCode).toBe(200);

    const quote = await request(t.app, {
      method: "POST",
      url: "/api/orders/quote",
      cookie: shopper.cookie,
      payload: { items: [{ productId: id, quantity: 1 }] },
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error).toEqual({
      code: "product_unavailable",
      message:
        "Line 1: Kinnaur Apples has been taken off the shop and can no longer be ordered. Remove it from your cart and try again.",
      fields: { "items.0.productId": "This product is no longer available" },
    });

    const fresh = await placeOrder(id, randomUUID());
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error.code).toBe("product_unavailable");

    const replay = await placeOrder(id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().order).toEqual(first.json().order);

    const orders = await t.db.kysely
      .selectFrom("order_items")
      .select("order_id")
      .where("product_id", "=", id)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
