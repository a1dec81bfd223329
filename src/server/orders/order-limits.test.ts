import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderMessages } from "../../shared/messages.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/** Issue 25, item 5: a limit on placing orders, and confirmations that cannot be aimed at a stranger. */
let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ ordersPerHour: 3 });
  const farmer = await insertFarmer(t.db.kysely);
  productId = (await insertProduct(t.db.kysely, farmer, { name: "Beans", pricePaise: 2000 })).id;
});
afterAll(() => t.close());

const order = (user: SignedInUser, email: string, remoteAddress = "203.0.113.7", key = randomUUID()) =>
  request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: user.cookie,
    remoteAddress,
    headers: { "idempotency-key": key },
    payload: {
      items: [{ productId, quantity: 1 }],
      shipping: { ...testShipping, email },
      paymentMethod: "upi",
    },
  });

describe("placing orders is limited", () => {
  it("per account, then per client address, with Retry-After and a message saying so", async () => {
    const first = await signUpAndLogIn(t.app, "Busy Buyer");
    for (let i = 0; i < 3; i += 1) expect((await order(first, first.email)).statusCode).toBe(201);
    const refused = await order(first, first.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().error).toMatchObject({
      code: "rate_limited",
      message: orderMessages.tooManyOrders,
    });

    // A household behind one address places a few times the account's share; then that address waits too.
    const others = [];
    for (let i = 0; i < 3; i += 1) others.push(await signUpAndLogIn(t.app, `Neighbour ${i}`));
    for (const other of others) {
      for (let i = 0; i < 3; i += 1) expect((await order(other, other.email)).statusCode).toBe(201);
    }
    const fifth = await signUpAndLogIn(t.app, "Fifth");
    expect((await order(fifth, fifth.email)).statusCode).toBe(429);
    // ... while the same account elsewhere is not held up by that address.
    expect((await order(fifth, fifth.email, "198.51.100.9")).statusCode).toBe(201);
  });
});

describe("an order retried with its acknowledged Idempotency-Key", () => {
  it("is answered with its order before the limit counts it, also over the limit (issue 40 #33)", async () => {
    const buyer = await signUpAndLogIn(t.app, "Retrying Buyer");
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const placed = [];
    for (const key of keys) {
      const res = await order(buyer, buyer.email, "198.51.100.33", key);
      expect(res.statusCode).toBe(201);
      placed.push(res.json().order.id);
    }
    expect((await order(buyer, buyer.email, "198.51.100.33")).statusCode).toBe(429);
    // The answer of each was lost; the client retries each, several times: each gets its own order.
    for (let round = 0; round < 2; round += 1) {
      for (const [i, key] of keys.entries()) {
        const retry = await order(buyer, buyer.email, "198.51.100.33", key);
        expect(retry.statusCode).toBe(200);
        expect(retry.headers["idempotent-replayed"]).toBe("true");
        expect(retry.json().order.id).toBe(placed[i]);
      }
    }
    // A new order is still refused: the retries bought no room.
    expect((await order(buyer, buyer.email, "198.51.100.33")).statusCode).toBe(429);
  });
});

describe("a standing order (issue 35)", () => {
  it("counts once against the orders an hour when it is made, never for its occurrences nor a replayed key", async () => {
    const farmer = await signUpAndLogIn(t.app, "Standing Farmer");
    await request(t.app, {
      method: "PUT",
      url: "/api/farmer/delivery-area",
      cookie: farmer.cookie,
      payload: { pinPrefixes: ["4110"] },
    });
    const everyDay: string[] = [];
    for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
      const pattern = await request(t.app, {
        method: "POST",
        url: "/api/farmer/slot-patterns",
        cookie: farmer.cookie,
        payload: { kind: "delivery", weekday, start: "08:00", end: "10:00", capacity: 5, cutoffHours: 1 },
      });
      everyDay.push(pattern.json().slotPattern.id as string);
    }
    const tomatoes = (await insertProduct(t.db.kysely, farmer.id, { name: "Tomatoes", pricePaise: 4000 })).id;
    const buyer = await signUpAndLogIn(t.app, "Standing Buyer");
    const standing = (key: string) =>
      request(t.app, {
        method: "POST",
        url: "/api/standing-orders",
        cookie: buyer.cookie,
        remoteAddress: "198.51.100.77",
        headers: { "idempotency-key": key },
        payload: {
          items: [{ productId: tomatoes, quantity: 1 }],
          slotPatternIds: everyDay,
          everyWeeks: 1,
          startDate: shopDate(new Date(), "Asia/Kolkata"),
          shipping: { ...testShipping, zipCode: "411038" },
          paymentMethod: "upi",
        },
      });
    const key = randomUUID();
    const made = await standing(key);
    expect(made.statusCode, made.body).toBe(201);
    // its dozen or so occurrences, each an order, were made at once
    expect(made.json().standingOrder.next.length).toBeGreaterThan(10);
    for (let i = 0; i < 3; i += 1) expect((await standing(key)).statusCode).toBe(200);
    // two orders more fill the hour's three, the standing order's one among them
    for (let i = 0; i < 2; i += 1) {
      expect((await order(buyer, buyer.email, "198.51.100.77")).statusCode).toBe(201);
    }
    expect((await order(buyer, buyer.email, "198.51.100.77")).statusCode).toBe(429);
    const another = await standing(randomUUID());
    expect(another.statusCode).toBe(429);
    expect(another.json().error).toMatchObject({
      code: "rate_limited",
      message: orderMessages.tooManyOrders,
    });
  });
});

describe("order confirmations", () => {
  it("go to the account's own address always, and to another address at most three times a day", async () => {
    const addresses = ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"];
    const stranger = `stranger.${randomUUID()}@example.com`;
    const sender = await signUpAndLogIn(t.app, "Sender");
    const sent: number[] = [];
    for (const [i, address] of addresses.entries()) {
      // Fresh accounts between, so the order limit is not what stops it; the last is over the cap.
      const who = i === 0 || i === 4 ? sender : await signUpAndLogIn(t.app, `Sender ${i}`);
      sent.push((await order(who, stranger.toUpperCase(), address)).statusCode);
    }
    expect(sent).toEqual([201, 201, 201, 201, 201]);
    expect(await mailsTo(t, stranger)).toHaveLength(3);
    // The account that placed an order over the cap still hears of it, at its own address.
    const last = (await mailsTo(t, sender.email)).filter((mail) =>
      mail.subject.startsWith("Your Veggie Cart order"),
    );
    expect(last).toHaveLength(1);
  });
});
