import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, testShipping } from "../test/order-helpers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/**
 * Issue 40 #31 and issue 38 (decision 046): every state-changing farmer route takes an Idempotency-Key; a
 * replay answers the first answer and changes nothing; another request with the key is a 409.
 */
let t: TestApp;
let now = Date.parse("2026-12-07T04:00:00Z");
let asha: SignedInUser;
let buyer: SignedInUser;
let ravi: SignedInUser;
let tomatoId: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      clock: () => {
        now += 1;
        return new Date(now);
      },
    },
  );
  asha = await signUpAndLogIn(t.app, "Asha's farm");
  ravi = await signUpAndLogIn(t.app, "Ravi Farmer");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  tomatoId = (
    await insertProduct(t.db.kysely, asha.id, { name: "Tomatoes", pricePaise: 4000, stock: 1000, unit: "kg" })
  ).id!;
});
afterAll(() => t.close());

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`.padEnd(20, "x");
const post = (user: SignedInUser, url: string, payload: object, key?: string) =>
  request(t.app, {
    method: "POST",
    url,
    cookie: user.cookie,
    payload,
    headers: key ? { "idempotency-key": key } : {},
  });
const move = (partId: string, status: PartStatus, key?: string) =>
  post(asha, `/api/farmer/orders/${partId}/status`, { status }, key);
const pay = (partId: string, amount: number, key?: string, user = asha) =>
  post(user, `/api/farmer/orders/${partId}/payments`, { method: "cash", amount }, key);
const partNow = async (order: Order) => {
  const res = await request(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie });
  return (res.json().order as Order).fulfilments[0]!;
};

/** Asha's part of 2 kg of tomatoes (₹80), confirmed and out for delivery: its bill is final. */
async function outForDelivery() {
  const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 2 }]);
  const partId = order.fulfilments[0]!.id;
  expect((await move(partId, "confirmed")).statusCode).toBe(200);
  expect((await move(partId, "out_for_delivery")).statusCode).toBe(200);
  return { order, partId };
}

describe("Idempotency-Key on the farmer's routes", () => {
  it("records a payment once however often it is sent with its key, and says it was replayed", async () => {
    const { order, partId } = await outForDelivery();
    const key = newKey();
    const first = await pay(partId, 30, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await pay(partId, 30, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const records = (again.json().fulfilment as FarmerPart).payment.records;
    expect(records).toHaveLength(1);
    expect((await partNow(order)).payment.received).toBe(30);
    // the same amount sent without a key is another payment: the key is what makes it the same one
    expect((await pay(partId, 30)).statusCode).toBe(201);
    expect((await partNow(order)).payment.received).toBe(60);
  });

  it("refuses the same key with another request (409) and changes nothing", async () => {
    const { order, partId } = await outForDelivery();
    const key = newKey();
    expect((await pay(partId, 20, key)).statusCode).toBe(201);
    const other = await pay(partId, 25, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe("idempotency_key_reused");
    // another route with the key is another request too
    const moved = await move(partId, "delivered", key);
    expect(moved.statusCode).toBe(409);
    const part = await partNow(order);
    expect(part.payment.received).toBe(20);
    expect(part.status).toBe("out_for_delivery");
  });

  it("applies two requests sent at once with one key once, and answers both alike", async () => {
    const { order, partId } = await outForDelivery();
    const key = newKey();
    const [a, b, c] = await Promise.all([pay(partId, 10, key), pay(partId, 10, key), pay(partId, 10, key)]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect([a, b, c].filter((res) => res.headers["idempotent-replayed"] === "true")).toHaveLength(2);
    const part = await partNow(order);
    expect(part.payment.received).toBe(10);
    expect(part.payment.records).toHaveLength(1);
  });

  it("answers a replayed move with its first answer after the part moved on", async () => {
    const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 1 }]);
    const partId = order.fulfilments[0]!.id;
    const key = newKey();
    const first = await move(partId, "confirmed", key);
    expect(first.statusCode).toBe(200);
    expect((await move(partId, "out_for_delivery")).statusCode).toBe(200);
    const again = await move(partId, "confirmed", key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const part = await partNow(order);
    expect(part.status).toBe("out_for_delivery");
    expect(part.history.map((entry) => entry.status)).toEqual(["pending", "confirmed", "out_for_delivery"]);
  });

  it("replays weights and an undo without doing them again", async () => {
    const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 2 }]);
    const partId = order.fulfilments[0]!.id;
    await move(partId, "confirmed");
    const weigh = (grams: number, key?: string) =>
      post(asha, `/api/farmer/orders/${partId}/weights`, { lines: [{ lineId: 1, packedGrams: grams }] }, key);
    const weighKey = newKey();
    expect((await weigh(1900, weighKey)).statusCode).toBe(200);
    expect((await weigh(2100)).statusCode).toBe(200);
    const replayed = await weigh(1900, weighKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect((await partNow(order)).items[0]!.packedGrams).toBe(2100);

    await move(partId, "out_for_delivery");
    const paid = await pay(partId, 40);
    const paymentId = (paid.json().fulfilment as FarmerPart).payment.records[0]!.id;
    const undoKey = newKey();
    const undo = () =>
      post(
        asha,
        `/api/farmer/orders/${partId}/payments/${paymentId}/undo`,
        { reason: "Typed twice" },
        undoKey,
      );
    const first = await undo();
    expect(first.statusCode).toBe(200);
    // without its key a second undo is refused (already undone); with it, the first answer again
    const second = await undo();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await partNow(order)).payment.received).toBe(0);
  });

  it("keeps each account's keys its own, refuses a malformed key, and forgets keys after 24 hours", async () => {
    const { order, partId } = await outForDelivery();
    const key = newKey();
    expect((await pay(partId, 5, key)).statusCode).toBe(201);
    // Ravi's request with Asha's key is his own: his, not hers, and refused as not his part
    expect((await pay(partId, 5, key, ravi)).statusCode).toBe(404);
    const bad = await pay(partId, 5, "short");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("validation_failed");
    expect((await partNow(order)).payment.received).toBe(5);

    now += 24 * 60 * 60_000 + 1000;
    const later = await pay(partId, 5, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect((await partNow(order)).payment.received).toBe(10);
  });

  it("gives back nothing of a deleted account when a key is replayed (issue 40 #25)", async () => {
    const leaving = await signUpAndLogIn(t.app, "Leela Leaving");
    const order = await placed(t.app, leaving, [{ productId: tomatoId, quantity: 1 }]);
    const partId = order.fulfilments[0]!.id;
    const key = newKey();
    const confirmed = await move(partId, "confirmed", key);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(testShipping.phone);
    const profileKey = newKey();
    const farmer = await signUpAndLogIn(t.app, "Farid Leaving");
    const profile = await request(t.app, {
      method: "PUT",
      url: "/api/farmer/profile",
      cookie: farmer.cookie,
      payload: { upiId: "9876543210@ybl", phone: "+91 98765 00000" },
      headers: { "idempotency-key": profileKey },
    });
    expect(profile.statusCode, profile.body).toBe(200);

    for (const gone of [leaving, farmer]) {
      const deleted = await request(t.app, {
        method: "DELETE",
        url: "/api/account",
        cookie: gone.cookie,
        payload: { password: gone.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    // the farmer's replay is a new request now: the part is already confirmed (a no-op), shown masked
    const replay = await move(partId, "confirmed", key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBeUndefined();
    expect(replay.body).not.toContain(testShipping.phone);
    expect(replay.body).not.toContain(leaving.email);
    const kept = await t.db.kysely
      .selectFrom("idempotency_keys")
      .select(["user_id", "key", "body"])
      .execute();
    expect(kept.filter((row) => row.user_id === farmer.id)).toEqual([]);
    expect(kept.filter((row) => row.body.includes("9876543210@ybl"))).toEqual([]);
    expect(
      kept.filter((row) => row.body.includes(testShipping.phone) || row.body.includes(leaving.email)),
    ).toEqual([]);
  });
});
