import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { orderMessages } from "../../shared/messages.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import type { NewProductRow } from "../db/index.ts";
import { stepsTransaction } from "../db/index.ts";
import { currentDeal, DEAL_ID } from "../deals/index.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { countOrders } from "./orders.repository.ts";
import { writeOrder } from "./placement.service.ts";

let t: TestApp;
let shopper: SignedInUser;
let tomato: NewProductRow;
let milk: NewProductRow;
let rice: NewProductRow;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUpAndLogIn(t.app, "Meera Shopper");
  const farmer = await insertFarmer(t.db.kysely);
  tomato = await insertProduct(t.db.kysely, farmer, { name: "Tomatoes", pricePaise: 4050 });
  milk = await insertProduct(t.db.kysely, farmer, { name: "Milk", pricePaise: 6000, category: "dairy" });
  rice = await insertProduct(t.db.kysely, farmer, { name: "Basmati Rice", pricePaise: 12_999 });
});
afterAll(() => t.close());

const shipping = {
  fullName: "Meera Iyer",
  email: "meera@example.com",
  address: "12 Lake Road",
  city: "Pune",
  state: "Maharashtra",
  zipCode: "411001",
  phone: "+91 98765 43210",
};

function postOrder(user: SignedInUser, payload: unknown, key: string | null = randomUUID()) {
  return request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: user.cookie,
    headers: key === null ? {} : { "idempotency-key": key },
    payload: payload as object,
  });
}

const orderBody = (items: unknown[], extra: object = {}) => ({
  items,
  shipping,
  paymentMethod: "upi",
  ...extra,
});

