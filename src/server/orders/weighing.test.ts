import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { currentDeal, DEAL_ID } from "../deals/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, stockOf, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/** Produce sold by weight (issue 22, decision 020): weighing at packing and the bill that follows. */
let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;
let buyer: SignedInUser;
let operator: SignedInUser;
let tomatoId: string;
let corianderId: string;

beforeAll(async () => {
  t = await createTestApp();
  asha = await signUpAndLogIn(t.app, "Asha's farm");
  ravi = await signUpAndLogIn(t.app, "Ravi Farmer");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  operator = await signUpOperator(t.app, t.db);
  const kysely = t.db.kysely;
  tomatoId = (
    await insertProduct(kysely, asha.id, { name: "Tomatoes", pricePaise: 4000, stock: 100, unit: "kg" })
  ).id!;
  corianderId = (
    await insertProduct(kysely, ravi.id, { name: "Coriander", pricePaise: 1500, stock: 50, unit: "bunch" })
  ).id!;
});
afterAll(() => t.close());

const partOf = (order: Order, farmerId: string | null) =>
  order.fulfilments.find((f) => f.farmerId === farmerId)!;

const weigh = (user: SignedInUser | null, partId: string, lines: object[] | object) =>
  request(t.app, {
    method: "POST",
    url: `/api/farmer/orders/${partId}/weights`,
    cookie: user?.cookie,
    payload: Array.isArray(lines) ? { lines } : lines,
  });

const move = (user: SignedInUser, partId: string, status: PartStatus) =>
  request(t.app, {
    method: "POST",
    url: `/api/farmer/orders/${partId}/status`,
    cookie: user.cookie,
    payload: { status, ...(status === "cancelled" ? { reason: "No harvest" } : {}) },
  });

const getOrder = async (order: Order) =>
  (await request(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie })).json()
    .order as Order;

/** 2 kg of Asha's tomatoes and a bunch of Ravi's coriander. */
async function tomatoOrder() {
  const order = await placed(t.app, buyer, [
    { productId: tomatoId, quantity: 2 },
    { productId: corianderId, quantity: 1 },
  ]);
  return { order, partId: partOf(order, asha.id).id };
}

const billMails = async (farmerName: string) =>
  (await mailsTo(t, testShipping.email)).filter((mail) =>
    mail.subject.startsWith(`Your bill from ${farmerName}`),
  );

