import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FarmerPart } from "../../shared/schemas/farmer.ts";
import { insertUserIfMissing } from "../auth/index.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";
import { DEMO_FARMER, SYSTEM_FARMER, seedDemoFarmer } from "./demo.service.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // NOTE: the demo catalogue's rows without their pictures (drawing them is the catalogue test's job).
  await insertUserIfMissing(t.db.kysely, { ...SYSTEM_FARMER, created_at: new Date().toISOString() });
  for (const name of [
    "Vine Tomatoes",
    "Baby Spinach",
    "Tender Okra",
    "Fresh Cow Milk",
    "Malai Paneer",
    "Basmati Rice",
  ]) {
    await insertProduct(t.db.kysely, SYSTEM_FARMER.id, { name, pricePaise: 4000, stock: 50, unit: "kg" });
  }
});
afterAll(() => t.close());

describe("the demo farmer", () => {
  it("signs in with the documented credentials and finds their products and orders in different states", async () => {
    expect(await seedDemoFarmer(t.app.makeContext())).toEqual({ seeded: true });
    expect(await seedDemoFarmer(t.app.makeContext())).toEqual({ seeded: false });
    const login = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_FARMER.email, password: DEMO_FARMER.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const products = (await request(t.app, { method: "GET", url: "/api/farmer/products", cookie })).json()
      .items;
    expect(products.map((p: { name: string }) => p.name).sort()).toEqual([
      "Baby Spinach",
      "Fresh Cow Milk",
      "Malai Paneer",
      "Tender Okra",
      "Vine Tomatoes",
    ]);
    const orders = (await request(t.app, { method: "GET", url: "/api/farmer/orders", cookie })).json()
      .fulfilments as FarmerPart[];
    expect(orders.map((f) => f.status)).toEqual([
      "pending",
      "pending",
      "confirmed",
      "out_for_delivery",
      "cancelled",
      "delivered",
    ]);
    // Weighed at packing and paid at the door (decision 020): a line packed at 2,150 g, each payment state.
    expect(orders.map((f) => f.payment.state)).toEqual([
      "unpaid",
      "unpaid",
      "unpaid",
      "part_paid",
      "unpaid",
      "paid",
    ]);
    expect(orders.at(-1)!.items[0]).toMatchObject({
      name: "Vine Tomatoes",
      weighed: true,
      packedGrams: 2150,
    });
    expect(orders.at(-1)!.payment.records.map((r) => [r.method, r.amount])).toEqual([
      ["cash", 40],
      ["cash", orders.at(-1)!.total - 40],
    ]);
    expect(orders[2]!).toMatchObject({
      billFinal: true,
      upi: { uri: expect.stringContaining("pa=asha.farm@okdemo") },
    });
    expect((await request(t.app, { method: "GET", url: "/api/farmer/profile", cookie })).json()).toEqual({
      upiId: "asha.farm@okdemo",
      phone: null,
    });
    expect(orders[4]!.history.at(-1)!.reason).toEqual(expect.any(String));
    const summary = (await request(t.app, { method: "GET", url: "/api/farmer/summary", cookie })).json();
    expect(summary.all.orders).toBe(5);
    // NOTE: the newest demo order holds the one place of the Thursday market pickup, so it shows full.
    expect(orders[0]!.slot).toMatchObject({ kind: "pickup", pickupPoint: { name: "Baner market stall" } });
    const points = (await request(t.app, { method: "GET", url: "/api/farmer/pickup-points", cookie })).json()
      .items;
    expect(points).toHaveLength(2);
    const slots = (await request(t.app, { method: "GET", url: "/api/farmer/slots", cookie })).json()
      .items as {
      kind: string;
      taken: number;
      capacity: number;
    }[];
    expect(slots).toHaveLength(8);
    expect(new Set(slots.map((s) => s.kind))).toEqual(new Set(["delivery", "pickup"]));
    expect(slots.filter((s) => s.taken === s.capacity)).toHaveLength(1);
    // the stock the demo orders took (and the cancelled one gave back)
    expect(products.find((p: { name: string }) => p.name === "Baby Spinach").stock).toBe(49);
  });
});
