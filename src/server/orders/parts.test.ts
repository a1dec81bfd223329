import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import {
  PART_STATUSES,
  PART_TRANSITIONS,
  type PartStatus,
  partMessages,
} from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { currentDeal, DEAL_ID } from "../deals/index.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody, placed, postOrder, stockOf } from "../test/order-helpers.ts";
import { mailsTo, sendOrderNews } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { periodStarts } from "./farmer-views.service.ts";

let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;
let buyer: SignedInUser;
let tomatoId: string;
let milkId: string;

beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, buyer] = [
    await signUpAndLogIn(t.app, "Asha Farmer"),
    await signUpAndLogIn(t.app, "Ravi Farmer"),
    await signUpAndLogIn(t.app, "Meera Buyer"),
  ];
  tomatoId = (await insertProduct(t.db.kysely, asha.id, { name: "Tomatoes", pricePaise: 4000, stock: 1000 }))
    .id!;
  milkId = (await insertProduct(t.db.kysely, ravi.id, { name: "Milk", pricePaise: 6000, stock: 1000 })).id!;
});
afterAll(() => t.close());

const partOf = (order: Order, farmerId: string | null) =>
  order.fulfilments.find((f) => f.farmerId === farmerId)!;

const move = (user: SignedInUser | null, id: string, body: object) =>
  request(t.app, {
    method: "POST",
    url: `/api/farmer/orders/${id}/status`,
    cookie: user?.cookie,
    payload: body,
  });

const getOrder = async (order: Order) =>
  (await request(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie })).json()
    .order as Order;

/** The statuses a checkout's part reaches (`scheduled` is a standing order's, before it is an order: issue 35). */
const FARMER_STATUSES = PART_STATUSES.filter((status) => status !== "scheduled");
type FarmerStatus = Exclude<PartStatus, "scheduled">;

/** Asha's part of a new order, moved along the happy path to `status`. */
async function ashaPartAt(status: FarmerStatus): Promise<{ order: Order; id: string }> {
  const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 1 }]);
  const id = partOf(order, asha.id).id;
  const path: Record<FarmerStatus, PartStatus[]> = {
    pending: [],
    confirmed: ["confirmed"],
    out_for_delivery: ["confirmed", "out_for_delivery"],
    delivered: ["confirmed", "out_for_delivery", "delivered"],
    cancelled: ["cancelled"],
  };
  for (const step of path[status]) {
    const res = await move(asha, id, { status: step, reason: step === "cancelled" ? "No stock" : undefined });
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  return { order, id };
}