describe("a weighed line", () => {
  it("is an estimate until weighed, then billed at the packed weight (2 kg ordered, 2,150 g packed: ₹86.00)", async () => {
    const { order, partId } = await tomatoOrder();
    const part = partOf(order, asha.id);
    expect(part).toMatchObject({ estimate: 80, total: 80, billFinal: false, upi: null });
    expect(part.items).toEqual([
      expect.objectContaining({ lineId: 1, weighed: true, packedGrams: null, estimate: 80, amount: 80 }),
    ]);
    expect(partOf(order, ravi.id)).toMatchObject({ total: 15, billFinal: true });
    expect(order).toMatchObject({ total: 95, billTotal: 95, billFinal: false });
    const before = (await billMails("Asha's farm")).length;

    await move(asha, partId, "confirmed");
    const res = await weigh(asha, partId, [{ lineId: 1, packedGrams: 2150 }]);
    expect(res.statusCode, res.body).toBe(200);
    const weighed = res.json().fulfilment as FarmerPart;
    expect(weighed).toMatchObject({ estimate: 80, total: 86, billFinal: true });
    expect(weighed.items[0]).toMatchObject({ packedGrams: 2150, estimate: 80, amount: 86, lineTotal: 80 });
    expect(await getOrder(order)).toMatchObject({ total: 95, billTotal: 101, billFinal: true });

    const mails = await billMails("Asha's farm");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe("Your bill from Asha's farm: ₹86.00");
    expect(mails.at(-1)!.text).toContain("ordered 2 kg, packed 2.15 kg");
    expect(mails.at(-1)!.text).toContain("Pay in cash on delivery");
    // Weighing again changes the bill while the part is packed: a corrected bill follows (issue 40).
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 1900 }])).json().fulfilment.total).toBe(76);
    expect(await billMails("Asha's farm")).toHaveLength(before + 1);
    expect((await mailsTo(t, testShipping.email)).at(-1)!.subject).toBe(
      "Your corrected bill from Asha's farm: ₹76.00",
    );
  });

  it("cannot be weighed below what was already received: 409 and the weight stays, until the payment is undone", async () => {
    const { partId } = await tomatoOrder();
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 2000 }])).statusCode).toBe(200);
    const paid = await request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${partId}/payments`,
      cookie: asha.cookie,
      payload: { method: "cash", amount: 80 },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const lower = await weigh(asha, partId, [{ lineId: 1, packedGrams: 1500 }]);
    expect(lower.statusCode, lower.body).toBe(409);
    expect(lower.json().error).toMatchObject({
      code: "overpayment",
      message: partMessages.billBelowReceived("₹60.00", "₹80.00"),
    });
    const same = await weigh(asha, partId, [{ lineId: 1, packedGrams: 2000 }]);
    expect(same.json().fulfilment).toMatchObject({ total: 80, payment: { state: "paid", received: 80 } });

    const paymentId = (same.json().fulfilment as FarmerPart).payment.records[0]!.id;
    const undo = await request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${partId}/payments/${paymentId}/undo`,
      cookie: asha.cookie,
      payload: { reason: "Weighed again" },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const again = await weigh(asha, partId, [{ lineId: 1, packedGrams: 1500 }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().fulfilment).toMatchObject({ total: 60, payment: { state: "unpaid", received: 0 } });
  });

  it("may be packed at most 110 % of the ordered weight: 400 naming the line, with a clear message", async () => {
    const { order, partId } = await tomatoOrder();
    const over = await weigh(asha, partId, [{ lineId: 1, packedGrams: 2201 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(
      "The packed weight can be at most 2,200 g (110 % of what was ordered)",
    );
    expect(over.json().error.fields).toEqual({ "lines.0.packedGrams": partMessages.overweight(2200) });
    expect(partOf(await getOrder(order), asha.id).billFinal).toBe(false);
    const most = await weigh(asha, partId, [{ lineId: 1, packedGrams: 2200 }]);
    expect(most.json().fulfilment.total).toBe(88);
    // A short harvest is fine.
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 1 }])).json().fulfilment.total).toBe(0.04);
  });

  it("refuses negative or fractional grams, a line not sold by weight, a line of another part, and an empty list", async () => {
    const { order, partId } = await tomatoOrder();
    for (const body of [
      [{ lineId: 1, packedGrams: -1 }],
      [{ lineId: 1, packedGrams: 10.5 }],
      [{ lineId: 1, packedGrams: "2000" }],
      [],
      { lines: [{ lineId: 1, packedGrams: 100 }], extra: 1 },
    ]) {
      const res = await weigh(asha, partId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const coriander = await weigh(ravi, partOf(order, ravi.id).id, [{ lineId: 2, packedGrams: 100 }]);
    expect(coriander.statusCode).toBe(400);
    expect(coriander.json().error.fields).toEqual({ "lines.0.lineId": partMessages.notWeighedLine });
    const elsewhere = await weigh(asha, partId, [{ lineId: 2, packedGrams: 100 }]);
    expect(elsewhere.json().error.fields).toEqual({ "lines.0.lineId": partMessages.unknownLine });
    const twice = await weigh(asha, partId, [
      { lineId: 1, packedGrams: 100 },
      { lineId: 1, packedGrams: 200 },
    ]);
    expect(twice.json().error.fields).toEqual({ "lines.1.lineId": partMessages.lineTwice });
    expect(partOf(await getOrder(order), asha.id).items[0]!.packedGrams).toBeNull();
  });

  it("packed at 0 g is dropped from the bill, counts nowhere and gives its stock back, once", async () => {
    const stock = await stockOf(t.app, buyer, tomatoId);
    const { order, partId } = await tomatoOrder();
    expect(await stockOf(t.app, buyer, tomatoId)).toBe(stock! - 2);
    const res = await weigh(asha, partId, [{ lineId: 1, packedGrams: 0 }]);
    expect(res.json().fulfilment).toMatchObject({ total: 0, billFinal: true });
    expect(await stockOf(t.app, buyer, tomatoId)).toBe(stock);
    expect(await getOrder(order)).toMatchObject({ billTotal: 15, billFinal: true });
    const again = await weigh(asha, partId, [{ lineId: 1, packedGrams: 1000 }]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ "lines.0.packedGrams": partMessages.lineDropped });
    // Cancelling the part later does not give the stock back a second time.
    expect((await move(asha, partId, "cancelled")).statusCode).toBe(200);
    expect(await stockOf(t.app, buyer, tomatoId)).toBe(stock);
  });

  it("is weighed only while the part is pending or confirmed: 409 once out for delivery, delivered or cancelled", async () => {
    const { partId } = await tomatoOrder();
    expect((await move(asha, partId, "confirmed")).statusCode).toBe(200);
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 2000 }])).statusCode).toBe(200);
    for (const status of ["out_for_delivery", "delivered"] as const) {
      expect((await move(asha, partId, status)).statusCode).toBe(200);
      const res = await weigh(asha, partId, [{ lineId: 1, packedGrams: 2100 }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "weights_final",
        message: partMessages.notWeighable(status),
      });
    }
    const { partId: cancelled } = await tomatoOrder();
    await move(asha, cancelled, "cancelled");
    expect((await weigh(asha, cancelled, [{ lineId: 1, packedGrams: 2000 }])).statusCode).toBe(409);
  });

  it("not weighed when the part goes out for delivery is final at its ordered weight, and the buyer is mailed the bill", async () => {
    const { order, partId } = await tomatoOrder();
    const before = (await billMails("Asha's farm")).length;
    await move(asha, partId, "confirmed");
    expect((await move(asha, partId, "out_for_delivery")).statusCode).toBe(200);
    const part = partOf(await getOrder(order), asha.id);
    expect(part).toMatchObject({ total: 80, billFinal: true });
    // Never weighed, it was not "packed 2 kg": it shows as ordered, billed at the ordered weight (issue 40 #19).
    expect(part.items[0]).toMatchObject({ packedGrams: null, amount: 80 });
    const mails = await billMails("Asha's farm");
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe("Your bill from Asha's farm: ₹80.00");
    expect(mails.at(-1)!.text).toContain("Tomatoes × 2  ₹80.00");
    expect(mails.at(-1)!.text).not.toContain("packed 2 kg");
  });

  it("of a cancelled part counts nowhere", async () => {
    const { order, partId } = await tomatoOrder();
    await weigh(asha, partId, [{ lineId: 1, packedGrams: 2150 }]);
    await move(asha, partId, "cancelled");
    expect(await getOrder(order)).toMatchObject({ billTotal: 15, billFinal: true });
  });

  it("is weighed by the part's farmer only (an operator on the shop's part): 404 for others and an unknown id, 401 signed out", async () => {
    const { order, partId } = await tomatoOrder();
    const line = [{ lineId: 1, packedGrams: 2000 }];
    expect((await weigh(ravi, partId, line)).statusCode).toBe(404);
    expect((await weigh(buyer, partId, line)).statusCode).toBe(404);
    expect((await weigh(operator, partId, line)).statusCode).toBe(404);
    expect((await weigh(null, partId, line)).statusCode).toBe(401);
    expect((await weigh(asha, "no-such-part", line)).statusCode).toBe(404);
    expect(partOf(await getOrder(order), asha.id).items[0]!.packedGrams).toBeNull();

    const withDeal = await placed(t.app, buyer, [
      { productId: DEAL_ID, quantity: 1, dealStartTime: currentDeal().startTime.toISOString() },
    ]);
    const shopPart = partOf(withDeal, null).id;
    expect((await weigh(asha, shopPart, [{ lineId: 1, packedGrams: 10 }])).statusCode).toBe(404);
    // The operator reaches the shop's part; its line (a piece) is not sold by weight.
    const byOperator = await weigh(operator, shopPart, [{ lineId: 1, packedGrams: 10 }]);
    expect(byOperator.statusCode).toBe(400);
    expect(byOperator.json().error.fields).toEqual({ "lines.0.lineId": partMessages.notWeighedLine });
  });
});

