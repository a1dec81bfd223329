import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/error-codes.ts";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { Order } from "../../shared/schemas/orders.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, testShipping } from "../test/order-helpers.ts";
import { mailsTo, sendOrderNews } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { sharedTextIn } from "../texts/index.ts";

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
    for (const language of ["hi", "mr"] as const) {
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
        message: sharedTextIn(language, ERROR_CODES.part_has_payments.meaning),
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
      // NOTE: each move more than 2 minutes after the one before, so each has its buyer's mail (decision 048).
      await sendOrderNews(t);
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

describe("one part's amount everywhere (item 5)", () => {
  it("is the estimate before weighing and the bill after, the same number in every answer and CSV that shows it", async () => {
    const sunita = await signUpAndLogIn(t.app, "Sunita's farm");
    const okra = await insertProduct(t.db.kysely, sunita.id, {
      name: "Bhindi",
      pricePaise: 4500,
      stock: 100,
      unit: "500 g",
    });
    const shopRevenue = async () => {
      const stats = (await get(operator, "/api/admin/stats")).json();
      return { today: stats.totals.today.revenue as number, lastDay: stats.days.at(-1).revenue as number };
    };
    const shopBefore = await shopRevenue();
    const order = await placed(t.app, buyer, [{ productId: okra.id!, quantity: 4 }]);
    const partId = order.fulfilments[0]!.id;

    /** Every place that shows this part's (and this order's) amount, as the API answers them. */
    const everywhere = async () => {
      const own = (await get(buyer, "/api/orders?limit=50")).json().orders as Order[];
      const page = (await get(buyer, `/api/orders/${order.id}`)).json().order as Order;
      const farmerList = (await get(sunita, "/api/farmer/orders")).json().fulfilments as FarmerPart[];
      const summary = (await get(sunita, "/api/farmer/summary")).json();
      const operatorList = (await get(operator, "/api/admin/orders?limit=100")).json().items as Order[];
      const stats = (await get(operator, "/api/admin/stats")).json();
      const listed = own.find((o) => o.id === order.id)!;
      const operatorListed = operatorList.find((o) => o.id === order.id)!;
      return {
        "/orders": [listed.billTotal, listed.fulfilments[0]!.total],
        "order page": [page.billTotal, page.fulfilments[0]!.total],
        "farmer's card": [farmerList.find((p) => p.id === partId)!.total],
        "farmer today / week / all": [summary.today.revenue, summary.week.revenue, summary.all.revenue],
        "operator's orders": [operatorListed.billTotal, operatorListed.fulfilments[0]!.total],
        // NOTE: the shop's figures hold earlier tests' orders too: this order is what they grew by.
        "operator's overview": [
          Math.round((stats.totals.today.revenue - shopBefore.today) * 100) / 100,
          Math.round((stats.days.at(-1).revenue - shopBefore.lastDay) * 100) / 100,
        ],
        billFinal: [page.billFinal, listed.billFinal],
      };
    };
    const sameEverywhere = (amount: number, billFinal: boolean) => ({
      "/orders": [amount, amount],
      "order page": [amount, amount],
      "farmer's card": [amount],
      "farmer today / week / all": [amount, amount, amount],
      "operator's orders": [amount, amount],
      "operator's overview": [amount, amount],
      billFinal: [billFinal, billFinal],
    });

    // Placed: 4 × 500 g at ₹45.00, about ₹180.00.
    expect(await everywhere()).toEqual(sameEverywhere(180, false));
    // Weighed at 2,022 g: ₹45 × 2,022 ÷ 500 = ₹181.98, final.
    expect(
      (
        await post(sunita, `/api/farmer/orders/${partId}/weights`, {
          lines: [{ lineId: 1, packedGrams: 2022 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(await everywhere()).toEqual(sameEverywhere(181.98, true));
    for (const status of ["confirmed", "out_for_delivery", "delivered"] as const) {
      expect((await move(sunita, `/api/farmer/orders/${partId}/status`, status)).statusCode).toBe(200);
    }
    expect(await everywhere()).toEqual(sameEverywhere(181.98, true));
    const week = (await get(sunita, "/api/farmer/payments")).json();
    expect(week.delivered).toBe(181.98);
    const csv = (await get(sunita, "/api/farmer/payments.csv")).body.trim().split("\r\n");
    expect(csv[1]).toContain(`#${order.id.slice(0, 8).toUpperCase()},`);
    expect(csv[1]).toContain(",181.98,0.00,0.00,181.98,");
  });
});