describe("a farmer moves their part of an order", () => {
  it("allows every move the transitions list, recording who, when and why in the history the buyer sees", async () => {
    for (const from of FARMER_STATUSES) {
      for (const to of PART_TRANSITIONS[from]) {
        const { order, id } = await ashaPartAt(from);
        const res = await move(asha, id, {
          status: to,
          ...(to === "cancelled" ? { reason: "Hail storm" } : {}),
        });
        expect(res.statusCode, `${from} → ${to}`).toBe(200);
        const part = res.json().fulfilment as FarmerPart;
        expect(part.status).toBe(to);
        const last = part.history.at(-1)!;
        expect(last).toMatchObject({ status: to, by: { id: asha.id, name: "Asha Farmer" } });
        expect(last.reason).toBe(to === "cancelled" ? "Hail storm" : undefined);
        expect(Date.parse(last.at)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
        const seen = partOf(await getOrder(order), asha.id);
        expect(seen.history).toEqual(part.history);
        expect(seen.history[0]).toMatchObject({
          status: "pending",
          by: { id: buyer.id, name: "Meera Buyer" },
        });
      }
    }
  });

  it("answers a move to the status the part has (a double click) with the part, changing nothing", async () => {
    for (const status of FARMER_STATUSES) {
      const { id } = await ashaPartAt(status);
      const before = await tableChecksums(t.db);
      const res = await move(asha, id, { status, reason: "Because" });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().fulfilment.status).toBe(status);
      expect(await tableChecksums(t.db)).toEqual(before);
    }
    // two clicks at once: one move, one history entry, both answered with the moved part
    const { id } = await ashaPartAt("pending");
    const both = await Promise.all([1, 2].map(() => move(asha, id, { status: "confirmed" })));
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const history = both[1]!.json().fulfilment.history.map((entry: { status: string }) => entry.status);
    expect(history).toEqual(["pending", "confirmed"]);
  });

  it("refuses every other move with 409 naming the current status, and changes nothing", async () => {
    for (const from of FARMER_STATUSES) {
      const { id } = await ashaPartAt(from);
      for (const to of PART_STATUSES.filter((s) => s !== from && !PART_TRANSITIONS[from].includes(s))) {
        const before = await tableChecksums(t.db);
        const res = await move(asha, id, { status: to, reason: "Because" });
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        expect(res.json().error.code).toBe("invalid_transition");
        expect(res.json().error.message).toBe(partMessages.cannotMove(from, to));
        expect(await tableChecksums(t.db)).toEqual(before);
      }
    }
  });

  it("lets only the part's farmer move it: 404 for another farmer, the buyer, the shop's part and an unknown id, 401 signed out", async () => {
    const deal = currentDeal();
    const order = await placed(t.app, buyer, [
      { productId: tomatoId, quantity: 1 },
      { productId: DEAL_ID, quantity: 1, dealStartTime: deal.startTime.toISOString() } as never,
    ]);
    const id = partOf(order, asha.id).id;
    for (const user of [ravi, buyer]) {
      const res = await move(user, id, { status: "confirmed" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(partMessages.notFound);
    }
    expect((await move(asha, partOf(order, null).id, { status: "confirmed" })).statusCode).toBe(404);
    expect((await move(asha, "no-such-part", { status: "confirmed" })).statusCode).toBe(404);
    expect((await move(null, id, { status: "confirmed" })).statusCode).toBe(401);
    expect(partOf(await getOrder(order), asha.id).status).toBe("pending");
    expect((await move(asha, id, { status: "confirmed" })).statusCode).toBe(200);
  });

  it("needs a reason to cancel, and a known status", async () => {
    const { id } = await ashaPartAt("confirmed");
    for (const body of [{ status: "cancelled" }, { status: "cancelled", reason: "   " }]) {
      const res = await move(asha, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ reason: partMessages.reasonRequired });
    }
    const unknown = await move(asha, id, { status: "shipped" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.status).toMatch(/Status must be one of/);
    expect((await move(asha, id, { status: "cancelled", reason: "x".repeat(501) })).statusCode).toBe(400);
  });

  it("derives the order's status from its parts", async () => {
    const order = await placed(t.app, buyer, [
      { productId: tomatoId, quantity: 1 },
      { productId: milkId, quantity: 1 },
    ]);
    const [a, r] = [partOf(order, asha.id).id, partOf(order, ravi.id).id];
    const status = async () => (await getOrder(order)).status;
    await move(asha, a, { status: "confirmed" });
    expect(await status()).toBe("pending");
    await move(ravi, r, { status: "cancelled", reason: "Cow is ill" });
    expect(await status()).toBe("in_progress");
    await move(asha, a, { status: "out_for_delivery" });
    await move(asha, a, { status: "delivered" });
    expect(await status()).toBe("delivered");
  });
});

describe("payment", () => {
  const pay = (user: SignedInUser | null, id: string, body: object = { state: "paid" }) =>
    request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${id}/payment`,
      cookie: user?.cookie,
      payload: body,
    });

  it("is recorded once by the part's farmer, and the buyer sees it", async () => {
    const { order, id } = await ashaPartAt("delivered");
    expect((await pay(ravi, id)).statusCode).toBe(404);
    expect((await pay(buyer, id)).statusCode).toBe(404);
    expect((await pay(null, id)).statusCode).toBe(401);
    expect((await pay(asha, "nope")).statusCode).toBe(404);
    expect((await pay(asha, id, { state: "unpaid" })).statusCode).toBe(400);
    const res = await pay(asha, id);
    expect(res.statusCode).toBe(200);
    // NOTE: the one-step form records what is owed as one cash payment (decision 020).
    expect(res.json().fulfilment.payment).toEqual({
      state: "paid",
      paidAt: expect.any(String),
      received: 40,
      records: [
        expect.objectContaining({ method: "cash", amount: 40, by: { id: asha.id, name: "Asha Farmer" } }),
      ],
    });
    expect(partOf(await getOrder(order), asha.id).payment.state).toBe("paid");
    const again = await pay(asha, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_paid");
    const { id: cancelled } = await ashaPartAt("cancelled");
    expect((await pay(asha, cancelled)).statusCode).toBe(409);
  });
});

describe("the buyer cancels", () => {
  const cancel = (user: SignedInUser | null, order: Order) =>
    request(t.app, { method: "POST", url: `/api/orders/${order.id}/cancel`, cookie: user?.cookie });

  it("every pending part at once, returning its stock; a confirmed part stays", async () => {
    const beans = await insertProduct(t.db.kysely, asha.id, { name: "Beans", pricePaise: 1000, stock: 8 });
    const curd = await insertProduct(t.db.kysely, ravi.id, { name: "Curd", pricePaise: 1000, stock: 4 });
    const order = await placed(t.app, buyer, [
      { productId: beans.id!, quantity: 3 },
      { productId: curd.id!, quantity: 4 },
    ]);
    expect(await stockOf(t.app, buyer, beans.id!)).toBe(5);
    expect(await stockOf(t.app, buyer, curd.id!)).toBe(0);
    await move(ravi, partOf(order, ravi.id).id, { status: "confirmed" });
    expect((await cancel(null, order)).statusCode).toBe(401);
    expect((await cancel(asha, order)).statusCode).toBe(404);
    const res = await cancel(buyer, order);
    expect(res.statusCode).toBe(200);
    const after = res.json().order as Order;
    expect(partOf(after, asha.id).status).toBe("cancelled");
    expect(partOf(after, asha.id).history.at(-1)!.by).toEqual({ id: buyer.id, name: "Meera Buyer" });
    expect(partOf(after, ravi.id).status).toBe("confirmed");
    expect(after.status).toBe("in_progress");
    expect(await stockOf(t.app, buyer, beans.id!)).toBe(8);
    expect(await stockOf(t.app, buyer, curd.id!)).toBe(0);
    const none = await cancel(buyer, order);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe("invalid_transition");
  });

  it("gives the stock back when a farmer cancels too, and the order is cancelled when all parts are", async () => {
    const figs = await insertProduct(t.db.kysely, asha.id, { name: "Figs", pricePaise: 1000, stock: 2 });
    const order = await placed(t.app, buyer, [{ productId: figs.id!, quantity: 2 }]);
    expect((await postOrder(t.app, buyer, [{ productId: figs.id!, quantity: 1 }])).statusCode).toBe(409);
    await move(asha, partOf(order, asha.id).id, { status: "confirmed" });
    await move(asha, partOf(order, asha.id).id, { status: "cancelled", reason: "Birds ate them" });
    expect(await stockOf(t.app, buyer, figs.id!)).toBe(2);
    expect((await getOrder(order)).status).toBe("cancelled");
  });
});

describe("the buyer is told by mail", () => {
  /** An order by `buyer` whose checkout e-mail is a fresh address, so that its mails are this test's only. */
  async function orderMailedTo(items: { productId: string; quantity: number }[]) {
    const email = `moves.${randomUUID()}@example.com`;
    const body = orderBody(items);
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...body, shipping: { ...body.shipping, fullName: "Meera at checkout", email } },
    });
    expect(res.statusCode).toBe(201);
    return { order: res.json().order as Order, email };
  }
  const moveMails = async (email: string) =>
    (await mailsTo(t, email)).filter((mail) => mail.subject.includes(": "));

  it("of every move a farmer makes, at the checkout e-mail, with the part's lines, the reason and a link", async () => {
    const { order, email } = await orderMailedTo([
      { productId: tomatoId, quantity: 2 },
      { productId: milkId, quantity: 1 },
    ]);
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    const tomatoes = partOf(order, asha.id).id;
    // NOTE: each move more than 2 minutes after the one before, so each has its buyer's mail (decision 048).
    for (const status of ["confirmed", "out_for_delivery", "delivered"] as const) {
      expect((await move(asha, tomatoes, { status })).statusCode).toBe(200);
      await sendOrderNews(t);
    }
    expect(
      (await move(ravi, partOf(order, ravi.id).id, { status: "cancelled", reason: "Cow is unwell" }))
        .statusCode,
    ).toBe(200);
    await sendOrderNews(t);

    const mails = await moveMails(email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      ["Cancelled", "Confirmed", "Delivered", "Out for delivery"].map(
        (label) => `Your Veggie Cart order ${number}: ${label}`,
      ),
    );
    const bySubject = (label: string) => mails.find((mail) => mail.subject.endsWith(`: ${label}`))!;
    const sent = bySubject("Out for delivery");
    expect(sent.text).toContain("Hello Meera at checkout,");
    expect(sent.text).toContain(`Asha Farmer has sent these items of your order ${number} out for delivery.`);
    expect(sent.text).toContain("Tomatoes × 2  ₹80.00");
    expect(sent.text).toContain("Total  ₹80.00");
    expect(sent.text).not.toContain("Milk");
    expect(sent.text).toContain(`http://shop.test/orders/${order.id}`);
    expect(sent.html).toContain("Asha Farmer has sent these items");
    const cancelled = bySubject("Cancelled");
    expect(cancelled.text).toContain(`Ravi Farmer has cancelled these items of your order ${number}.`);
    expect(cancelled.text).toContain("Their reason: Cow is unwell");
    expect(cancelled.text).toContain("Milk × 1  ₹60.00");
    expect(cancelled.text).not.toContain("Tomatoes");
  });

  it("of no refused move, and not of the buyer's own cancel", async () => {
    const { order, email } = await orderMailedTo([{ productId: tomatoId, quantity: 1 }]);
    const id = partOf(order, asha.id).id;
    expect((await move(asha, id, { status: "delivered" })).statusCode).toBe(409);
    expect((await move(ravi, id, { status: "confirmed" })).statusCode).toBe(404);
    const cancel = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(cancel.statusCode).toBe(200);
    expect(partOf(cancel.json().order as Order, asha.id).status).toBe("cancelled");
    await sendOrderNews(t);
    expect(await moveMails(email)).toEqual([]);
    // The order's own confirmation did go there, so the address is the one mails are written to.
    expect((await mailsTo(t, email)).map((mail) => mail.subject)).toEqual([
      `Your Veggie Cart order #${order.id.slice(0, 8).toUpperCase()}`,
    ]);
  });
});

