import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderMessages } from "../../shared/messages.ts";
import type { FarmerOrderList } from "../../shared/schemas/farmer.ts";
import { type Order, orderNumber } from "../../shared/schemas/orders.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody, stockOf, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { type RazorpayStandIn, type SignedWebhook, startRazorpayStandIn } from "../test/razorpay-stand-in.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { expireHolds } from "./online-payments.service.ts";
import { sendDueRefunds } from "./refunds.service.ts";

/**
 * Pay now through Razorpay (issue 36, decision 052), against a local stand-in for Razorpay's API: pay, fail
 * and Try again, the hold's expiry, a late payment, forged and replayed returns and webhooks, two reports at
 * once, and the gateway down.
 */
let t: TestApp;
let rzp: RazorpayStandIn;
let asha: SignedInUser;
let buyer: SignedInUser;
let other: SignedInUser;
let operator: SignedInUser;
let tomatoId: string;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestApp({
    payments: {
      gateway: "razorpay",
      keyId: rzp.keyId,
      keySecret: rzp.keySecret,
      webhookSecret: rzp.webhookSecret,
      apiUrl: rzp.url,
      timeoutMs: 800,
    },
  });
  asha = await signUpAndLogIn(t.app, "Asha's farm");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  other = await signUpAndLogIn(t.app, "Other Buyer");
  operator = await signUpOperator(t.app, t.db);
  tomatoId = (
    await insertProduct(t.db.kysely, asha.id, {
      name: "Tomatoes",
      pricePaise: 4000,
      stock: 1000,
      unit: "piece",
    })
  ).id!;
});
afterAll(async () => {
  await t.close();
  await rzp.close();
});
beforeEach(() => {
  rzp.failure = null;
});

const payNow = (user: SignedInUser, quantity = 2, key = randomUUID(), productId = tomatoId) =>
  request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: user.cookie,
    headers: { "idempotency-key": key },
    payload: { ...orderBody([{ productId, quantity }]), payment: "now" },
  });
async function placedNow(quantity = 2, productId = tomatoId): Promise<Order> {
  const res = await payNow(buyer, quantity, randomUUID(), productId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const getOrder = async (id: string, user = buyer) =>
  (await request(t.app, { method: "GET", url: `/api/orders/${id}`, cookie: user.cookie })).json()
    .order as Order;
/** The link the stand-in made for the order's attempt (1: the first). */
const linkOf = (order: Order, attempt = 1) => {
  const reference = attempt === 1 ? order.id : `${order.id}-${attempt}`;
  const link = [...rzp.links.values()].find((candidate) => candidate.reference_id === reference);
  if (!link) throw new Error(`no link for ${reference}`);
  return link;
};
/** As Razorpay's servers send it: no session, no custom header, no Origin. */
const webhook = (hook: SignedWebhook, signature: string | null = hook.signature) =>
  t.app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    headers: {
      "content-type": "application/json",
      ...(signature !== null ? { "x-razorpay-signature": signature } : {}),
    },
    payload: hook.body,
  });
