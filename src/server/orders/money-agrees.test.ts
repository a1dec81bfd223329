import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hi } from "../../shared/i18n/hi.ts";
import { mr } from "../../shared/i18n/mr.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/** Issue 40: money recorded stays recorded, and every place that shows a part's amount shows the same one. */
let t: TestApp;
let asha: SignedInUser;
let buyer: SignedInUser;
let operator: SignedInUser;
let tomatoId: string;
let onionId: string;

beforeAll(async () => {
  t = await createTestApp();
  asha = await signUpAndLogIn(t.app, "Asha's farm");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  operator = await signUpOperator(t.app, t.db);
  tomatoId = (
    await insertProduct(t.db.kysely, asha.id, { name: "Tomatoes", pricePaise: 4000, stock: 1000, unit: "kg" })
  ).id!;
  onionId = (
    await insertProduct(t.db.kysely, asha.id, { name: "Onions", pricePaise: 3000, stock: 1000, unit: "kg" })
  ).id!;
});
afterAll(() => t.close());

const post = (user: SignedInUser, url: string, payload: object) =>
  request(t.app, { method: "POST", url, cookie: user.cookie, payload });
const get = (user: SignedInUser, url: string) => request(t.app, { method: "GET", url, cookie: user.cookie });
const weigh = (partId: string, packedGrams: number) =>
  post(asha, `/api/farmer/orders/${partId}/weights`, { lines: [{ lineId: 1, packedGrams }] });
const move = (user: SignedInUser, url: string, status: PartStatus) =>
  post(user, url, { status, ...(status === "cancelled" ? { reason: "No harvest" } : {}) });

describe("a part with money recorded (item 24)", () => {
  it("cannot be cancelled by the buyer, the farmer or the operator until the money is undone", async () => {
    const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 2 }]);
    const partId = order.fulfilments[0]!.id;
    // NOTE: weighed while pending, so the bill (₹55.48) is final and a payment is accepted.
    expect((await weigh(partId, 1387)).statusCode).toBe(200);
    const paid = await post(asha, `/api/farmer/orders/${partId}/payments`, { method: "cash", amount: 55.48 });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = (paid.json().fulfilment as FarmerPart).payment.records[0]!.id;

    const refusal = {
      code: "part_has_payments",
      message: partMessages.paidNotCancellable("₹55.48"),
    };
    const byBuyer = await post(buyer, `/api/orders/${order.id}/cancel`, { reason: "Changed my mind" });
    expect(byBuyer.statusCode).toBe(409);
    expect(byBuyer.json().error).toEqual(refusal);
    const byFarmer = await move(asha, `/api/farmer/orders/${partId}/status`, "cancelled");
    expect(byFarmer.statusCode).toBe(409);
    expect(byFarmer.json().error).toEqual(refusal);
    const byOperator = await move(operator, `/api/admin/fulfilments/${partId}/status`, "cancelled");
    expect(byOperator.statusCode).toBe(409);
    expect(byOperator.json().error).toEqual(refusal);

    // Nothing was lost: the part is pending and the payment still counts.
    const kept = (await get(buyer, `/api/orders/${order.id}`)).json().order as Order;
    expect(kept.fulfilments[0]).toMatchObject({
      status: "pending",
      payment: { state: "paid", received: 55.48 },
    });

    const undone = await post(asha, `/api/farmer/orders/${partId}/payments/${paymentId}/undo`, {
      reason: "Buyer cancels",
    });
    expect(undone.statusCode).toBe(200);
    const cancelled = await post(buyer, `/api/orders/${order.id}/cancel`, { reason: "Changed my mind" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json().order as Order).fulfilments[0]!.status).toBe("cancelled");
  });

  it("says so in Hindi and Marathi too", async () => {
    const order = await placed(t.app, buyer, [{ productId: tomatoId, quantity: 1 }]);
    const partId = order.fulfilments[0]!.id;
    await weigh(partId, 1000);
    await post(asha, `/api/farmer/orders/${partId}/payments`, { method: "upi", amount: 10 });
    for (const [language, texts] of [
      ["hi", hi],
      ["mr", mr],
    ] as const) {
      await request(t.app, {
        method: "PATCH",
        url: "/api/account",
        cookie: buyer.cookie,
        payload: { language },
      });
      const res = await post(buyer, `/api/orders/${order.id}/cancel`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: "part_has_payments",
        message: texts.errors.part_has_payments,
      });
    }
    await request(t.app, {
      method: "PATCH",
      url: "/api/account",
      cookie: buyer.cookie,
      payload: { language: "en" },
    });
  });
});

describe("status mails (item 4)", () => {
  it("list each line as billed once the bill is final: a 0 g line gone, a weighed line at its amount, adding up to the total", async () => {
    const order = await placed(t.app, buyer, [
      { productId: tomatoId, quantity: 1 },
      { productId: onionId, quantity: 1 },
    ]);
    const partId = order.fulfilments[0]!.id;
    const weighed = await post(asha, `/api/farmer/orders/${partId}/weights`, {
      lines: [
        { lineId: 1, packedGrams: 0 },
        { lineId: 2, packedGrams: 1100 },
      ],
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    for (const status of ["confirmed", "out_for_delivery", "delivered"] as const) {
      expect((await move(asha, `/api/farmer/orders/${partId}/status`, status)).statusCode).toBe(200);
    }
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    const statusMails = (await mailsTo(t, testShipping.email)).filter((mail) =>
      mail.subject.startsWith(`Your Veggie Cart order ${number}:`),
    );
    expect(statusMails).toHaveLength(3);
    for (const mail of statusMails) {
      expect(mail.text, mail.subject).toContain("Onions × 1 (ordered 1 kg, packed 1.1 kg)  ₹33.00");
      expect(mail.text, mail.subject).toContain("Total  ₹33.00");
      expect(mail.text, mail.subject).not.toContain("Tomatoes");
      expect(mail.text, mail.subject).not.toContain("₹30.00");
    }
  });
});