describe("the farmer's lists", () => {
  it("shows each farmer only their parts, newest first, by status, a page at a time, with buyer and shipping", async () => {
    const farmer = await signUpAndLogIn(t.app, "Paging Farmer");
    const onion = await insertProduct(t.db.kysely, farmer.id, { name: "Onion", pricePaise: 2500 });
    const orders: Order[] = [];
    for (let i = 0; i < 5; i += 1) {
      orders.push(
        await placed(t.app, buyer, [
          { productId: onion.id!, quantity: i + 1 },
          { productId: tomatoId, quantity: 1 },
        ]),
      );
    }
    const confirmed = partOf(orders[1]!, farmer.id).id;
    await move(farmer, confirmed, { status: "confirmed" });
    const list = (query: string, user = farmer) =>
      request(t.app, { method: "GET", url: `/api/farmer/orders?${query}`, cookie: user.cookie });
    const ids: string[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page += 1) {
      const res = await list(`limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode).toBe(200);
      ids.push(...res.json().fulfilments.map((f: FarmerPart) => f.id));
      cursor = res.json().nextCursor;
      if (!cursor) break;
    }
    expect(ids).toEqual(orders.map((o) => partOf(o, farmer.id).id).reverse());
    const first = (await list("limit=1")).json().fulfilments[0] as FarmerPart;
    expect(first).toMatchObject({
      orderId: orders[4]!.id,
      status: "pending",
      total: 125,
      buyer: { name: "Meera Buyer", email: buyer.email },
      shipping: { phone: "+91 98765 43210", city: "Pune" },
      paymentMethod: "upi",
      payment: { state: "unpaid", paidAt: null },
    });
    expect(first.items.map((line) => line.name)).toEqual(["Onion"]);
    const onlyConfirmed = (await list("status=confirmed")).json();
    expect(onlyConfirmed.fulfilments.map((f: FarmerPart) => f.id)).toEqual([confirmed]);
    expect((await list("status=shipped")).statusCode).toBe(400);
    expect((await list("cursor=garbage")).statusCode).toBe(400);
    const pending = await request(t.app, {
      method: "GET",
      url: "/api/farmer/pending-count",
      cookie: farmer.cookie,
    });
    expect(pending.json()).toEqual({ pending: 4 });
    const stranger = await signUpAndLogIn(t.app, "Stranger");
    expect((await list("", stranger)).json()).toEqual({ fulfilments: [], nextCursor: null });
    expect((await request(t.app, { method: "GET", url: "/api/farmer/orders" })).statusCode).toBe(401);
  });

  it("sums orders and revenue today, this week and in all, leaving cancelled parts out", async () => {
    const farmer = await signUpAndLogIn(t.app, "Summing Farmer");
    const okra = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 5050 });
    const summary = async () =>
      (await request(t.app, { method: "GET", url: "/api/farmer/summary", cookie: farmer.cookie })).json();
    expect(await summary()).toEqual({
      today: { orders: 0, revenue: 0 },
      week: { orders: 0, revenue: 0 },
      all: { orders: 0, revenue: 0 },
    });
    const kept = await placed(t.app, buyer, [
      { productId: okra.id!, quantity: 2 },
      { productId: milkId, quantity: 1 },
    ]);
    const dropped = await placed(t.app, buyer, [{ productId: okra.id!, quantity: 1 }]);
    await move(farmer, partOf(dropped, farmer.id).id, { status: "cancelled", reason: "Rain" });
    // An order from last year counts in all only.
    await t.db.kysely
      .updateTable("order_parts")
      .set({ created_at: "2025-01-01T00:00:00.000Z" })
      .where("order_id", "=", (await placed(t.app, buyer, [{ productId: okra.id!, quantity: 3 }])).id)
      .execute();
    expect(kept.total).toBe(161);
    expect(await summary()).toEqual({
      today: { orders: 1, revenue: 101 },
      week: { orders: 1, revenue: 101 },
      all: { orders: 2, revenue: 252.5 },
    });
  });

  it("counts today and the week from midnight and Monday in the shop's time zone", () => {
    // Sunday 22 Nov 2026, 20:00 UTC is Monday 23 Nov, 01:30 in Kolkata.
    const now = new Date("2026-11-22T20:00:00.000Z");
    expect(periodStarts(now, "Asia/Kolkata")).toEqual({
      today: "2026-11-22T18:30:00.000Z",
      week: "2026-11-22T18:30:00.000Z",
    });
    expect(periodStarts(now, "UTC")).toEqual({
      today: "2026-11-22T00:00:00.000Z",
      week: "2026-11-16T00:00:00.000Z",
    });
  });
});
