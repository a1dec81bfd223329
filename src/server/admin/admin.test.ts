import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopDate } from "../../shared/shop-calendar.ts";
import { DEAL_ID, dealWindow } from "../deals/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed } from "../test/order-helpers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let shopper: SignedInUser;
let farmer: SignedInUser;
let operator: SignedInUser;
let productId: string;
let shopPartId: string;

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUpAndLogIn(t.app, "Sam Shopper");
  farmer = await signUpAndLogIn(t.app, "Fran Farmer");
  productId = (await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 4000 })).id;
  operator = await signUpOperator(t.app, t.db);
  const dealStartTime = dealWindow(new Date(), "Asia/Kolkata").startTime.toISOString();
  const order = await placed(t.app, shopper, [{ productId: DEAL_ID, quantity: 1, dealStartTime }]);
  shopPartId = order.fulfilments.find((part) => part.farmerId === null)!.id;
});
afterAll(() => t.close());

/** Every operator route, with a request an operator could make. */
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const matrixPlan = () => ({
  date: shopDate(new Date(), "Asia/Kolkata"),
  name: "Matrix Melon",
  description: "Planned by the matrix",
  price: 20,
  originalPrice: 40,
});
const routes = (): {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  payload?: object;
}[] => [
  { method: "GET", url: "/api/admin/messages" },
  {
    method: "PATCH",
    url: `/api/admin/messages/${UNKNOWN}`,
    payload: { read: true },
  },
  { method: "GET", url: "/api/admin/products" },
  { method: "POST", url: `/api/admin/products/${productId}/hide`, payload: { reason: "matrix" } },
  { method: "POST", url: `/api/admin/products/${productId}/unhide`, payload: { reason: "matrix" } },
  { method: "GET", url: "/api/admin/users" },
  { method: "POST", url: `/api/admin/users/${shopper.id}/suspend`, payload: { reason: "matrix" } },
  { method: "POST", url: `/api/admin/users/${shopper.id}/reinstate`, payload: { reason: "matrix" } },
  { method: "GET", url: "/api/admin/orders" },
  { method: "POST", url: `/api/admin/fulfilments/${shopPartId}/status`, payload: { status: "confirmed" } },
  { method: "GET", url: "/api/admin/payments" },
  { method: "GET", url: "/api/admin/payments.csv" },
  { method: "GET", url: "/api/admin/payments/unsettled" },
  {
    method: "POST",
    url: "/api/admin/payouts",
    payload: { farmerId: shopper.id, amount: 1, reference: "matrix", paidOn: "2026-01-01" },
  },
  { method: "GET", url: "/api/admin/shop-profile" },
  { method: "PUT", url: "/api/admin/shop-profile", payload: { upiId: "shop@okaxis" } },
  { method: "GET", url: "/api/admin/deal" },
  {
    method: "PUT",
    url: "/api/admin/deal",
    payload: matrixPlan(),
  },
  {
    method: "PUT",
    url: `/api/admin/deal/plans/${UNKNOWN}`,
    payload: matrixPlan(),
  },
  { method: "DELETE", url: `/api/admin/deal/plans/${UNKNOWN}` },
  { method: "POST", url: "/api/admin/deal/pictures" },
  { method: "GET", url: "/api/admin/stats" },
  { method: "GET", url: "/api/admin/audit" },
  { method: "GET", url: "/api/admin/shop-slots/pickup-points" },
  {
    method: "POST",
    url: "/api/admin/shop-slots/pickup-points",
    payload: { name: "Matrix stall", address: "Shop 1, Mandai, Pune" },
  },
  { method: "PATCH", url: `/api/admin/shop-slots/pickup-points/${UNKNOWN}`, payload: { name: "x" } },
  { method: "DELETE", url: `/api/admin/shop-slots/pickup-points/${UNKNOWN}` },
  { method: "GET", url: "/api/admin/shop-slots/delivery-area" },
  { method: "PUT", url: "/api/admin/shop-slots/delivery-area", payload: { pinPrefixes: ["411"] } },
  { method: "GET", url: "/api/admin/shop-slots/slot-patterns" },
  {
    method: "POST",
    url: "/api/admin/shop-slots/slot-patterns",
    payload: { kind: "delivery", weekday: 6, start: "08:00", end: "10:00", capacity: 5 },
  },
  { method: "PATCH", url: `/api/admin/shop-slots/slot-patterns/${UNKNOWN}`, payload: { capacity: 3 } },
  { method: "DELETE", url: `/api/admin/shop-slots/slot-patterns/${UNKNOWN}` },
  { method: "GET", url: "/api/admin/shop-slots/slots" },
  { method: "PATCH", url: `/api/admin/shop-slots/slots/${UNKNOWN}`, payload: { capacity: 3 } },
  { method: "GET", url: `/api/admin/shop-slots/slots/${UNKNOWN}/packing-list` },
  { method: "GET", url: `/api/admin/shop-slots/slots/${UNKNOWN}/packing-list.csv` },
];

describe("operator routes", () => {
  it("are all in the list below (a new /api/admin route must be added to it)", () => {
    const listed = routes();
    const missing = t.app.registeredRoutes
      .filter((route) => route.url.startsWith("/api/admin") && route.method !== "HEAD")
      .filter((route) => {
        const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, "[^/]+")}$`);
        return !listed.some((row) => row.method === route.method && pattern.test(row.url));
      });
    expect(missing).toEqual([]);
  });

  it("answer 401 signed out and 403 to shoppers and farmers, changing nothing", async () => {
    const before = await tableChecksums(t.db);
    for (const route of routes()) {
      const signedOut = await request(t.app, route);
      expect(signedOut.statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const user of [shopper, farmer]) {
        const res = await request(t.app, { ...route, cookie: user.cookie });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json().error.code).toBe("forbidden");
      }
    }
    const audit = await t.db.kysely.selectFrom("audit_log").select("action").execute();
    expect(audit.map((row) => row.action)).toEqual(["operator.grant"]);
    expect(await tableChecksums(t.db)).toEqual(before);
    const part = await t.db.kysely
      .selectFrom("order_parts")
      .select("status")
      .where("id", "=", shopPartId)
      .execute();
    expect(part).toEqual([{ status: "pending" }]);
  });

  it("answer an operator (an unknown message, planned deal, point, pattern or slot is 404, every other route succeeds)", async () => {
    const statuses: number[] = [];
    for (const route of routes()) {
      statuses.push((await request(t.app, { ...route, cookie: operator.cookie })).statusCode);
    }
    expect(statuses).toEqual([
      ...[200, 404, 200, 200, 200, 200, 200, 200, 200, 200],
      // payments (and as CSV), money to settle, a payout (nothing is owed to that farmer: 409) and the shop's
      // UPI ID (decisions 020 and 052)
      ...[200, 200, 200, 409, 200, 200],
      // the deal: today's and a plan, an unknown planned day changed and removed, then the figures and the log
      // (a picture upload without its file: 415, not multipart)
      ...[200, 200, 404, 404, 415, 200, 200],
      ...[200, 201, 404, 404, 200, 200, 200, 201, 404, 404, 200, 404, 404, 404],
    ]);
  });
});
