import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import type { FarmerReckoning, ShopReckoning } from "../../shared/schemas/payments.ts";
import { paymentMessages } from "../../shared/schemas/payments.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { currentDeal, DEAL_ID } from "../deals/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed } from "../test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { recordPayment } from "./payments.service.ts";

/** Paid at the door (issue 22, decision 020): payments, their undo, UPI IDs and links, and the reckonings. */
let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;
let buyer: SignedInUser;
let other: SignedInUser;
let operator: SignedInUser;
let tomatoId: string;
let corianderId: string;

beforeAll(async () => {
  t = await createTestApp();
  asha = await signUpAndLogIn(t.app, "Asha's farm");
  ravi = await signUpAndLogIn(t.app, "Ravi Farmer");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  other = await signUpAndLogIn(t.app, "Other Buyer");
  operator = await signUpOperator(t.app, t.db);
  const kysely = t.db.kysely;
  tomatoId = (
    await insertProduct(kysely, asha.id, { name: "Tomatoes", pricePaise: 4000, stock: 1000, unit: "kg" })
  ).id!;
  corianderId = (await insertProduct(kysely, ravi.id, { name: "Coriander", pricePaise: 1500, unit: "bunch" }))
    .id!;
});
afterAll(() => t.close());

/** A week's figures of parts paid at the door: nothing online (decision 052). */
const NO_ONLINE = { collectedOnline: 0, refunded: 0, commission: 0, payable: 0 };

const partOf = (order: Order, farmerId: string | null) =>
  order.fulfilments.find((f) => f.farmerId === farmerId)!;
const post = (user: SignedInUser | null, url: string, payload: object) =>
  request(t.app, { method: "POST", url, cookie: user?.cookie, payload });
const pay = (user: SignedInUser | null, partId: string, payload: object) =>
  post(user, `/api/farmer/orders/${partId}/payments`, payload);
const undo = (user: SignedInUser | null, partId: string, paymentId: string, payload: object) =>
  post(user, `/api/farmer/orders/${partId}/payments/${paymentId}/undo`, payload);
const get = (user: SignedInUser | null, url: string) =>
  request(t.app, { method: "GET", url, cookie: user?.cookie });
const move = (partId: string, status: PartStatus) =>
  post(asha, `/api/farmer/orders/${partId}/status`, {
    status,
    ...(status === "cancelled" ? { reason: "No harvest" } : {}),
  });
const getOrder = async (order: Order, as = buyer) =>
  (await get(as, `/api/orders/${order.id}`)).json().order as Order;