const returnWith = (query: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/payments/return?${new URLSearchParams(query)}` });
const farmerSees = async (orderId: string) => {
  const res = await request(t.app, { method: "GET", url: "/api/farmer/orders", cookie: asha.cookie });
  return (res.json() as FarmerOrderList).fulfilments.some((part) => part.orderId === orderId);
};
const gatewayPayments = (orderId: string) =>
  t.db.kysely.selectFrom("gateway_payments").selectAll().where("order_id", "=", orderId).execute();

describe("Pay now", () => {
  it("places the order awaiting payment: a Razorpay link for its total, stock held, the farmer not told", async () => {
    const before = await stockOf(t.app, buyer, tomatoId);
    const order = await placedNow(2);
    expect(order.payment).toMatchObject({ mode: "now", status: "awaiting", paid: 0, refunded: 0, due: 80 });
    const link = linkOf(order);
    expect(order.payment.url).toBe(`https://rzp.io/i/${link.id.slice(6)}`);
    expect(link).toMatchObject({
      amount: 8000,
      currency: "INR",
      reference_id: order.id,
      callback_url: "http://shop.test/api/payments/return",
      callback_method: "get",
    });
    // NOTE: the hold's end, 20 minutes from placing, is also when the link stops taking money.
    const holdEnd = Date.parse(order.payment.holdEndsAt ?? "");
    expect(holdEnd - Date.parse(order.createdAt)).toBe(20 * 60_000);
    expect(link.expire_by).toBe(Math.floor(holdEnd / 1000));
    expect(await stockOf(t.app, buyer, tomatoId)).toBe(before! - 2);
    expect(await farmerSees(order.id)).toBe(false);
    expect(await mailsTo(t, "meera@example.com")).toEqual([]);
  });

  it("is paid by the signed return: 302 to the order's page, 'paid' with its method, the farmer and buyer told once", async () => {
    const order = await placedNow(1);
    const paid = rzp.pay(linkOf(order).id, { method: "card" });
    const back = await returnWith(paid.returnQuery);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/orders/${order.id}`);
    const after = await getOrder(order.id);
    expect(after.payment).toEqual({
      mode: "now",
      status: "paid",
      state: "paid",
      method: "card",
      paid: 40,
      refunded: 0,
      due: 0,
    });
    expect(after.fulfilments[0]?.payment).toMatchObject({ received: 40 });
    expect(await farmerSees(order.id)).toBe(true);
    // NOTE: the webhook of the same payment, and the return visited twice, change nothing more.
    expect((await webhook(paid.webhook)).statusCode).toBe(200);
    expect((await returnWith(paid.returnQuery)).statusCode).toBe(302);
    expect(await gatewayPayments(order.id)).toHaveLength(1);
    const mails = (await mailsTo(t, "meera@example.com")).filter((mail) =>
      mail.subject.includes(order.id.slice(0, 8).toUpperCase()),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Paid ₹40.00 by card");
  });

  it("is paid by the webhook alone (the buyer closed the tab), and a replayed webhook counts nothing more", async () => {
    const order = await placedNow(1);
    const paid = rzp.pay(linkOf(order).id, { method: "upi" });
    for (let i = 0; i < 3; i += 1) expect((await webhook(paid.webhook)).json()).toEqual({ received: true });
    expect((await getOrder(order.id)).payment).toMatchObject({ status: "paid", method: "upi", paid: 40 });
    expect(await gatewayPayments(order.id)).toHaveLength(1);
  });

  it("counts one payment when the webhook and the return come at once, and when two webhooks do", async () => {
    const order = await placedNow(1);
    const paid = rzp.pay(linkOf(order).id);
    const answers = await Promise.all([
      webhook(paid.webhook),
      returnWith(paid.returnQuery),
      webhook(paid.webhook),
      returnWith(paid.returnQuery),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 302, 200, 302]);
    expect((await gatewayPayments(order.id)).map((row) => row.outcome)).toEqual(["counted"]);
    expect((await getOrder(order.id)).payment.paid).toBe(40);
  });

  it("answers a clear error and holds nothing when Razorpay answers 5xx or does not answer", async () => {
    for (const failure of ["5xx", "hang"] as const) {
      rzp.failure = failure;
      const before = await stockOf(t.app, buyer, tomatoId);
      const key = randomUUID();
      const res = await payNow(buyer, 3, key);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: "gateway_unavailable",
        message: orderMessages.gatewayUnavailable,
      });
      expect(await stockOf(t.app, buyer, tomatoId)).toBe(before);
      const orders = await t.db.kysely
        .selectFrom("orders")
        .select("id")
        .where("idempotency_key", "=", key)
        .execute();
      expect(orders).toEqual([]);
      rzp.failure = null;
      // NOTE: the same checkout tried again once the gateway is back places the order.
      expect((await payNow(buyer, 3, key)).statusCode).toBe(201);
    }
  });

  it("keeps Pay on delivery as it was when the request says nothing of payment", async () => {
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: orderBody([{ productId: tomatoId, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order as Order;
    expect(order.payment).toEqual({
      mode: "on_delivery",
      status: null,
      state: "unpaid",
      paid: 0,
      refunded: 0,
      due: 40,
    });
    expect(await farmerSees(order.id)).toBe(true);
  });
});

describe("forged, unknown and wrong payments change nothing", () => {
  it("answers 400 to a webhook with a wrong or missing signature, or one signed over another body", async () => {
    const order = await placedNow(1);
    const paid = rzp.pay(linkOf(order).id);
    const tampered = paid.webhook.body.replace('"amount":4000', '"amount":400');
    expect(tampered).not.toBe(paid.webhook.body);
    for (const [i, res] of [
      await webhook(paid.webhook, "0".repeat(64)),
      await webhook(paid.webhook, null),
      await webhook({ body: tampered, signature: paid.webhook.signature }),
    ].entries()) {
      expect(res.statusCode, `case ${i}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe("bad_request");
    }
    expect((await getOrder(order.id)).payment.status).toBe("awaiting");
    expect(await gatewayPayments(order.id)).toEqual([]);
  });

  it("answers a return with a wrong, missing or re-pointed signature with a 400 page linking to the orders", async () => {
    const order = await placedNow(1);
    const paid = rzp.pay(linkOf(order).id);
    const other = await placedNow(1);
    const cases = [
      { ...paid.returnQuery, razorpay_signature: "f".repeat(64) },
      { ...paid.returnQuery, razorpay_signature: "" },
      // NOTE: the browser names another order's link: the signature no longer holds.
      { ...paid.returnQuery, razorpay_payment_link_id: linkOf(other).id },
      { ...paid.returnQuery, razorpay_payment_link_reference_id: other.id },
    ];
    for (const query of cases) {
      const res = await returnWith(query);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("The payment could not be confirmed");
      expect(res.body).toContain('href="/orders"');
    }
    expect((await getOrder(order.id)).payment.status).toBe("awaiting");
    expect((await getOrder(other.id)).payment.status).toBe("awaiting");
  });

  it("ignores (and logs) a signed webhook for a link we never made", async () => {
    const body = JSON.stringify({
      entity: "event",
      event: "payment_link.paid",
      payload: {
        payment_link: {
          entity: { id: "plink_Unknown", reference_id: randomUUID(), status: "paid", amount: 4000 },
        },
        payment: {
          entity: { id: "pay_Unknown", amount: 4000, currency: "INR", method: "upi", status: "captured" },
        },
      },
    });
    const res = await webhook({ body, signature: rzp.sign(body) });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom("gateway_payments")
      .select("id")
      .where("gateway_payment_id", "=", "pay_Unknown")
      .execute();
    expect(rows).toEqual([]);
  });

  it("never takes an amount or currency other than the link's as paid: kept as a mismatch for the operator", async () => {
    const order = await placedNow(1);
    const short = rzp.pay(linkOf(order).id, { amount: 3999 });
    expect((await webhook(short.webhook)).statusCode).toBe(200);
    const order2 = await placedNow(1);
    const dollars = rzp.pay(linkOf(order2).id, { currency: "USD" });
    expect((await webhook(dollars.webhook)).statusCode).toBe(200);
    for (const id of [order.id, order2.id]) {
      expect((await getOrder(id)).payment).toMatchObject({ status: "awaiting", paid: 0 });
      expect((await gatewayPayments(id)).map((row) => row.outcome)).toEqual(["mismatch"]);
      expect(await farmerSees(id)).toBe(false);
    }
  });

  it("shows another buyer's order as 404 and refuses Try again on it", async () => {
    const order = await placedNow(1);
    const res = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      cookie: other.cookie,
    });
    expect(res.statusCode).toBe(404);
    const signedOut = await request(t.app, { method: "POST", url: `/api/orders/${order.id}/pay` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("a failed payment, Try again and the hold's end", () => {
  it("shows a failed attempt as failed; Try again makes a new link (<order id>-2) and stops the old one", async () => {
    const order = await placedNow(1);
    const first = linkOf(order);
    expect((await webhook(rzp.fail(first.id).webhook)).statusCode).toBe(200);
    const failed = await getOrder(order.id);
    expect(failed.payment).toMatchObject({ status: "failed", holdEndsAt: order.payment.holdEndsAt });
    expect(failed.payment.url).toBeUndefined();
    const again = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      cookie: buyer.cookie,
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = linkOf(order, 2);
    expect((again.json().order as Order).payment).toMatchObject({
      status: "awaiting",
      url: `https://rzp.io/i/${second.id.slice(6)}`,
    });
    expect(rzp.calls).toContain(`POST /v1/payment_links/${first.id}/cancel`);
    const paid = rzp.pay(second.id);
    expect((await returnWith(paid.returnQuery)).statusCode).toBe(302);
    expect((await getOrder(order.id)).payment.status).toBe("paid");
    const done = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      cookie: buyer.cookie,
    });
    expect(done.json().error.code).toBe("nothing_to_pay");
  });

  it("cancels an order not paid in time within a minute, gives its stock back, tells the buyer once", async () => {
    const okra = await insertProduct(t.db.kysely, asha.id, { name: "Okra", pricePaise: 3000, stock: 20 });
    const order = await placedNow(5, okra.id!);
    expect(await stockOf(t.app, buyer, okra.id!)).toBe(15);
    const holdEnd = Date.parse(order.payment.holdEndsAt ?? "");
    // NOTE: a second before the hold's end nothing happens; at it the order is cancelled, once, whichever of
    // two servers' timers comes first.
    await expireHolds(contextOf(t, { now: new Date(holdEnd - 1000) }));
    expect((await getOrder(order.id)).payment.status).toBe("awaiting");
    await Promise.all([
      expireHolds(contextOf(t, { now: new Date(holdEnd) })),
      expireHolds(contextOf(t, { now: new Date(holdEnd) })),
    ]);
    expect(await expireHolds(contextOf(t, { now: new Date(holdEnd + 30_000) }))).toBe(0);
    const after = await getOrder(order.id);
    expect(after.status).toBe("cancelled");
    expect(after.payment).toMatchObject({ status: "expired", paid: 0 });
    expect(await stockOf(t.app, buyer, okra.id!)).toBe(20);
    const told = (await mailsTo(t, "meera@example.com")).filter((mail) =>
      mail.subject.startsWith("Payment not completed"),
    );
    expect(told.filter((mail) => mail.subject.includes(order.id.slice(0, 8).toUpperCase()))).toHaveLength(1);
    const again = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      cookie: buyer.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "payment_hold_expired",
      message: orderMessages.paymentHoldExpired,
    });
    // NOTE: the okra sells out meanwhile, so a payment arriving after that cannot bring the order back: it is
    // refunded in full, automatically, and the buyer is told.
    const sold = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: other.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: orderBody([{ productId: okra.id!, quantity: 20 }]),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const late = rzp.pay(linkOf(order).id);
    expect((await webhook(late.webhook)).statusCode).toBe(200);
    expect((await gatewayPayments(order.id)).map((row) => row.outcome)).toEqual(["late"]);
    const refunds = await t.db.kysely
      .selectFrom("refunds")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(refunds.map((refund) => [refund.amount_paise, refund.reason])).toEqual([[15000, "late"]]);
    expect((await getOrder(order.id)).status).toBe("cancelled");
    expect(await farmerSees(order.id)).toBe(false);
    expect(await stockOf(t.app, buyer, okra.id!)).toBe(0);
    const refundMails = (await mailsTo(t, "meera@example.com")).filter((mail) =>
      mail.subject.includes(order.id.slice(0, 8).toUpperCase()),
    );
    expect(refundMails.map((mail) => mail.subject)).toContain(
      `Payment received late: ₹150.00 refunded for order #${order.id.slice(0, 8).toUpperCase()}`,
    );
  });
});