describe("POST /api/orders: the server prices every line", () => {
  it("charges the catalogue price in paise whatever price, name or total the client sends", async () => {
    const res = await postOrder(
      shopper,
      orderBody(
        [
          { productId: tomato.id, quantity: 3, price: 0.01, name: "Free tomatoes", lineTotal: 0 },
          { productId: rice.id, quantity: 1, unitPrice: 1 },
        ],
        { total: 1, status: "paid", userId: "someone-else" },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().order as Order;
    expect(order.items).toEqual([
      {
        productId: tomato.id,
        name: "Tomatoes",
        unitPrice: 40.5,
        unit: "piece",
        quantity: 3,
        lineTotal: 121.5,
        lineId: 1,
        weighed: false,
        packedGrams: null,
        estimate: 121.5,
        amount: 121.5,
      },
      {
        productId: rice.id,
        name: "Basmati Rice",
        unitPrice: 129.99,
        unit: "piece",
        quantity: 1,
        lineTotal: 129.99,
        lineId: 2,
        weighed: false,
        packedGrams: null,
        estimate: 129.99,
        amount: 129.99,
      },
    ]);
    // 3 × 4050 + 12999 = 25149 paise, summed as integers (no 121.5 + 129.99 float drift)
    expect(order.total).toBe(251.49);
    expect(order).toMatchObject({
      status: "pending",
      userId: shopper.id,
      paymentMethod: "upi",
      shippingAddress: "12 Lake Road, Pune, Maharashtra 411001",
      // NOTE: the state typed as its name is kept as its code (decision 047).
      shipping: { ...shipping, state: "MH", country: "IN" },
    });
    expect(Date.parse(order.createdAt)).not.toBeNaN();
    const stored = await t.db.kysely
      .selectFrom("orders")
      .select(["total_paise", "status"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ total_paise: 25_149, status: "pending" });
  });

  it.each([
    ["negative", -1],
    ["zero", 0],
    ["fractional", 1.5],
    ["above the maximum", 100],
    ["a string", "2"],
  ])("refuses a %s quantity with 400 naming the line, and makes no order", async (_label, quantity) => {
    const user = await signUpAndLogIn(t.app);
    const res = await postOrder(
      user,
      orderBody([
        { productId: tomato.id, quantity: 1 },
        { productId: milk.id, quantity },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["items.1.quantity"]).toBe(orderMessages.quantityInvalid);
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
  });

  it("merges duplicated lines for one product, and refuses them when together they pass the maximum", async () => {
    const merged = await postOrder(
      shopper,
      orderBody([
        { productId: milk.id, quantity: 2 },
        { productId: tomato.id, quantity: 1 },
        { productId: milk.id, quantity: 3 },
      ]),
    );
    expect(merged.statusCode).toBe(201);
    const order = merged.json().order as Order;
    expect(order.items.map((line) => [line.name, line.quantity])).toEqual([
      ["Milk", 5],
      ["Tomatoes", 1],
    ]);
    expect(order.total).toBe(340.5);

    const user = await signUpAndLogIn(t.app);
    const tooMany = await postOrder(
      user,
      orderBody([
        { productId: milk.id, quantity: 60 },
        { productId: milk.id, quantity: 60 },
      ]),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/^Line 1: /);
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
  });

  it("refuses an unknown product with 409 naming the line, and writes nothing", async () => {
    const user = await signUpAndLogIn(t.app);
    const res = await postOrder(
      user,
      orderBody([
        { productId: tomato.id, quantity: 1 },
        { productId: "no-such-product", quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("product_unavailable");
    expect(res.json().error.message).toMatch(/^Line 2: product no-such-product is no longer available/);
    expect(res.json().error.fields).toEqual({ "items.1.productId": "This product is no longer available" });
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
  });

  it("refuses an order whose total passes the maximum with a clear 422, on both databases", async () => {
    const farmer = await insertFarmer(t.db.kysely);
    const tractors = await Promise.all(
      [1, 2, 3].map((n) =>
        insertProduct(t.db.kysely, farmer, { name: `Seed drill ${n}`, pricePaise: 10_000_000 }),
      ),
    );
    const user = await signUpAndLogIn(t.app);
    const res = await postOrder(user, orderBody(tractors.map((p) => ({ productId: p.id, quantity: 99 }))));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "order_too_large", message: orderMessages.orderTooLarge });
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
    const justUnder = await postOrder(user, orderBody([{ productId: tractors[0]!.id, quantity: 10 }]));
    expect(justUnder.statusCode).toBe(201);
    expect(justUnder.json().order.total).toBe(1_000_000);
  });

  it("refuses an empty cart and a missing body with the product's message", async () => {
    const empty = await postOrder(shopper, orderBody([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(orderMessages.cartEmpty);
    const missing = await postOrder(shopper, { shipping, paymentMethod: "upi" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(orderMessages.cartEmpty);
  });

  it("checks the shipping form and payment method with a message per field", async () => {
    const res = await postOrder(shopper, {
      items: [{ productId: tomato.id, quantity: 1 }],
      shipping: { fullName: " ", email: "not-an-email", address: "", city: "Pune", state: "", zipCode: "" },
      paymentMethod: "cash",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      "shipping.fullName": orderMessages.fullNameRequired,
      "shipping.email": "Please enter a valid email address",
      "shipping.address": orderMessages.addressRequired,
      "shipping.state": orderMessages.stateRequired,
      "shipping.zipCode": orderMessages.zipCodeRequired,
      paymentMethod: orderMessages.paymentMethodInvalid,
    });
  });

  it("defaults the payment method to credit-card", async () => {
    const res = await postOrder(shopper, { items: [{ productId: tomato.id, quantity: 1 }], shipping });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.paymentMethod).toBe("credit-card");
  });

  it("prices the deal of the day at its deal price only while the deal it was added under runs", async () => {
    const deal = currentDeal();
    const ok = await postOrder(
      shopper,
      orderBody([{ productId: DEAL_ID, quantity: 2, dealStartTime: deal.startTime.toISOString(), price: 0 }]),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order.items).toEqual([
      {
        productId: DEAL_ID,
        name: "Cabbage",
        unitPrice: 5,
        unit: "piece",
        quantity: 2,
        lineTotal: 10,
        lineId: 1,
        weighed: false,
        packedGrams: null,
        estimate: 10,
        amount: 10,
      },
    ]);

    const user = await signUpAndLogIn(t.app);
    const yesterday = new Date(deal.startTime.getTime() - 24 * 60 * 60 * 1000).toISOString();
    for (const line of [
      { productId: DEAL_ID, quantity: 1, dealStartTime: yesterday },
      { productId: DEAL_ID, quantity: 1 },
    ]) {
      const expired = await postOrder(user, orderBody([{ productId: tomato.id, quantity: 1 }, line]));
      expect(expired.statusCode).toBe(409);
      expect(expired.json().error.code).toBe("deal_expired");
      expect(expired.json().error.message).toMatch(/^Line 2: the deal of the day/);
    }
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
  });

  it("needs a signed-in user and the CSRF header", async () => {
    const signedOut = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": randomUUID() },
      payload: orderBody([{ productId: tomato.id, quantity: 1 }]),
    });
    expect(signedOut.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { cookie: shopper.cookie, "idempotency-key": randomUUID(), [CSRF_HEADER]: "" },
      payload: orderBody([{ productId: tomato.id, quantity: 1 }]),
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe("idempotency", () => {
  it("needs a well-formed Idempotency-Key", async () => {
    for (const key of [null, "short", "has spaces in it, which is not allowed"]) {
      const res = await postOrder(shopper, orderBody([{ productId: tomato.id, quantity: 1 }]), key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(orderMessages.idempotencyKeyMissing);
    }
  });

  it("returns the first order for a repeated request, and refuses the key with a different body", async () => {
    const user = await signUpAndLogIn(t.app);
    const key = randomUUID();
    const body = orderBody([{ productId: rice.id, quantity: 2 }]);
    const first = await postOrder(user, body, key);
    expect(first.statusCode).toBe(201);
    // the same request, its keys in another order and an ignored field added
    const again = await postOrder(
      user,
      { paymentMethod: "upi", shipping, items: [{ quantity: 2, productId: rice.id, price: 1 }] },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().order).toEqual(first.json().order);

    const changed = await postOrder(user, orderBody([{ productId: rice.id, quantity: 3 }]), key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe("idempotency_key_reused");
    expect(await countOrders(t.db.kysely, user.id)).toBe(1);

    // another user's key space is their own
    const other = await signUpAndLogIn(t.app);
    const theirs = await postOrder(other, body, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
  });

  it("makes exactly one order for 20 concurrent requests with one key over real HTTP", async () => {
    const user = await signUpAndLogIn(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const key = randomUUID();
    const body = JSON.stringify(
      orderBody([
        { productId: tomato.id, quantity: 2 },
        { productId: milk.id, quantity: 1 },
      ]),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${port}/api/orders`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: user.cookie,
            [CSRF_HEADER]: "1",
            "idempotency-key": key,
          },
          body,
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { order: Order } })),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(responses.map((res) => res.body.order.id)).size).toBe(1);
    expect(await countOrders(t.db.kysely, user.id)).toBe(1);
    const lines = await t.db.kysely.selectFrom("order_items").selectAll().execute();
    expect(lines.filter((line) => line.order_id === responses[0]!.body.order.id)).toHaveLength(2);
  });
});

describe("an order is whole or absent", () => {
  it("rolls the order back when one of its lines cannot be written", async () => {
    const user = await signUpAndLogIn(t.app);
    const orderId = randomUUID();
    const fulfilmentId = randomUUID();
    const at = new Date().toISOString();
    const good = {
      order_id: orderId,
      line_no: 1,
      product_id: tomato.id,
      name: "Tomatoes",
      unit_price_paise: 4050,
      unit: "kg" as const,
      quantity: 1,
      line_total_paise: 4050,
      part_id: fulfilmentId,
      stock_taken: 0,
    };
    const inconsistent = { ...good, line_no: 2, quantity: 2, line_total_paise: 1 };
    await expect(
      stepsTransaction(t.db.kysely, (trx) =>
        writeOrder(trx, {
          order: {
            id: orderId,
            user_id: user.id,
            status: "pending",
            total_paise: 4051,
            full_name: shipping.fullName,
            email: shipping.email,
            address: shipping.address,
            city: shipping.city,
            state: shipping.state,
            zip_code: shipping.zipCode,
            country: "IN",
            shipping_address: "x",
            payment_method: "upi",
            idempotency_key: randomUUID(),
            request_hash: "x",
            created_at: at,
            phone: shipping.phone,
            payment_mode: "on_delivery",
            hold_ends_at: null,
            released_at: null,
            expired_at: null,
          },
          parts: [
            {
              id: fulfilmentId,
              order_id: orderId,
              farmer_id: tomato.owner_id,
              status: "pending",
              total_paise: 4051,
              created_at: at,
              updated_at: at,
            },
          ],
          history: [
            { part_id: fulfilmentId, seq: 1, status: "pending", at, by_user_id: user.id, reason: null },
          ],
          items: [good, inconsistent],
        }),
      ),
    ).rejects.toThrow(/check constraint/i);
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
    const lines = await t.db.kysely
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", orderId)
      .execute();
    expect(lines).toHaveLength(0);
  });
});

describe("reading orders", () => {
  it("lists only the signed-in user's orders, newest first, a page at a time, each with its lines", async () => {
    const owner = await signUpAndLogIn(t.app);
    const stranger = await signUpAndLogIn(t.app);
    const placed: string[] = [];
    for (const quantity of [1, 2, 3]) {
      const res = await postOrder(owner, orderBody([{ productId: tomato.id, quantity }]));
      placed.push(res.json().order.id);
    }
    await postOrder(stranger, orderBody([{ productId: milk.id, quantity: 1 }]));

    const first = await request(t.app, { method: "GET", url: "/api/orders?limit=2", cookie: owner.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json().orders.map((o: Order) => o.id)).toEqual([placed[2], placed[1]]);
    expect(first.json().orders[0].items).toEqual([
      {
        productId: tomato.id,
        name: "Tomatoes",
        unitPrice: 40.5,
        unit: "piece",
        quantity: 3,
        lineTotal: 121.5,
        lineId: 1,
        weighed: false,
        packedGrams: null,
        estimate: 121.5,
        amount: 121.5,
      },
    ]);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await request(t.app, {
      method: "GET",
      url: `/api/orders?limit=2&cursor=${cursor}`,
      cookie: owner.cookie,
    });
    expect(second.json()).toEqual({ orders: [expect.objectContaining({ id: placed[0] })], nextCursor: null });

    const theirs = await request(t.app, { method: "GET", url: "/api/orders", cookie: stranger.cookie });
    expect(theirs.json().orders).toHaveLength(1);
    expect(theirs.json().orders[0].userId).toBe(stranger.id);
  });

  it("shows one order to its owner and answers 404 to anyone else", async () => {
    const owner = await signUpAndLogIn(t.app);
    const stranger = await signUpAndLogIn(t.app);
    const placed = (await postOrder(owner, orderBody([{ productId: milk.id, quantity: 2 }]))).json().order;
    const mine = await request(t.app, {
      method: "GET",
      url: `/api/orders/${placed.id}`,
      cookie: owner.cookie,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order).toEqual(placed);
    const notMine = await request(t.app, {
      method: "GET",
      url: `/api/orders/${placed.id}`,
      cookie: stranger.cookie,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(orderMessages.orderNotFound);
    const unknown = await request(t.app, { method: "GET", url: "/api/orders/nope", cookie: owner.cookie });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await request(t.app, { method: "GET", url: "/api/orders" });
    expect(signedOut.statusCode).toBe(401);
  });

  it("refuses a broken cursor, or one from another list, with 400 invalid_cursor", async () => {
    const productsCursor = Buffer.from(JSON.stringify(["products:newest", "2026-01-01", "x"])).toString(
      "base64url",
    );
    for (const cursor of ["zzz", productsCursor]) {
      const res = await request(t.app, {
        method: "GET",
        url: `/api/orders?cursor=${cursor}`,
        cookie: shopper.cookie,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.code).toBe("invalid_cursor");
    }
  });

  it("keeps an order's lines as charged after the product is deleted or repriced", async () => {
    const farmer = await insertFarmer(t.db.kysely);
    const pumpkin = await insertProduct(t.db.kysely, farmer, { name: "Pumpkin", pricePaise: 3000 });
    const placed = (await postOrder(shopper, orderBody([{ productId: pumpkin.id, quantity: 1 }]))).json()
      .order;
    await t.db.kysely.deleteFrom("products").where("id", "=", pumpkin.id).execute();
    const res = await request(t.app, {
      method: "GET",
      url: `/api/orders/${placed.id}`,
      cookie: shopper.cookie,
    });
    expect(res.json().order.items[0]).toMatchObject({ name: "Pumpkin", unitPrice: 30 });
  });
});

describe("POST /api/orders/quote", () => {
  const quote = (payload: unknown, cookie = shopper.cookie) =>
    request(t.app, { method: "POST", url: "/api/orders/quote", cookie, payload: payload as object });

  it("prices the cart as placing it would, without making an order", async () => {
    const user = await signUpAndLogIn(t.app);
    const res = await quote(
      {
        items: [
          { productId: milk.id, quantity: 2, price: 0.01 },
          { productId: tomato.id, quantity: 1 },
        ],
      },
      user.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          productId: milk.id,
          name: "Milk",
          unitPrice: 60,
          unit: "piece",
          quantity: 2,
          lineTotal: 120,
          stock: null,
          exceedsStock: false,
        },
        {
          productId: tomato.id,
          name: "Tomatoes",
          unitPrice: 40.5,
          unit: "piece",
          quantity: 1,
          lineTotal: 40.5,
          stock: null,
          exceedsStock: false,
        },
      ],
      total: 160.5,
      problems: {},
      // NOTE: the test app runs the test gateway, so checkout offers Pay now (decision 052).
      payNow: true,
    });
    expect(await countOrders(t.db.kysely, user.id)).toBe(0);
  });

  it("gives the same refusals as placing an order, and needs a session", async () => {
    const unknown = await quote({ items: [{ productId: "gone", quantity: 1 }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.fields).toEqual({
      "items.0.productId": "This product is no longer available",
    });
    const bad = await quote({ items: [{ productId: tomato.id, quantity: 0 }] });
    expect(bad.statusCode).toBe(400);
    const signedOut = await request(t.app, {
      method: "POST",
      url: "/api/orders/quote",
      payload: { items: [{ productId: tomato.id, quantity: 1 }] },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("an order is split into one part per farmer", () => {
  it("gives each farmer a pending, unpaid part of their lines, and the deal its own part owned by no farmer", async () => {
    const ravi = await insertFarmer(t.db.kysely, "Ravi Farmer");
    const brinjal = await insertProduct(t.db.kysely, ravi, { name: "Brinjal", pricePaise: 3000 });
    const buyer = await signUpAndLogIn(t.app, "Split Buyer");
    const deal = currentDeal();
    const res = await postOrder(
      buyer,
      orderBody([
        { productId: tomato.id, quantity: 2 },
        { productId: brinjal.id, quantity: 1 },
        { productId: DEAL_ID, quantity: 1, dealStartTime: deal.startTime.toISOString() },
        { productId: milk.id, quantity: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().order as Order;
    expect(order.status).toBe("pending");
    expect(order.shipping.phone).toBe(shipping.phone);
    const byFarmer = new Map(order.fulfilments.map((part) => [part.farmerId, part]));
    expect(order.fulfilments).toHaveLength(3);
    expect(byFarmer.get(tomato.owner_id)).toMatchObject({
      farmerName: "Fixture Farmer",
      status: "pending",
      total: 141,
      estimate: 141,
      billFinal: true,
      payment: { state: "unpaid", paidAt: null, received: 0, records: [] },
      upi: null,
    });
    expect(byFarmer.get(tomato.owner_id)!.items.map((line) => line.name)).toEqual(["Tomatoes", "Milk"]);
    expect(byFarmer.get(ravi)).toMatchObject({ farmerName: "Ravi Farmer", total: 30 });
    expect(byFarmer.get(null)).toMatchObject({
      farmerName: "Veggie Cart",
      total: 5,
      items: [expect.objectContaining({ productId: DEAL_ID })],
    });
    for (const part of order.fulfilments) {
      expect(part.history).toEqual([
        { status: "pending", at: order.createdAt, by: { id: buyer.id, name: "Split Buyer" } },
      ]);
    }
    const read = await request(t.app, {
      method: "GET",
      url: `/api/orders/${order.id}`,
      cookie: buyer.cookie,
    });
    expect(read.json().order).toEqual(order);
  });

  it("needs the buyer's phone number", async () => {
    const { phone: _phone, ...withoutPhone } = shipping;
    const missing = await postOrder(shopper, {
      items: [{ productId: tomato.id, quantity: 1 }],
      shipping: withoutPhone,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ "shipping.phone": "Please enter your phone number" });
    const bad = await postOrder(
      shopper,
      orderBody([{ productId: tomato.id, quantity: 1 }], { shipping: { ...shipping, phone: "call me" } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["shipping.phone"]).toMatch(/valid phone number/);
  });
});
