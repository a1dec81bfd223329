import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { PlaceOrderSchema, stockMessages } from "../../shared/schemas/orders.ts";
import { PRODUCT_STOCK_MAX } from "../../shared/schemas/products.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { orderBody, placed, postOrder, stockOf, testShipping } from "../test/order-helpers.ts";
import { startServerProcess } from "../test/server-process.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { findProductsByIds, type ProductLookup, placeOrder } from "./index.ts";

let t: TestApp;
let buyer: SignedInUser;
let farmer: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUpAndLogIn(t.app, "Stock Buyer");
  farmer = await insertFarmer(t.db.kysely, "Stock Farmer");
});
afterAll(() => t.close());

const product = (name: string, stock: number | null) =>
  insertProduct(t.db.kysely, farmer, { name, pricePaise: 2000, stock, unit: "kg" });

describe("placing an order takes the stock", () => {
  it("takes each tracked line's quantity, leaves untracked products untracked, and keeps the unit on the line", async () => {
    const beans = await product("Beans", 10);
    const gourd = await product("Gourd", null);
    const order = await placed(t.app, buyer, [
      { productId: beans.id, quantity: 3 },
      { productId: gourd.id, quantity: 5 },
    ]);
    expect(order.items.map((line) => [line.name, line.unit, line.quantity])).toEqual([
      ["Beans", "kg", 3],
      ["Gourd", "kg", 5],
    ]);
    expect(await stockOf(t.app, buyer, beans.id)).toBe(7);
    expect(await stockOf(t.app, buyer, gourd.id)).toBeNull();
  });

  it("refuses a line over the stock with 409 out_of_stock naming the product and how many are left, writing nothing", async () => {
    const peas = await product("Peas", 2);
    const corn = await product("Corn", 0);
    const okra = await product("Okra", 5);
    const before = await tableChecksums(t.db);
    const res = await postOrder(t.app, buyer, [
      { productId: okra.id, quantity: 4 },
      { productId: peas.id, quantity: 3 },
      { productId: corn.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "out_of_stock",
      message: stockMessages.outOfStock(2, "Peas", 2).english,
      fields: { "items.1.quantity": "Only 2 left", "items.2.quantity": "Sold out" },
    });
    expect(res.json().error.message).toBe("Line 2: only 2 of Peas left. Lower the quantity and try again.");
    expect(await tableChecksums(t.db)).toEqual(before);
    // NOTE: okra's 4 were taken inside the refused transaction and rolled back with it.
    expect(await stockOf(t.app, buyer, okra.id)).toBe(5);
    expect(await stockOf(t.app, buyer, peas.id)).toBe(2);
  });

  it("says the refusal, its line number, product and count, in the buyer's language (decision 059)", async () => {
    const beet = await product("Beetroot", 1);
    const hindiBuyer = await signUpAndLogIn(t.app, "Meera");
    await request(t.app, {
      method: "PATCH",
      url: "/api/account",
      cookie: hindiBuyer.cookie,
      payload: { language: "hi" },
    });
    const res = await postOrder(t.app, hindiBuyer, [{ productId: beet.id, quantity: 3 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "out_of_stock",
      message: "लाइन 1: Beetroot सिर्फ़ 1 बचे हैं। मात्रा कम करके फिर से कोशिश करें।",
      fields: { "items.0.quantity": "सिर्फ़ 1 बचे" },
    });
  });

  it("records the stock a line really took when a product's stock was tracked or untracked after pricing", async () => {
    const tracked = await product("Okra", 10);
    const untracked = await product("Chillies", null);
    // NOTE: read for pricing as they were, then the farmer switches both before the order's transaction runs.
    const lookup: ProductLookup = async (db, ids) => {
      const rows = await findProductsByIds(db, ids);
      await t.db.kysely.updateTable("products").set({ stock: null }).where("id", "=", tracked.id).execute();
      await t.db.kysely.updateTable("products").set({ stock: 10 }).where("id", "=", untracked.id).execute();
      return rows;
    };
    const input = PlaceOrderSchema.parse({
      items: [
        { productId: tracked.id, quantity: 3 },
        { productId: untracked.id, quantity: 4 },
      ],
      shipping: testShipping,
      paymentMethod: "upi",
    });
    const { order } = await placeOrder(contextOf(t), {
      userId: buyer.id,
      idempotencyKey: randomUUID(),
      input,
      pricing: { lookup },
    });
    const lines = await t.db.kysely
      .selectFrom("order_items")
      .select(["product_id", "stock_taken"])
      .where("order_id", "=", order.id)
      .execute();
    expect(new Map(lines.map((line) => [line.product_id, line.stock_taken]))).toEqual(
      new Map([
        [tracked.id, 0],
        [untracked.id, 4],
      ]),
    );
    expect(await stockOf(t.app, buyer, tracked.id)).toBeNull();
    expect(await stockOf(t.app, buyer, untracked.id)).toBe(6);
  });

  it("sells the very last units and then says sold out", async () => {
    const melon = await product("Melon", 2);
    await placed(t.app, buyer, [{ productId: melon.id, quantity: 2 }]);
    expect(await stockOf(t.app, buyer, melon.id)).toBe(0);
    const res = await postOrder(t.app, buyer, [{ productId: melon.id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "Line 1: Melon is sold out. Remove it from your cart and try again.",
    );
  });

  it("takes no stock twice when an order is replayed with its Idempotency-Key", async () => {
    const leek = await product("Leek", 5);
    const key = randomUUID();
    const first = await postOrder(t.app, buyer, [{ productId: leek.id, quantity: 2 }], key);
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t.app, buyer, [{ productId: leek.id, quantity: 2 }], key);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await stockOf(t.app, buyer, leek.id)).toBe(3);
  });

  it("marks each quoted line over the stock with how many are left, without refusing the quote", async () => {
    const figs = await product("Figs", 3);
    const kale = await product("Kale", 10);
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders/quote",
      cookie: buyer.cookie,
      payload: {
        items: [
          { productId: kale.id, quantity: 2 },
          { productId: figs.id, quantity: 4 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().items.map((l: { stock: number; exceedsStock: boolean }) => [l.stock, l.exceedsStock]),
    ).toEqual([
      [10, false],
      [3, true],
    ]);
    expect(res.json().problems).toEqual({ "items.1.quantity": "Only 3 left" });
  });
});

/** Fires `count` checkouts of one unit each at `ports` in turn, all at once; answers the status codes. */
async function race(
  ports: number[],
  user: SignedInUser,
  productId: string,
  count: number,
): Promise<number[]> {
  const body = JSON.stringify(orderBody([{ productId, quantity: 1 }]));
  return Promise.all(
    Array.from({ length: count }, (_, n) =>
      fetch(`http://127.0.0.1:${ports[n % ports.length]}/api/orders`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: user.cookie,
          [CSRF_HEADER]: "1",
          "idempotency-key": randomUUID(),
        },
        body,
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }),
    ),
  );
}

describe("stock is never oversold", () => {
  const CHECKOUTS = 200;
  const LEFT = 10;

  // NOTE: on PostgreSQL the checkouts are spread over two real server processes on one database (as behind
  // a load balancer); SQLite serves one process, so there the race runs against this one.
  it(`sells exactly ${LEFT} to ${CHECKOUTS} concurrent checkouts for the last ${LEFT} units (${testDialect === "postgres" ? "two server processes on one PostgreSQL" : "one process on SQLite"})`, async () => {
    const last = await product("Last Mangoes", LEFT);
    const servers =
      testDialect === "postgres"
        ? await Promise.all([startServerProcess(t.databaseUrl), startServerProcess(t.databaseUrl)])
        : [];
    try {
      let ports = servers.map((server) => server.port);
      if (ports.length === 0) {
        await t.app.listen({ port: 0, host: "127.0.0.1" });
        ports = [(t.app.server.address() as AddressInfo).port];
      }
      const statuses = await race(ports, buyer, last.id, CHECKOUTS);
      expect(statuses.filter((s) => s === 201)).toHaveLength(LEFT);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CHECKOUTS - LEFT);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    expect(await stockOf(t.app, buyer, last.id)).toBe(0);
    const sold = await t.db.kysely
      .selectFrom("order_items")
      .select((eb) => eb.fn.sum<number | string>("quantity").as("n"))
      .where("product_id", "=", last.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(LEFT);
  }, 90_000);
});

describe("a cancel gives stock back within bounds (issue 25, item 11)", () => {
  it("never pushes the stock above the 100,000 maximum", async () => {
    const rice = await product("Rice", 10);
    const order = await placed(t.app, buyer, [{ productId: rice.id, quantity: 10 }]);
    // The farmer fills the stall back up to the most allowed while the order is still pending.
    await t.db.kysely
      .updateTable("products")
      .set({ stock: PRODUCT_STOCK_MAX })
      .where("id", "=", rice.id)
      .execute();
    const cancelled = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(t.app, buyer, rice.id)).toBe(PRODUCT_STOCK_MAX);
  });
});
