import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopStatsSchema } from "../../shared/schemas/stats.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { periodStarts, placeOrder } from "../orders/index.ts";
import { runStandingOrders } from "../standing-orders/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { testShipping } from "../test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { shopStats } from "./stats.service.ts";

const ZONE = "Asia/Kolkata";
let t: TestApp;
let operator: SignedInUser;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
let keys = 0;
async function orderAt(at: Date, productId: string, quantity: number) {
  keys += 1;
  const { order } = await placeOrder(contextOf(t, { now: at, timeZone: ZONE }), {
    userId: buyer.id,
    idempotencyKey: `stats-test-order-number-${keys}`,
    input: { items: [{ productId, quantity }], shipping: testShipping, paymentMethod: "upi" },
  });
  return order;
}

describe("the shop at a glance", () => {
  it("counts orders, revenue, accounts and products today, this week and in all, and 30 shop days of them", async () => {
    const farmer = await signUpAndLogIn(t.app, "Ravi Farmer");
    const beans = (await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 2550 })).id!;
    const now = new Date();
    const today = shopDate(now, ZONE);
    await orderAt(now, beans, 2); // ₹51 today
    await orderAt(new Date(now.getTime() - 3 * DAY_MS), beans, 1); // ₹25.50 three days ago
    await orderAt(new Date(now.getTime() - 40 * DAY_MS), beans, 4); // ₹102, before the 30 days
    const cancelled = await orderAt(now, beans, 10);
    const cancel = await request(t.app, {
      method: "POST",
      url: `/api/orders/${cancelled.id}/cancel`,
      cookie: buyer.cookie,
      payload: { reason: "Ordered by mistake" },
    });
    expect(cancel.statusCode).toBe(200);
    await request(t.app, {
      method: "POST",
      url: "/api/messages",
      cookie: buyer.cookie,
      payload: {
        kind: "faq",
        name: "Meera",
        email: "meera@example.com",
        subject: "Delivery",
        message: "When?",
      },
    });

    const res = await request(t.app, { method: "GET", url: "/api/admin/stats", cookie: operator.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const stats = ShopStatsSchema.parse(res.json());
    expect(stats).toMatchObject({ today, timeZone: ZONE, messagesWaiting: 1 });
    expect(stats.totals.all).toEqual({ orders: 3, revenue: 178.5, accounts: 3, products: 1 });
    expect(stats.totals.today).toEqual({ orders: 1, revenue: 51, accounts: 3, products: 1 });
    // This week (from Monday in Kolkata) holds the order from three days ago only when that was this week.
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY_MS).toISOString();
    const inWeek = threeDaysAgo >= periodStarts(now, ZONE).week;
    expect(stats.totals.week).toEqual({
      orders: inWeek ? 2 : 1,
      revenue: inWeek ? 76.5 : 51,
      accounts: 3,
      products: 1,
    });

    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]!.date).toBe(addDays(today, -29));
    expect(stats.days[29]).toEqual({ date: today, orders: 1, revenue: 51, accounts: 3 });
    expect(stats.days[26]).toEqual({ date: addDays(today, -3), orders: 1, revenue: 25.5, accounts: 0 });
    const rest = stats.days.filter((_, index) => index !== 26 && index !== 29);
    expect(rest.every((day) => day.orders === 0 && day.revenue === 0 && day.accounts === 0)).toBe(true);
  });

  it("puts an order in the shop's day, not the UTC day: 23:59 and 00:00 in Kolkata are different days", async () => {
    const fresh = await createTestApp();
    try {
      const farmerId = (await signUpAndLogIn(fresh.app, "Asha Farmer")).id;
      const okra = (await insertProduct(fresh.db.kysely, farmerId, { name: "Okra", pricePaise: 1000 })).id!;
      const shopper = await signUpAndLogIn(fresh.app, "Late Shopper");
      const today = shopDate(new Date(), ZONE);
      // 18:29:59.999 UTC of yesterday's UTC date is 23:59:59.999 yesterday in Kolkata; 18:30 is today's 00:00.
      const midnight = Date.parse(`${addDays(today, -1)}T18:30:00.000Z`);
      for (const [key, at] of [
        ["late-order-just-before-midnight", midnight - 1],
        ["early-order-right-at-midnight", midnight],
      ] as const) {
        await placeOrder(contextOf(fresh, { now: new Date(at), timeZone: ZONE }), {
          userId: shopper.id,
          idempotencyKey: key,
          input: { items: [{ productId: okra, quantity: 1 }], shipping: testShipping, paymentMethod: "upi" },
        });
      }
      const stats = await shopStats(contextOf(fresh, { timeZone: ZONE }));
      expect(stats.days.slice(-2).map((day) => [day.date, day.orders])).toEqual([
        [addDays(today, -1), 1],
        [today, 1],
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe("standing orders in the stats (issue 35)", () => {
  it("counts the active standing orders, this week's occurrences, and this week's missed ones by reason", async () => {
    // Wednesday 18 March 2026, 09:30 in Kolkata: the week runs Mon 16 to Sun 22 March
    const now = new Date("2026-03-18T04:00:00Z");
    const fresh = await createTestApp({}, { clock: () => now });
    try {
      const admin = await signUpOperator(fresh.app, fresh.db);
      const shopper = await signUpAndLogIn(fresh.app, "Standing Shopper");
      const call = (user: SignedInUser, method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
        request(fresh.app, {
          method,
          url,
          cookie: user.cookie,
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
          ...(url === "/api/standing-orders" ? { headers: { "idempotency-key": crypto.randomUUID() } } : {}),
        });
      /** A farmer delivering every day 8–10 am (ordering closes an hour before) a product of `stock`. */
      const standingOrderWith = async (name: string, stock: number) => {
        const farmer = await signUpAndLogIn(fresh.app, name);
        await call(farmer, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
        const patterns: string[] = [];
        for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
          const res = await call(farmer, "POST", "/api/farmer/slot-patterns", {
            kind: "delivery",
            weekday,
            start: "08:00",
            end: "10:00",
            capacity: 5,
            cutoffHours: 1,
          });
          patterns.push(res.json().slotPattern.id);
        }
        const product = await insertProduct(fresh.db.kysely, farmer.id, { name, pricePaise: 1000, stock });
        const res = await call(shopper, "POST", "/api/standing-orders", {
          items: [{ productId: product.id, quantity: 1 }],
          slotPatternIds: patterns,
          everyWeeks: 1,
          startDate: "2026-03-18",
          shipping: { ...testShipping, zipCode: "411038" },
          paymentMethod: "upi",
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().standingOrder.id as string;
      };
      // today's slot has closed: Thu 19 and Fri 20 are made, Sat 21 and Sun 22 (and the next week) sold out
      await standingOrderWith("Two Left", 2);
      const ended = await standingOrderWith("Plenty", 50);
      expect((await call(shopper, "DELETE", `/api/standing-orders/${ended}`)).statusCode).toBe(200);
      await runStandingOrders(contextOf(fresh));

      const res = await request(fresh.app, { method: "GET", url: "/api/admin/stats", cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(ShopStatsSchema.parse(res.json()).standingOrders).toEqual({
        active: 1,
        occurrencesThisWeek: 2,
        missedThisWeek: [{ reason: "sold_out", count: 2 }],
      });
    } finally {
      await fresh.close();
    }
  });
});