/** The bill mails (first and corrected) of one order, oldest first. */
const billMailsOf = async (order: Order) =>
  (await mailsTo(t, testShipping.email)).filter(
    (mail) =>
      /bill from Asha's farm/.test(mail.subject) && mail.text.includes(order.id.slice(0, 8).toUpperCase()),
  );

async function kiloOfTomatoes() {
  const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 1 }]);
  return { order, partId: order.fulfilments[0]!.id };
}

describe("the buyer's bill mail (issue 40 item 3)", () => {
  it("is not sent while the part is pending, even with every line weighed; it goes once the farmer confirms", async () => {
    const { order, partId } = await kiloOfTomatoes();
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 1000 }])).statusCode).toBe(200);
    expect(await billMailsOf(order)).toEqual([]);

    expect((await move(asha, partId, "confirmed")).statusCode).toBe(200);
    const mails = await billMailsOf(order);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your bill from Asha's farm: ₹40.00"]);
    expect((await move(asha, partId, "out_for_delivery")).statusCode).toBe(200);
    expect(await billMailsOf(order)).toHaveLength(1);
  });

  it("goes when the last weighed line of a confirmed part is weighed, not before", async () => {
    const beans = await insertProduct(t.db.kysely, asha.id, {
      name: "Beans",
      pricePaise: 3000,
      stock: 100,
      unit: "kg",
    });
    const order = await placed(t.app, buyer, [
      { productId: tomatoId, quantity: 1 },
      { productId: beans.id!, quantity: 1 },
    ]);
    const partId = order.fulfilments[0]!.id;
    await move(asha, partId, "confirmed");
    await weigh(asha, partId, [{ lineId: 1, packedGrams: 1000 }]);
    expect(await billMailsOf(order)).toEqual([]);
    await weigh(asha, partId, [{ lineId: 2, packedGrams: 500 }]);
    expect((await billMailsOf(order)).map((mail) => mail.subject)).toEqual([
      "Your bill from Asha's farm: ₹55.00",
    ]);
  });

  it("is followed by a corrected bill that says so when a weight is corrected after it left (1,000 g → 900 g)", async () => {
    const { order, partId } = await kiloOfTomatoes();
    await move(asha, partId, "confirmed");
    await weigh(asha, partId, [{ lineId: 1, packedGrams: 1000 }]);
    expect((await weigh(asha, partId, [{ lineId: 1, packedGrams: 900 }])).json().fulfilment.total).toBe(36);

    const [first, corrected, ...more] = await billMailsOf(order);
    expect(more).toEqual([]);
    expect(first?.subject).toBe("Your bill from Asha's farm: ₹40.00");
    expect(corrected?.subject).toBe("Your corrected bill from Asha's farm: ₹36.00");
    expect(corrected?.text).toContain("This bill replaces the one we sent before (₹40.00)");
    expect(corrected?.text).toContain("Tomatoes × 1 (ordered 1 kg, packed 900 g)  ₹36.00");
    expect(corrected?.text).toContain("Total  ₹36.00");

    // The same weight saved again changes nothing, and sends nothing.
    await weigh(asha, partId, [{ lineId: 1, packedGrams: 900 }]);
    expect(await billMailsOf(order)).toHaveLength(2);
  });
});