/** Asha's part of 2 kg of tomatoes (with Ravi's coriander), weighed at `grams` and moved on to `status`. */
async function ashaPart(grams: number | null, status: PartStatus = "confirmed") {
  const order = await placed(t.app, buyer, [
    { productId: tomatoId, quantity: 2 },
    { productId: corianderId, quantity: 1 },
  ]);
  const partId = partOf(order, asha.id).id;
  if (status !== "pending" && status !== "cancelled") await move(partId, "confirmed");
  if (grams !== null) {
    const res = await post(asha, `/api/farmer/orders/${partId}/weights`, {
      lines: [{ lineId: 1, packedGrams: grams }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const path: PartStatus[] =
    status === "delivered"
      ? ["out_for_delivery", "delivered"]
      : status === "out_for_delivery"
        ? [status]
        : [];
  for (const step of path) expect((await move(partId, step)).statusCode).toBe(200);
  if (status === "cancelled") await move(partId, "cancelled");
  return { order, partId };
}

describe("payments at the door", () => {
  it("take a part from unpaid to part paid to paid: ₹40 in cash, the rest by UPI with its reference", async () => {
    const { order, partId } = await ashaPart(2150, "delivered");
    expect(partOf(await getOrder(order), asha.id).payment).toEqual({
      state: "unpaid",
      paidAt: null,
      received: 0,
      records: [],
    });
    const cash = await pay(asha, partId, { method: "cash", amount: 40 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((cash.json().fulfilment as FarmerPart).payment).toMatchObject({
      state: "part_paid",
      received: 40,
      records: [{ method: "cash", amount: 40, by: { id: asha.id, name: "Asha's farm" } }],
    });
    const upi = await pay(asha, partId, { method: "upi", amount: 46, reference: "  412345678901 " });
    expect(upi.statusCode).toBe(201);
    const payment = (upi.json().fulfilment as FarmerPart).payment;
    expect(payment).toMatchObject({ state: "paid", received: 86, paidAt: expect.any(String) });
    expect(payment.records[1]).toMatchObject({ method: "upi", amount: 46, reference: "412345678901" });
    expect(partOf(await getOrder(order), asha.id).payment.state).toBe("paid");
  });

  it("refuse an overpayment with 409 naming what is left, and a payment before the bill is final or of a cancelled part", async () => {
    const { partId } = await ashaPart(2150);
    await pay(asha, partId, { method: "cash", amount: 80 });
    const over = await pay(asha, partId, { method: "cash", amount: 6.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({ code: "overpayment", message: partMessages.overpaid("₹6.00") });
    expect((await pay(asha, partId, { method: "cash", amount: 6 })).statusCode).toBe(201);

    const { partId: unweighed } = await ashaPart(null);
    const early = await pay(asha, unweighed, { method: "cash", amount: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: "bill_not_final", message: partMessages.billNotFinal });
    const { partId: cancelled } = await ashaPart(null, "cancelled");
    expect((await pay(asha, cancelled, { method: "cash", amount: 1 })).statusCode).toBe(409);
  });

  it("refuse an amount of 0 or less, with more than 2 decimals, an unknown method and a long reference (400 per field)", async () => {
    const { partId } = await ashaPart(2000);
    const cases: [object, string][] = [
      [{ method: "cash", amount: 0 }, "amount"],
      [{ method: "cash", amount: -5 }, "amount"],
      [{ method: "cash", amount: 10.005 }, "amount"],
      [{ method: "cash", amount: 0.000000001 }, "amount"],
      [{ method: "cash", amount: "10" }, "amount"],
      [{ method: "cheque", amount: 10 }, "method"],
      [{ method: "upi", amount: 10, reference: "x".repeat(36) }, "reference"],
    ];
    for (const [body, field] of cases) {
      const res = await pay(asha, partId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await pay(asha, partId, { method: "cash", amount: 10.25 })).statusCode).toBe(201);
  });

  it("two at once that together would overpay: exactly one is recorded", async () => {
    const { partId } = await ashaPart(2000);
    const results = await Promise.all([
      pay(asha, partId, { method: "cash", amount: 50 }),
      pay(asha, partId, { method: "upi", amount: 50 }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const part = (await get(asha, "/api/farmer/orders?limit=50"))
      .json()
      .fulfilments.find((f: FarmerPart) => f.id === partId) as FarmerPart;
    expect(part.payment).toMatchObject({ state: "part_paid", received: 50 });
    expect(part.payment.records).toHaveLength(1);
  });

  it("are recorded by the part's farmer only: 404 for other farmers, the buyer, an operator and an unknown id, 401 signed out", async () => {
    const { partId } = await ashaPart(2000);
    const body = { method: "cash", amount: 1 };
    for (const user of [ravi, buyer, operator]) expect((await pay(user, partId, body)).statusCode).toBe(404);
    expect((await pay(null, partId, body)).statusCode).toBe(401);
    expect((await pay(asha, "no-such-part", body)).statusCode).toBe(404);
  });

  it("can be undone by their farmer within 24 hours, with a reason; the record stays, marked undone", async () => {
    const { partId } = await ashaPart(2000, "delivered");
    const paid = (await pay(asha, partId, { method: "cash", amount: 80 })).json().fulfilment as FarmerPart;
    const paymentId = paid.payment.records[0]!.id;
    const noReason = await undo(asha, partId, paymentId, { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: paymentMessages.undoReasonRequired });
    for (const user of [ravi, buyer]) {
      expect((await undo(user, partId, paymentId, { reason: "Typo" })).statusCode).toBe(404);
    }
    expect((await undo(asha, partId, "no-such-payment", { reason: "Typo" })).statusCode).toBe(404);
    const res = await undo(asha, partId, paymentId, { reason: "Counted twice" });
    expect(res.statusCode).toBe(200);
    const payment = (res.json().fulfilment as FarmerPart).payment;
    expect(payment).toMatchObject({ state: "unpaid", received: 0 });
    expect(payment.records).toEqual([
      expect.objectContaining({
        id: paymentId,
        amount: 80,
        undone: { at: expect.any(String), by: { id: asha.id, name: "Asha's farm" }, reason: "Counted twice" },
      }),
    ]);
    const again = await undo(asha, partId, paymentId, { reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(partMessages.alreadyUndone);
  });

  it("cannot be undone after 24 hours (409), counted by the request's clock", async () => {
    const { partId } = await ashaPart(2000, "delivered");
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000);
    const ctx = { ...contextOf(t, { now: dayAndMinuteAgo }), actor: { id: asha.id, operator: false } };
    const part = await recordPayment(ctx, partId, { method: "cash", amount: 80 });
    const res = await undo(asha, partId, part.payment.records[0]!.id, { reason: "Too late" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "undo_refused", message: partMessages.undoTooLate });
  });
});

describe("UPI", () => {
  it("a farmer sets a UPI ID of the form name@handle (400 otherwise), reads it back and may remove it", async () => {
    const farmer = await signUpAndLogIn(t.app, "Sunita Farmer");
    expect((await get(farmer, "/api/farmer/profile")).json()).toEqual({ upiId: null, phone: null });
    for (const upiId of ["asha", "asha@", "@okaxis", "as ha@okaxis", 42]) {
      const res = await request(t.app, {
        method: "PUT",
        url: "/api/farmer/profile",
        cookie: farmer.cookie,
        payload: { upiId },
      });
      expect(res.statusCode, String(upiId)).toBe(400);
      expect(res.json().error.fields).toEqual({ upiId: paymentMessages.upiIdInvalid });
    }
    const put = (upiId: string | null) =>
      request(t.app, {
        method: "PUT",
        url: "/api/farmer/profile",
        cookie: farmer.cookie,
        payload: { upiId },
      });
    expect((await put("sunita@okaxis")).json()).toEqual({ upiId: "sunita@okaxis", phone: null });
    expect((await get(farmer, "/api/farmer/profile")).json()).toEqual({
      upiId: "sunita@okaxis",
      phone: null,
    });
    expect((await put(null)).json()).toEqual({ upiId: null, phone: null });
    expect((await get(null, "/api/farmer/profile")).statusCode).toBe(401);
  });

  it("the buyer and the farmer see the part's upi:// link once its bill is final; nobody else, and never without a UPI ID", async () => {
    const { order, partId } = await ashaPart(null);
    expect(partOf(await getOrder(order), asha.id).upi).toBeNull();
    await request(t.app, {
      method: "PUT",
      url: "/api/farmer/profile",
      cookie: asha.cookie,
      payload: { upiId: "asha@okaxis" },
    });
    expect(partOf(await getOrder(order), asha.id).upi).toBeNull();
    await post(asha, `/api/farmer/orders/${partId}/weights`, { lines: [{ lineId: 1, packedGrams: 2150 }] });
    const number = order.id.slice(0, 8).toUpperCase();
    const uri = `upi://pay?pa=asha@okaxis&pn=Asha's%20farm&am=86.00&cu=INR&tn=Veggie%20Cart%20order%20%23${number}%2C%20Asha's%20farm`;
    const seen = await getOrder(order);
    expect(partOf(seen, asha.id).upi).toEqual({ uri });
    // Ravi has no UPI ID: cash on delivery only.
    expect(partOf(seen, ravi.id).upi).toBeNull();
    const farmerView = (await get(asha, "/api/farmer/orders?limit=50"))
      .json()
      .fulfilments.find((f: FarmerPart) => f.id === partId);
    expect(farmerView.upi).toEqual({ uri });
    expect((await get(other, `/api/orders/${order.id}`)).statusCode).toBe(404);
    const forOperator = (await get(operator, "/api/admin/orders?limit=50"))
      .json()
      .items.find((o: Order) => o.id === order.id) as Order;
    expect(partOf(forOperator, asha.id).upi).toBeNull();
    // Once ₹40 is paid, the link asks for the rest; once paid, there is none.
    await pay(asha, partId, { method: "cash", amount: 40 });
    expect(partOf(await getOrder(order), asha.id).upi!.uri).toContain("&am=46.00&");
    await pay(asha, partId, { method: "upi", amount: 46 });
    expect(partOf(await getOrder(order), asha.id).upi).toBeNull();
    await request(t.app, {
      method: "PUT",
      url: "/api/farmer/profile",
      cookie: asha.cookie,
      payload: { upiId: null },
    });
  });

  it("the shop's own part is paid to the shop's UPI ID, set by an operator (403 for anyone else)", async () => {
    const put = (user: SignedInUser, upiId: string | null) =>
      request(t.app, {
        method: "PUT",
        url: "/api/admin/shop-profile",
        cookie: user.cookie,
        payload: { upiId },
      });
    expect((await put(asha, "shop@okaxis")).statusCode).toBe(403);
    expect((await put(operator, "veggiecart@okicici")).json()).toEqual({ upiId: "veggiecart@okicici" });
    expect((await get(operator, "/api/admin/shop-profile")).json()).toEqual({ upiId: "veggiecart@okicici" });
    const order = await placed(t.app, buyer, [
      { productId: DEAL_ID, quantity: 1, dealStartTime: currentDeal().startTime.toISOString() },
    ]);
    const shopPart = partOf(await getOrder(order), null);
    expect(shopPart.upi!.uri).toMatch(
      /^upi:\/\/pay\?pa=veggiecart@okicici&pn=Veggie%20Cart&am=\d+\.\d\d&cu=INR&tn=/,
    );
    // The operator's own screens never carry the link: it is for the buyer.
    const moved = await post(operator, `/api/admin/fulfilments/${shopPart.id}/status`, {
      status: "confirmed",
    });
    expect(partOf(moved.json().order as Order, null).upi).toBeNull();
    const byOperator = await pay(operator, shopPart.id, { method: "cash", amount: shopPart.total });
    expect(byOperator.statusCode).toBe(201);
    expect((byOperator.json().fulfilment as FarmerPart).payment.state).toBe("paid");
    expect((await pay(asha, shopPart.id, { method: "cash", amount: 1 })).statusCode).toBe(404);
    await put(operator, null);
  });
});

describe("the weekly reckoning", () => {
  it("sums three lines that round differently to the same paisa in the part, the order, the week and its CSV", async () => {
    const farmer = await signUpAndLogIn(t.app, 'Kiran, "Green" Farm');
    const kysely = t.db.kysely;
    const products = [
      await insertProduct(kysely, farmer.id, { name: "Beans", pricePaise: 3333, unit: "kg" }),
      await insertProduct(kysely, farmer.id, { name: "Okra", pricePaise: 4555, unit: "500 g" }),
      await insertProduct(kysely, farmer.id, { name: "Chillies", pricePaise: 1001, unit: "kg" }),
    ];
    const order = await placed(t.app, buyer, [
      ...products.map((p) => ({ productId: p.id!, quantity: 1 })),
      { productId: corianderId, quantity: 1 },
    ]);
    const partId = partOf(order, farmer.id).id;
    const weighed = await post(farmer, `/api/farmer/orders/${partId}/weights`, {
      lines: [
        { lineId: 1, packedGrams: 1005 }, // 33.33 × 1.005 = 33.49665 → ₹33.50
        { lineId: 2, packedGrams: 333 }, // 45.55 × 333 ÷ 500 = 30.3363 → ₹30.34
        { lineId: 3, packedGrams: 500 }, // 10.01 × 0.5 = 5.005 → ₹5.01 (half up)
      ],
    });
    const part = weighed.json().fulfilment as FarmerPart;
    expect(part.items.map((line) => line.amount)).toEqual([33.5, 30.34, 5.01]);
    expect(part.total).toBe(68.85);
    expect(await getOrder(order)).toMatchObject({ billTotal: 83.85, billFinal: true });
    for (const status of ["confirmed", "out_for_delivery", "delivered"]) {
      await post(farmer, `/api/farmer/orders/${partId}/status`, { status });
    }
    await pay(farmer, partId, { method: "cash", amount: 40 });
    await pay(farmer, partId, { method: "upi", amount: 20 });

    const week = (await get(farmer, "/api/farmer/payments")).json() as FarmerReckoning;
    expect(week).toMatchObject({ delivered: 68.85, cash: 40, upi: 20, owed: 8.85 });
    expect(week.buyers).toEqual([
      {
        buyerId: buyer.id,
        buyerName: "Meera Iyer",
        delivered: 68.85,
        cash: 40,
        upi: 20,
        owed: 8.85,
        ...NO_ONLINE,
        parts: [
          {
            partId,
            orderId: order.id,
            deliveredAt: expect.any(String),
            state: "part_paid",
            delivered: 68.85,
            cash: 40,
            upi: 20,
            owed: 8.85,
            ...NO_ONLINE,
          },
        ],
      },
    ]);
    expect(week.week <= shopDate(new Date(), "Asia/Kolkata")).toBe(true);
    const csv = await get(farmer, `/api/farmer/payments.csv?week=${week.week}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="payments-${week.week}.csv"`);
    // NOTE: the order by its short number and the time by the shop's clock (Asia/Kolkata, UTC+05:30, no DST).
    const deliveredAt = new Date(Date.parse(week.buyers[0]!.parts[0]!.deliveredAt) + 330 * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace("T", " ");
    // NOTE: the byte-order mark tells a spreadsheet the file is UTF-8 (trim() takes it off).
    expect(csv.body.startsWith("\uFEFFweek,")).toBe(true);
    expect(csv.body.trim().split("\r\n")).toEqual([
      "week,buyer,order,delivered at,delivered,cash,upi,owed,collected online,refunded,commission,payable,paid out,state",
      `${week.week},Meera Iyer,#${order.id.slice(0, 8).toUpperCase()},${deliveredAt},68.85,40.00,20.00,8.85,0.00,0.00,0.00,0.00,,part_paid`,
      `${week.week},Total,,,68.85,40.00,20.00,8.85,0.00,0.00,0.00,0.00,0.00,`,
    ]);
    // The farmer who reads Marathi gets the headers, the state and the total in Marathi (decision 049).
    await request(t.app, {
      method: "PATCH",
      url: "/api/account",
      cookie: farmer.cookie,
      payload: { language: "mr" },
    });
    const marathi = (await get(farmer, `/api/farmer/payments.csv?week=${week.week}`)).body
      .trim()
      .split("\r\n");
    expect(marathi[0]).toBe(
      "आठवडा,ग्राहक,ऑर्डर,पोहोचवल्याची वेळ,पोहोचवले,रोख,UPI,बाकी,ऑनलाइन मिळाले,परत केले,कमिशन,देय,शेतकऱ्याला दिले,स्थिती",
    );
    expect(marathi[1]).toMatch(/,काही पैसे मिळाले$/);
    expect(marathi[2]).toBe(`${week.week},एकूण,,,68.85,40.00,20.00,8.85,0.00,0.00,0.00,0.00,0.00,`);

    const shop = (await get(operator, `/api/admin/payments?week=${week.week}`)).json() as ShopReckoning;
    expect(shop.farmers.find((f) => f.farmerId === farmer.id)).toEqual({
      farmerId: farmer.id,
      farmerName: 'Kiran, "Green" Farm',
      delivered: 68.85,
      cash: 40,
      upi: 20,
      owed: 8.85,
      ...NO_ONLINE,
      paidOut: 0,
      balance: 0,
    });
  });

  it("takes any day of a week as that week from Monday in the shop's calendar, and holds nothing of another week", async () => {
    const res = await get(asha, "/api/farmer/payments?week=2025-01-01");
    expect(res.json()).toEqual({
      week: "2024-12-30",
      delivered: 0,
      cash: 0,
      upi: 0,
      owed: 0,
      ...NO_ONLINE,
      paidOut: 0,
      balance: 0,
      buyers: [],
    });
    expect((await get(asha, "/api/farmer/payments?week=26-11-2026")).statusCode).toBe(400);
    expect((await get(asha, "/api/farmer/payments?week=2026-02-30")).statusCode).toBe(400);
    expect((await get(null, "/api/farmer/payments")).statusCode).toBe(401);
    expect((await get(asha, "/api/admin/payments")).statusCode).toBe(403);
    expect((await get(operator, "/api/admin/payments?week=2025-01-05")).json()).toMatchObject({
      week: "2024-12-30",
      farmers: [],
    });
  });
});