describe("a payment after the hold ended", () => {
  /** A farmer who delivers in one slot (two days ahead) of `capacity` places, with a product of 10 in stock. */
  async function farmerWithSlot(name: string, capacity: number) {
    const farmer = await signUpAndLogIn(t.app, name);
    const setup = (method: "POST" | "PUT" | "GET", url: string, payload?: Record<string, unknown>) =>
      request(t.app, { method, url, cookie: farmer.cookie, ...(payload ? { payload } : {}) });
    await setup("PUT", "/api/farmer/delivery-area", { pinPrefixes: ["411"] });
    const pattern = {
      kind: "delivery",
      weekday: (new Date().getUTCDay() + 2) % 7,
      start: "12:00",
      end: "14:00",
      capacity,
      cutoffHours: 0,
    };
    expect((await setup("POST", "/api/farmer/slot-patterns", pattern)).statusCode).toBe(201);
    const [slot] = (await setup("GET", "/api/farmer/slots")).json().items as { id: string; date: string }[];
    if (!slot) throw new Error("no slot was made");
    const product = await insertProduct(t.db.kysely, farmer.id, {
      name: "Beans",
      pricePaise: 5000,
      stock: 10,
    });
    const slots = { [farmer.id]: slot.id };
    const slotTaken = async () =>
      (
        await t.db.kysely
          .selectFrom("slots")
          .select("taken")
          .where("id", "=", slot.id)
          .executeTakeFirstOrThrow()
      ).taken;
    return { farmer, productId: product.id!, slots, slotTaken, date: slot.date };
  }
  async function expiredOrder(
    productId: string,
    slots: Record<string, string>,
    who: { user: SignedInUser; email: string } = { user: buyer, email: testShipping.email },
  ) {
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: who.user.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        ...orderBody([{ productId, quantity: 3 }]),
        shipping: { ...testShipping, email: who.email },
        slots,
        payment: "now",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as Order;
    await expireHolds(contextOf(t, { now: new Date(Date.parse(order.payment.holdEndsAt ?? "")) }));
    expect((await getOrder(order.id, who.user)).payment.status).toBe("expired");
    return order;
  }

  it("tells a Hindi shopper in Hindi that a late payment restored the order, or is refunded in full", async () => {
    const priya = await signUpAndLogIn(t.app, "Priya Buyer");
    const language = await request(t.app, {
      method: "PATCH",
      url: "/api/account",
      cookie: priya.cookie,
      payload: { language: "hi" },
    });
    expect(language.statusCode, language.body).toBe(200);
    const who = { user: priya, email: "priya.hindi@example.com" };
    const free = await farmerWithSlot("Hindi Late Farm", 1);
    const restored = await expiredOrder(free.productId, free.slots, who);
    expect((await webhook(rzp.pay(linkOf(restored).id).webhook)).statusCode).toBe(200);
    const full = await farmerWithSlot("Hindi Full Farm", 1);
    const refunded = await expiredOrder(full.productId, full.slots, who);
    const taken = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: other.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...orderBody([{ productId: full.productId, quantity: 1 }]), slots: full.slots },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await webhook(rzp.pay(linkOf(refunded).id).webhook)).statusCode).toBe(200);
    expect((await gatewayPayments(refunded.id)).map((row) => row.outcome)).toEqual(["late"]);

    const mails = [...(await mailsTo(t, who.email)), ...(await mailsTo(t, priya.email))];
    const about = (order: Order) => {
      const number = `#${order.id.slice(0, 8).toUpperCase()}`;
      return mails.filter((mail) => mail.subject.includes(number));
    };
    const [back] = about(restored).filter((mail) => mail.subject.startsWith("भुगतान मिल गया"));
    expect(back?.subject).toBe(`भुगतान मिल गया: ऑर्डर #${restored.id.slice(0, 8).toUpperCase()} फिर से चालू`);
    expect(back?.text).toContain("आपका ऑर्डर");
    const [gone] = about(refunded).filter((mail) => mail.subject.startsWith("भुगतान देर से मिला"));
    expect(gone?.subject).toMatch(
      new RegExp(
        `^भुगतान देर से मिला: ऑर्डर #${refunded.id.slice(0, 8).toUpperCase()} के ₹150\\.00 वापस किए जा रहे हैं$`,
      ),
    );
    // NOTE: no English left in either, but for names and numbers.
    for (const mail of [back, gone]) {
      expect(mail?.text).not.toMatch(/Your payment|See your order|refunded|restored/);
    }
  });

  it("restores the order while its stock and slot place are free: taken again once, though the webhook and the return come at once", async () => {
    const { farmer, productId, slots, slotTaken } = await farmerWithSlot("Late Farm", 1);
    const order = await expiredOrder(productId, slots);
    expect(await stockOf(t.app, buyer, productId)).toBe(10);
    expect(await slotTaken()).toBe(0);
    const paid = rzp.pay(linkOf(order).id, { method: "upi" });
    const answers = await Promise.all([
      webhook(paid.webhook),
      returnWith(paid.returnQuery),
      webhook(paid.webhook),
      returnWith(paid.returnQuery),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 302, 200, 302]);
    expect((await gatewayPayments(order.id)).map((row) => row.outcome)).toEqual(["counted"]);
    const after = await getOrder(order.id);
    expect(after.status).toBe("pending");
    expect(after.payment).toMatchObject({ status: "paid", method: "upi", paid: 150, refunded: 0 });
    expect(after.fulfilments.map((part) => part.status)).toEqual(["pending"]);
    expect(await stockOf(t.app, buyer, productId)).toBe(7);
    expect(await slotTaken()).toBe(1);
    const farmerOrders = await request(t.app, {
      method: "GET",
      url: "/api/farmer/orders",
      cookie: farmer.cookie,
    });
    expect((farmerOrders.json() as FarmerOrderList).fulfilments.map((part) => part.orderId)).toContain(
      order.id,
    );
    const number = order.id.slice(0, 8).toUpperCase();
    // NOTE: as the confirmation it stands for: to the checkout address, or the account's once others' orders
    // mailed that one three times today (issue 25).
    const told = [...(await mailsTo(t, "meera@example.com")), ...(await mailsTo(t, buyer.email))].filter(
      (mail) => mail.subject.includes(number),
    );
    expect(
      told.filter((mail) => mail.subject === `Payment received: order #${number} restored`),
    ).toHaveLength(1);
    expect(
      await t.db.kysely.selectFrom("refunds").select("id").where("order_id", "=", order.id).execute(),
    ).toEqual([]);
  });

  it("leaves nothing due at the door on the farmer's delivery run for a part paid online", async () => {
    const { farmer, productId, slots, date } = await farmerWithSlot("Run Farm", 3);
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...orderBody([{ productId, quantity: 2 }]), slots, payment: "now" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as Order;
    expect((await webhook(rzp.pay(linkOf(order).id).webhook)).statusCode).toBe(200);
    const run = await request(t.app, {
      method: "GET",
      url: `/api/farmer/run?date=${date}`,
      cookie: farmer.cookie,
    });
    expect(run.statusCode, run.body).toBe(200);
    const [stop] = run.json().stops as { due: number; payment: { received: number } }[];
    expect(stop).toMatchObject({ due: 0, payment: { received: 100 } });
    expect(run.json().totals.due).toBe(0);
  });

  it("refunds it in full when its slot's place was taken meanwhile", async () => {
    const { productId, slots, slotTaken } = await farmerWithSlot("Full Farm", 1);
    const order = await expiredOrder(productId, slots);
    const taken = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: other.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...orderBody([{ productId, quantity: 1 }]), slots },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await webhook(rzp.pay(linkOf(order).id).webhook)).statusCode).toBe(200);
    expect((await gatewayPayments(order.id)).map((row) => row.outcome)).toEqual(["late"]);
    const after = await getOrder(order.id);
    expect(after.status).toBe("cancelled");
    expect(after.payment).toMatchObject({ status: "expired", paid: 0, refunded: 150 });
    // NOTE: nothing of the cancelled order is held again: the other buyer's place and stock only.
    expect(await slotTaken()).toBe(1);
    expect(await stockOf(t.app, buyer, productId)).toBe(9);
  });
});

