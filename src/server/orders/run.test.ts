import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../shared/schemas/orders.ts";
import type { Run } from "../../shared/schemas/run.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/** The delivery run (issue 38, decision 046): its stops, their order, what is due, and a "not at home". */
// A Friday morning in Pune: 04:00 UTC is 9:30 in Asia/Kolkata, the default shop time zone.
const now = new Date("2026-03-20T04:00:00Z");
let t: TestApp;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT";
const call = (user: SignedInUser | null, method: Method, url: string, payload?: object, key?: string) =>
  request(t.app, {
    method,
    url,
    cookie: user?.cookie,
    ...(payload === undefined ? {} : { payload }),
    headers: key ? { "idempotency-key": key } : {},
  });

interface Farm {
  farmer: SignedInUser;
  productId: string;
  deliverySlot: string;
  pickupSlot: string;
  date: string;
}

/** A farmer delivering to 4110… on Saturdays 8–10 am, with a pickup at Gate 2 the same Saturday evening. */
async function farm(name: string): Promise<Farm> {
  const farmer = await signUpAndLogIn(t.app, name);
  await call(farmer, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  const point = await call(farmer, "POST", "/api/farmer/pickup-points", {
    name: "Gate 2",
    address: "Baner Road",
  });
  const pickupPointId = point.json().pickupPoint.id;
  const pattern = { weekday: 6, capacity: 20 };
  await call(farmer, "POST", "/api/farmer/slot-patterns", {
    ...pattern,
    kind: "delivery",
    start: "08:00",
    end: "10:00",
  });
  await call(farmer, "POST", "/api/farmer/slot-patterns", {
    ...pattern,
    kind: "pickup",
    pickupPointId,
    start: "17:00",
    end: "19:00",
  });
  const slots = (await call(farmer, "GET", "/api/farmer/slots")).json().items as {
    id: string;
    kind: string;
    date: string;
  }[];
  const delivery = slots.find((s) => s.kind === "delivery")!;
  const product = await insertProduct(t.db.kysely, farmer.id, {
    name: `${name}'s beans`,
    pricePaise: 4000,
    stock: 500,
  });
  return {
    farmer,
    productId: product.id,
    deliverySlot: delivery.id,
    pickupSlot: slots.find((s) => s.kind === "pickup" && s.date === delivery.date)!.id,
    date: delivery.date,
  };
}

/** One kilo of the farm's beans (₹40) to `address`, `zipCode`, in the farm's delivery slot (or pickup). */
async function place(
  f: Farm,
  address: string,
  zipCode: string,
  pickup = false,
): Promise<{ order: Order; partId: string }> {
  const res = await request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: {
      ...orderBody([{ productId: f.productId, quantity: 1 }]),
      shipping: { ...testShipping, fullName: `Buyer at ${address}`, address, zipCode },
      slots: { [f.farmer.id]: pickup ? f.pickupSlot : f.deliverySlot },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order as Order;
  return { order, partId: order.fulfilments[0]!.id };
}

const runOf = async (f: Farm) => {
  const res = await call(f.farmer, "GET", `/api/farmer/run?date=${f.date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Run;
};
const names = (run: Run) => run.stops.map((stop) => stop.address ?? stop.pickupPoint?.name);
const move = (f: Farm, partId: string, status: string) =>
  call(f.farmer, "POST", `/api/farmer/orders/${partId}/status`, { status });

describe("the delivery run", () => {
  let asha: Farm;
  let ravi: Farm;
  beforeAll(async () => {
    asha = await farm("Asha");
    ravi = await farm("Ravi");
  });

  it("lists the date's stops by PIN code, then the farmer's remembered order, then address; pickups after", async () => {
    await place(asha, "12 Lake Road", "411038");
    await place(asha, "Gate pickup", "411038", true);
    await place(asha, "5 Hill Street", "411001");
    await place(asha, "1 Baker Street", "411038");
    await place(asha, "9 Apple Lane", "411001");
    await place(ravi, "77 Ravi's Buyer Road", "411001");

    const run = await runOf(asha);
    const pune = (address: string, zip: string) => `${address}, Pune, Maharashtra ${zip}`;
    expect(names(run)).toEqual([
      pune("5 Hill Street", "411001"),
      pune("9 Apple Lane", "411001"),
      pune("1 Baker Street", "411038"),
      pune("12 Lake Road", "411038"),
      "Gate 2",
    ]);
    expect(run.stops.map((stop) => stop.position)).toEqual([1, 2, 3, 4, 5]);
    const first = run.stops[0]!;
    expect(first.kind).toBe("delivery");
    expect(first.buyer).toEqual({ name: "Buyer at 5 Hill Street", phone: testShipping.phone });
    expect(first.mapUrl).toContain(encodeURIComponent("5 Hill Street, Pune"));
    expect(first.slot).toMatchObject({ kind: "delivery", date: asha.date, start: "08:00", end: "10:00" });
    expect(first.due).toBe(40);
    expect(run.stops[4]!.pickupPoint).toEqual({ name: "Gate 2", address: "Baner Road" });
    expect(run.totals).toEqual({ stops: 5, done: 0, cash: 0, upi: 0, due: 200 });
    // another farmer's parts never appear
    expect(names(run).join()).not.toContain("Ravi");
    expect((await runOf(ravi)).stops).toHaveLength(1);

    // the farmer moves 12 Lake Road up within its PIN code: remembered, also for a later order to that door
    const [hill, apple, baker, lake] = run.stops.map((stop) => stop.partId);
    const moved = await call(asha.farmer, "PUT", "/api/farmer/run/order", {
      date: asha.date,
      partIds: [apple, hill, lake, baker],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const expected = [
      pune("9 Apple Lane", "411001"),
      pune("5 Hill Street", "411001"),
      pune("12 Lake Road", "411038"),
      pune("1 Baker Street", "411038"),
      "Gate 2",
    ];
    expect(names(moved.json() as Run)).toEqual(expected);
    expect(names(await runOf(asha))).toEqual(expected);
    await place(asha, "0 First Street", "411038");
    expect(names(await runOf(asha)).slice(2, 5)).toEqual([
      pune("12 Lake Road", "411038"),
      pune("1 Baker Street", "411038"),
      pune("0 First Street", "411038"),
    ]);
  });

  it("answers 404 for another farmer's part in the run's routes and changes nothing; 401 signed out", async () => {
    const mine = await place(asha, "3 Mine Road", "411005");
    const theirs = await place(ravi, "4 Theirs Road", "411005");
    const before = await tableChecksums(t.db);
    const reorder = await call(asha.farmer, "PUT", "/api/farmer/run/order", {
      date: asha.date,
      partIds: [mine.partId, theirs.partId],
    });
    expect(reorder.statusCode).toBe(404);
    await move(ravi, theirs.partId, "confirmed");
    const after = await tableChecksums(t.db);
    const attempt = await call(asha.farmer, "POST", `/api/farmer/orders/${theirs.partId}/attempts`, {
      reason: "Nobody",
    });
    expect(attempt.statusCode).toBe(404);
    expect(await tableChecksums(t.db)).toEqual(after);
    expect(before).not.toEqual(after);
    expect((await call(null, "GET", `/api/farmer/run?date=${asha.date}`)).statusCode).toBe(401);
    expect(
      (await call(null, "PUT", "/api/farmer/run/order", { date: asha.date, partIds: [mine.partId] }))
        .statusCode,
    ).toBe(401);
    expect((await call(asha.farmer, "GET", "/api/farmer/run?date=tomorrow")).statusCode).toBe(400);
  });

  it("shows what is due (the bill less every payment), and the cash and UPI the weekly reckoning shows", async () => {
    const f = await farm("Kiran");
    const a = await place(f, "1 Cash Road", "411001");
    const b = await place(f, "2 Upi Road", "411001");
    await place(f, "3 Later Road", "411001");
    for (const part of [a, b]) {
      expect((await move(f, part.partId, "confirmed")).statusCode).toBe(200);
      expect((await move(f, part.partId, "out_for_delivery")).statusCode).toBe(200);
    }
    const pay = (partId: string, method: string, amount: number) =>
      call(f.farmer, "POST", `/api/farmer/orders/${partId}/payments`, { method, amount });
    expect((await pay(a.partId, "cash", 30)).statusCode).toBe(201);
    expect((await pay(b.partId, "upi", 40)).statusCode).toBe(201);
    let run = await runOf(f);
    expect(run.stops.map((stop) => stop.due)).toEqual([10, 0, 40]);
    expect(run.stops[1]!.paidOnline).toBe(40);
    expect(run.totals).toEqual({ stops: 3, done: 0, cash: 30, upi: 40, due: 50 });

    for (const part of [a, b]) expect((await move(f, part.partId, "delivered")).statusCode).toBe(200);
    run = await runOf(f);
    expect(run.totals.done).toBe(2);
    const week = (await call(f.farmer, "GET", `/api/farmer/payments?week=${f.date}`)).json();
    expect({ cash: run.totals.cash, upi: run.totals.upi }).toEqual({ cash: week.cash, upi: week.upi });
  });

  it("records a 'not at home' once per key: the part stays out, the buyer sees it and is mailed", async () => {
    const f = await farm("Lata");
    const { order, partId } = await place(f, "8 Closed Door Road", "411001");
    const attempt = (key?: string) =>
      call(f.farmer, "POST", `/api/farmer/orders/${partId}/attempts`, { reason: "Gate locked" }, key);
    const early = await attempt();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("invalid_transition");
    await move(f, partId, "confirmed");
    await move(f, partId, "out_for_delivery");
    const key = randomUUID();
    const first = await attempt(key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().fulfilment.status).toBe("out_for_delivery");
    const again = await attempt(key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");

    const stop = (await runOf(f)).stops[0]!;
    expect(stop.status).toBe("out_for_delivery");
    expect(stop.attempts).toEqual([{ at: now.toISOString(), reason: "Gate locked" }]);
    const seen = (await call(buyer, "GET", `/api/orders/${order.id}`)).json().order as Order;
    expect(seen.fulfilments[0]!.attempts).toEqual([{ at: now.toISOString(), reason: "Gate locked" }]);
    const mails = (await mailsTo(t, testShipping.email)).filter((mail) =>
      mail.subject.includes("nobody was home"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("We came at 9:30, nobody was home.");
    expect(mails[0]!.text).toContain("Their note: Gate locked");
  });

  it("is declared in the API's documentation, with the Idempotency-Key of each change", async () => {
    const paths = (await request(t.app, { method: "GET", url: "/api/openapi.json" })).json().paths;
    expect(paths["/api/farmer/run"].get).toBeDefined();
    for (const [path, method] of [
      ["/api/farmer/run/order", "put"],
      ["/api/farmer/orders/{partId}/attempts", "post"],
      ["/api/farmer/orders/{partId}/payments", "post"],
    ] as const) {
      const names = (paths[path][method].parameters as { name: string; in: string }[]).map((p) => p.name);
      expect(names, path).toContain("idempotency-key");
    }
  });
});