describe("without a gateway", () => {
  it("refuses Pay now with 409 and still takes Pay on delivery", async () => {
    const plain = await createTestApp({ payments: { gateway: "none" } });
    try {
      const shopper = await signUpAndLogIn(plain.app, "No Gateway Buyer");
      const farmer = await signUpAndLogIn(plain.app, "No Gateway Farmer");
      const product = await insertProduct(plain.db.kysely, farmer.id, { name: "Okra", pricePaise: 3000 });
      const place = (payment?: string) =>
        request(plain.app, {
          method: "POST",
          url: "/api/orders",
          cookie: shopper.cookie,
          headers: { "idempotency-key": randomUUID() },
          payload: {
            ...orderBody([{ productId: product.id!, quantity: 1 }]),
            ...(payment ? { payment } : {}),
          },
        });
      const now = await place("now");
      expect(now.statusCode).toBe(409);
      expect(now.json().error).toEqual({
        code: "payment_unavailable",
        message: orderMessages.payNowUnavailable,
      });
      expect((await place("on_delivery")).statusCode).toBe(201);
      expect((await place()).statusCode).toBe(201);
      expect((await place("later")).statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});

describe("refunds after weighing and cancels", () => {
  let kiloId: string;
  beforeAll(async () => {
    kiloId = (
      await insertProduct(t.db.kysely, asha.id, { name: "Onions", pricePaise: 4000, stock: 1000, unit: "kg" })
    ).id!;
  });
  const farmerPost = (url: string, payload: object, user = asha) =>
    request(t.app, { method: "POST", url, cookie: user.cookie, payload });
  const moveTo = (partId: string, status: string, user = asha) =>
    farmerPost(
      `/api/farmer/orders/${partId}/status`,
      { status, ...(status === "cancelled" ? { reason: "No harvest" } : {}) },
      user,
    );
  /** 2 kg of onions (₹80) paid now by UPI; answers the order and its part's id. */
  async function paidKilos() {
    const order = await placedNow(2, kiloId);
    const paid = rzp.pay(linkOf(order).id, { method: "upi" });
    expect((await webhook(paid.webhook)).statusCode).toBe(200);
    return { order, partId: order.fulfilments[0]!.id, paymentId: paid.paymentId };
  }
  async function weighAndSend(partId: string, grams: number) {
    expect((await moveTo(partId, "confirmed")).statusCode).toBe(200);
    const weighed = await farmerPost(`/api/farmer/orders/${partId}/weights`, {
      lines: [{ lineId: 1, packedGrams: grams }],
    });
    expect(weighed.statusCode, weighed.body).toBe(200);
    expect((await moveTo(partId, "out_for_delivery")).statusCode).toBe(200);
  }
  const refundsOf = (orderId: string) =>
    t.db.kysely.selectFrom("refunds").selectAll().where("order_id", "=", orderId).execute();
  /** The buyer's bill mails of an order (their text names its number). */
  const billMailsOf = async (orderId: string) =>
    (await mailsTo(t, "meera@example.com")).filter(
      (mail) => mail.subject.startsWith("Your bill from") && mail.text.includes(orderNumber(orderId)),
    );

  it("refunds the difference of a lower weighed bill to how the buyer paid, once, and shows it on the order", async () => {
    const { order, partId, paymentId } = await paidKilos();
    await weighAndSend(partId, 1800);
    expect(await sendDueRefunds(contextOf(t))).toBeGreaterThanOrEqual(1);
    const sent = rzp.refunds.filter((refund) => refund.payment_id === paymentId);
    expect(sent.map((refund) => [refund.amount, refund.notes.order_id])).toEqual([[800, order.id]]);
    const after = await getOrder(order.id);
    // NOTE: paid, then the difference refunded: "part refunded", the part's and so the order's (decision 065).
    expect(after.payment).toMatchObject({
      status: "paid",
      state: "part_refunded",
      paid: 80,
      refunded: 8,
      due: 0,
    });
    expect(after.fulfilments[0]?.payment).toMatchObject({ state: "part_refunded", received: 72 });
    // The bill mail says so, and asks nothing at the door.
    const [bill, ...more] = await billMailsOf(order.id);
    expect(more).toEqual([]);
    expect(bill?.text).toContain(
      "Paid online: ₹80.00. The difference, ₹8.00, is refunded to how you paid when your order is on its way.",
    );
    expect(bill?.text).not.toContain("How to pay");
    // NOTE: Razorpay's word that it was processed, twice, adds one event; nothing is sent twice.
    const processed = rzp.refundEvent(sent[0]!.id, "processed");
    expect((await webhook(processed)).statusCode).toBe(200);
    expect((await webhook(processed)).statusCode).toBe(200);
    expect(await sendDueRefunds(contextOf(t))).toBe(0);
    const [refund] = await refundsOf(order.id);
    const events = await t.db.kysely
      .selectFrom("refund_events")
      .select("status")
      .where("refund_id", "=", refund!.id)
      .execute();
    expect(events.map((event) => event.status).sort()).toEqual(["pending", "processed"]);
  });

  it("leaves the rest of a higher bill due at the door, and refuses a door payment above it", async () => {
    const { order, partId } = await paidKilos();
    await weighAndSend(partId, 2200);
    expect(await refundsOf(order.id)).toEqual([]);
    const after = await getOrder(order.id);
    expect(after.payment).toMatchObject({ state: "part_paid", paid: 80, refunded: 0, due: 8 });
    expect(after.fulfilments[0]?.payment).toMatchObject({ state: "part_paid", received: 80 });
    // The bill mail asks only for the rest.
    const [bill] = await billMailsOf(order.id);
    expect(bill?.text).toContain("Paid online: ₹80.00. Still to pay: ₹8.00.");
    expect(bill?.text).toMatch(/How to pay: (Pay in cash on delivery\.|.*\(Pay ₹8\.00 by UPI\)\.)/);
    const over = await farmerPost(`/api/farmer/orders/${partId}/payments`, { method: "cash", amount: 8.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("overpayment");
    const rest = await farmerPost(`/api/farmer/orders/${partId}/payments`, { method: "cash", amount: 8 });
    expect(rest.statusCode, rest.body).toBe(201);
    const paid = await getOrder(order.id);
    expect(paid.payment).toMatchObject({ state: "paid", due: 0 });
    expect(paid.fulfilments[0]?.payment.state).toBe("paid");
  });

  it("refunds a paid part cancelled by its buyer in full, once, even when cancelled twice at once", async () => {
    const { order, paymentId } = await paidKilos();
    const cancel = () =>
      request(t.app, {
        method: "POST",
        url: `/api/orders/${order.id}/cancel`,
        cookie: buyer.cookie,
        payload: {},
      });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await refundsOf(order.id)).map((refund) => [refund.amount_paise, refund.reason])).toEqual([
      [8000, "cancelled"],
    ]);
    await sendDueRefunds(contextOf(t));
    expect(
      rzp.refunds.filter((refund) => refund.payment_id === paymentId).map((refund) => refund.amount),
    ).toEqual([8000]);
    const after = await getOrder(order.id);
    expect(after.payment).toMatchObject({ state: "refunded", paid: 80, refunded: 80, due: 0 });
    expect(after.fulfilments[0]?.payment).toMatchObject({ state: "refunded", received: 0 });
  });

  it("shows one refunded part of two as the order's part refunded, and a refund that failed as none", async () => {
    const ravi = await signUpAndLogIn(t.app, "Ravi's farm");
    const beansId = (
      await insertProduct(t.db.kysely, ravi.id, {
        name: "Beans",
        pricePaise: 2500,
        stock: 100,
        unit: "piece",
      })
    ).id!;
    const placed = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: {
        ...orderBody([
          { productId: tomatoId, quantity: 1 },
          { productId: beansId, quantity: 2 },
        ]),
        payment: "now",
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as Order;
    const paid = rzp.pay(linkOf(order).id, { method: "card" });
    expect((await webhook(paid.webhook)).statusCode).toBe(200);
    expect((await getOrder(order.id)).payment.state).toBe("paid");
    const beans = order.fulfilments.find((part) => part.farmerId === ravi.id)!;
    expect((await moveTo(beans.id, "cancelled", ravi)).statusCode).toBe(200);
    const statesOf = (seen: Order) =>
      seen.fulfilments.map((part) => [part.farmerId === ravi.id ? "beans" : "tomatoes", part.payment.state]);
    const after = await getOrder(order.id);
    expect(after.payment.state).toBe("part_refunded");
    expect(statesOf(after).sort()).toEqual([
      ["beans", "refunded"],
      ["tomatoes", "paid"],
    ]);
    // NOTE: the gateway could not give it back: the money is still with the shop, listed for the operator.
    await sendDueRefunds(contextOf(t));
    const sent = rzp.refunds.find((refund) => refund.payment_id === paid.paymentId)!;
    expect((await webhook(rzp.refundEvent(sent.id, "failed"))).statusCode).toBe(200);
    const failed = await getOrder(order.id);
    expect(failed.payment).toMatchObject({ state: "paid", refunded: 0 });
    expect(statesOf(failed).sort()).toEqual([
      ["beans", "paid"],
      ["tomatoes", "paid"],
    ]);
  });

  it("refunds a paid part its farmer cancels", async () => {
    const { order, partId } = await paidKilos();
    expect((await moveTo(partId, "cancelled")).statusCode).toBe(200);
    expect((await refundsOf(order.id)).map((refund) => refund.amount_paise)).toEqual([8000]);
  });

  it("retries a refund the gateway cannot take now, by the clock, until it is accepted", async () => {
    const { order, partId, paymentId } = await paidKilos();
    await weighAndSend(partId, 1500);
    rzp.failure = "5xx";
    const now = Date.now();
    expect(await sendDueRefunds(contextOf(t, { now: new Date(now) }))).toBe(0);
    const queued = await t.db.kysely.selectFrom("refund_queue").selectAll().execute();
    expect(queued.some((row) => row.attempts === 1 && row.last_error === "The server is unavailable")).toBe(
      true,
    );
    rzp.failure = null;
    // NOTE: not due again before its back-off (1 minute after the first failure).
    expect(await sendDueRefunds(contextOf(t, { now: new Date(now + 30_000) }))).toBe(0);
    expect(rzp.refunds.filter((refund) => refund.payment_id === paymentId)).toEqual([]);
    expect(await sendDueRefunds(contextOf(t, { now: new Date(now + 61_000) }))).toBeGreaterThanOrEqual(1);
    expect(
      rzp.refunds.filter((refund) => refund.payment_id === paymentId).map((refund) => refund.amount),
    ).toEqual([2000]);
    expect((await getOrder(order.id)).payment.refunded).toBe(20);
  });

  it("gives a second payment of a paid order back in full, and a failed refund is kept for the operator", async () => {
    const order = await placedNow(1);
    const first = linkOf(order);
    await webhook(rzp.fail(first.id).webhook);
    await request(t.app, { method: "POST", url: `/api/orders/${order.id}/pay`, cookie: buyer.cookie });
    expect((await webhook(rzp.pay(linkOf(order, 2).id).webhook)).statusCode).toBe(200);
    // NOTE: the buyer had the old page open and paid there too, before it was cancelled.
    const twice = rzp.pay(first.id);
    expect((await webhook(twice.webhook)).statusCode).toBe(200);
    expect((await gatewayPayments(order.id)).map((row) => row.outcome).sort()).toEqual([
      "counted",
      "duplicate",
    ]);
    expect((await refundsOf(order.id)).map((refund) => [refund.amount_paise, refund.reason])).toEqual([
      [4000, "duplicate"],
    ]);
    await sendDueRefunds(contextOf(t));
    const sent = rzp.refunds.find((refund) => refund.payment_id === twice.paymentId)!;
    expect((await webhook(rzp.refundEvent(sent.id, "failed"))).statusCode).toBe(200);
    // NOTE: the order itself stays paid once, its money counted once.
    expect((await getOrder(order.id)).payment).toMatchObject({
      status: "paid",
      state: "paid",
      paid: 40,
      refunded: 0,
    });
    const unsettled = await request(t.app, {
      method: "GET",
      url: "/api/admin/payments/unsettled",
      cookie: operator.cookie,
    });
    expect(unsettled.statusCode, unsettled.body).toBe(200);
    expect(unsettled.json().refunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: order.id, amount: 40, reason: "duplicate" }),
      ]),
    );
  });
});

describe("the ledger and payouts", () => {
  let shop: TestApp;
  let farmer: SignedInUser;
  let shopper: SignedInUser;
  let boss: SignedInUser;
  beforeAll(async () => {
    shop = await createTestApp({
      shopCommissionBasisPoints: 250,
      payments: {
        gateway: "razorpay",
        keyId: rzp.keyId,
        keySecret: rzp.keySecret,
        webhookSecret: rzp.webhookSecret,
        apiUrl: rzp.url,
      },
    });
    farmer = await signUpAndLogIn(shop.app, "Ledger Farmer");
    shopper = await signUpAndLogIn(shop.app, "Ledger Buyer");
    boss = await signUpOperator(shop.app, shop.db);
  });
  afterAll(() => shop.close());
  const as = (user: SignedInUser, method: "GET" | "POST", url: string, payload?: object) =>
    request(shop.app, { method, url, cookie: user.cookie, ...(payload ? { payload } : {}) });

  /** A Pay now order of one product, paid through the stand-in, weighed at `grams` when given, delivered. */
  async function deliveredPaid(
    product: { pricePaise: number; unit: "kg" | "piece" },
    quantity: number,
    grams?: number,
  ) {
    const { id } = await insertProduct(shop.db.kysely, farmer.id, {
      name: "Ledger produce",
      stock: 100,
      ...product,
    });
    const placed = await request(shop.app, {
      method: "POST",
      url: "/api/orders",
      cookie: shopper.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...orderBody([{ productId: id!, quantity }]), payment: "now" },
    });
    const order = placed.json().order as Order;
    const link = [...rzp.links.values()].find((candidate) => candidate.reference_id === order.id)!;
    const hook = rzp.pay(link.id).webhook;
    await shop.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "x-razorpay-signature": hook.signature },
      payload: hook.body,
    });
    const partId = order.fulfilments[0]!.id;
    const move = (status: string) => as(farmer, "POST", `/api/farmer/orders/${partId}/status`, { status });
    expect((await move("confirmed")).statusCode).toBe(200);
    if (grams !== undefined) {
      await as(farmer, "POST", `/api/farmer/orders/${partId}/weights`, {
        lines: [{ lineId: 1, packedGrams: grams }],
      });
    }
    expect((await move("out_for_delivery")).statusCode).toBe(200);
    expect((await move("delivered")).statusCode).toBe(200);
    return order;
  }

  it("reckons each farmer's week: collected online, refunded, commission per part rounded half up, payable", async () => {
    // ₹80 paid, weighed at ₹72: ₹8 refunded, 2.5 % of ₹72 = ₹1.80. ₹99.99 paid: 2.5 % = 249.975 paise → ₹2.50.
    const weighed = await deliveredPaid({ pricePaise: 4000, unit: "kg" }, 2, 1800);
    await deliveredPaid({ pricePaise: 3333, unit: "piece" }, 3);
    await sendDueRefunds(contextOf(shop));
    // NOTE: the part's records name each movement of its money, with the gateway's ids (decision 052).
    const seen = (await as(shopper, "GET", `/api/orders/${weighed.id}`)).json().order as Order;
    const [payment] = await shop.db.kysely
      .selectFrom("gateway_payments")
      .selectAll()
      .where("order_id", "=", weighed.id)
      .execute();
    const refundEvent = await shop.db.kysely
      .selectFrom("refund_events as e")
      .innerJoin("refunds as r", "r.id", "e.refund_id")
      .select("e.gateway_refund_id")
      .where("r.order_id", "=", weighed.id)
      .executeTakeFirstOrThrow();
    expect(seen.fulfilments[0]!.payment.records).toMatchObject([
      { kind: "gateway", amount: 80, method: "upi", gatewayPaymentId: payment!.gateway_payment_id },
      { kind: "refund", amount: 8, status: "pending", gatewayRefundId: refundEvent.gateway_refund_id },
    ]);
    expect(refundEvent.gateway_refund_id).toMatch(/^rfnd_/);
    const week = (await as(boss, "GET", "/api/admin/payments")).json();
    const row = week.farmers.find((candidate: { farmerId: string }) => candidate.farmerId === farmer.id);
    expect(row).toMatchObject({
      delivered: 171.99,
      cash: 0,
      upi: 0,
      owed: 0,
      collectedOnline: 179.99,
      refunded: 8,
      commission: 4.3,
      payable: 167.69,
      paidOut: 0,
      balance: 167.69,
    });
    const parts = (await as(farmer, "GET", "/api/farmer/payments")).json().buyers[0].parts;
    expect(parts.map((part: { state: string }) => part.state).sort()).toEqual(["paid", "part_refunded"]);
  });

  it("records a payout of at most what is owed (audited), once when sent twice at once, and the farmer sees it", async () => {
    const payout = (amount: number, reference = "UTR123") =>
      as(boss, "POST", "/api/admin/payouts", {
        farmerId: farmer.id,
        amount,
        reference,
        paidOn: shopDateNow(),
      });
    const over = await payout(167.7);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("payout_above_owed");
    const first = await payout(100);
    expect(first.statusCode, first.body).toBe(201);
    const both = await Promise.all([payout(60, "UTR-A"), payout(60, "UTR-B")]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const mine = (await as(farmer, "GET", "/api/farmer/payments")).json();
    expect(mine).toMatchObject({
      paidOut: 160,
      balance: 7.69,
      collectedOnline: 179.99,
      refunded: 8,
      commission: 4.3,
    });
    // NOTE: the ledger's sums hold to the paisa: collected − refunded − commission − paid out = still owed.
    expect(Math.round((mine.collectedOnline - mine.refunded - mine.commission - mine.paidOut) * 100)).toBe(
      Math.round(mine.balance * 100),
    );
    // NOTE: both CSVs carry the online figures, the farmer's with the week's payouts on its total row.
    const farmerCsv = (await as(farmer, "GET", "/api/farmer/payments.csv")).body.trim().split("\r\n");
    expect(farmerCsv[0]).toBe(
      "week,buyer,order,delivered at,delivered,cash,upi,owed,collected online,refunded,commission,payable,paid out,state",
    );
    expect(
      farmerCsv
        .slice(1, -1)
        .map((row) => row.split(",").at(-1))
        .sort(),
    ).toEqual(["paid", "part_refunded"]);
    expect(farmerCsv.at(-1)).toMatch(
      /,Total,,,171\.99,0\.00,0\.00,0\.00,179\.99,8\.00,4\.30,167\.69,160\.00,$/,
    );
    const shopCsv = await as(boss, "GET", "/api/admin/payments.csv");
    expect(shopCsv.statusCode).toBe(200);
    expect(shopCsv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const shopRows = shopCsv.body.trim().split("\r\n");
    expect(shopRows[0]).toBe(
      "week,farmer,delivered,cash,upi,owed,collected online,refunded,commission,payable,paid out,balance",
    );
    expect(shopRows.find((row) => row.includes(",Ledger Farmer,"))).toMatch(
      /^\d{4}-\d{2}-\d{2},Ledger Farmer,171\.99,0\.00,0\.00,0\.00,179\.99,8\.00,4\.30,167\.69,160\.00,7\.69$/,
    );
    expect((await as(farmer, "GET", "/api/admin/payments.csv")).statusCode).toBe(403);
    const audit = await shop.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "payout.record")
      .execute();
    expect(audit).toHaveLength(2);
    expect(await shop.db.kysely.selectFrom("payouts").select("id").execute()).toHaveLength(2);
    // NOTE: a shopper is not an operator.
    expect(
      (
        await as(shopper, "POST", "/api/admin/payouts", {
          farmerId: farmer.id,
          amount: 1,
          reference: "x",
          paidOn: shopDateNow(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("shows a payout in the week it was paid, though the farmer delivered nothing in it", async () => {
    const later = new Date(`${shopDateNow()}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 7);
    const nextWeek = later.toISOString().slice(0, 10);
    const paid = await as(boss, "POST", "/api/admin/payouts", {
      farmerId: farmer.id,
      amount: 7.69,
      reference: "UTR-NEXT",
      paidOn: nextWeek,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const row = (paid.json() as { farmers: { farmerId: string | null }[] }).farmers.find(
      (candidate) => candidate.farmerId === farmer.id,
    );
    expect(row).toMatchObject({ delivered: 0, payable: 0, paidOut: 7.69, balance: 0 });
    const again = await as(boss, "GET", `/api/admin/payments?week=${nextWeek}`);
    expect(again.json().farmers).toEqual([
      expect.objectContaining({ farmerName: "Ledger Farmer", paidOut: 7.69 }),
    ]);
  });
});

/** Today in the shop's calendar (Asia/Kolkata in tests). */
const shopDateNow = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
