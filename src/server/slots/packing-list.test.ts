import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackingList } from "../../shared/schemas/slots.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody, testShipping } from "../test/order-helpers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/** Issue 40, items 1, 2 and 20: the packing list reads packs as packs, follows the weighing, and downloads well. */
const now = new Date("2026-03-20T04:00:00Z");
let t: TestApp;
let farmer: SignedInUser;
let buyer: SignedInUser;
let slotId: string;
let okra: string;
let tomatoes: string;
let coriander: string;

type Method = "GET" | "POST" | "PUT" | "PATCH";
const call = (user: SignedInUser, method: Method, url: string, payload?: object) =>
  request(t.app, { method, url, cookie: user.cookie, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  farmer = await signUpAndLogIn(t.app, "Asha");
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  await call(farmer, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  await call(farmer, "POST", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday: 6,
    start: "08:00",
    end: "10:00",
    capacity: 10,
  });
  slotId = (await call(farmer, "GET", "/api/farmer/slots")).json().items[0].id;
  const kysely = t.db.kysely;
  okra = (await insertProduct(kysely, farmer.id, { name: "Bhindi (Okra)", pricePaise: 3000, unit: "500 g" }))
    .id!;
  tomatoes = (await insertProduct(kysely, farmer.id, { name: "Tomatoes", pricePaise: 4000, unit: "kg" })).id!;
  coriander = (await insertProduct(kysely, farmer.id, { name: "Coriander", pricePaise: 1500, unit: "bunch" }))
    .id!;
});
afterAll(() => t.close());

async function order(items: { productId: string; quantity: number }[]) {
  const res = await request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: {
      ...orderBody(items),
      shipping: { ...testShipping, zipCode: "411038" },
      slots: { [farmer.id]: slotId },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const placed = res.json().order as { id: string; fulfilments: { id: string }[] };
  return { orderId: placed.id, partId: placed.fulfilments[0]!.id };
}

const list = async () =>
  (await call(farmer, "GET", `/api/farmer/slots/${slotId}/packing-list`)).json() as PackingList;
const csvRows = async () => {
  const res = await call(farmer, "GET", `/api/farmer/slots/${slotId}/packing-list.csv`);
  expect(res.statusCode).toBe(200);
  return res.body.split("\r\n");
};
const number = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

describe("the packing list", () => {
  let a: { orderId: string; partId: string };
  let b: { orderId: string; partId: string };
  let c: { orderId: string; partId: string };

  beforeAll(async () => {
    a = await order([
      { productId: okra, quantity: 3 },
      { productId: coriander, quantity: 1 },
    ]);
    b = await order([
      { productId: okra, quantity: 2 },
      { productId: tomatoes, quantity: 2 },
    ]);
    c = await order([
      { productId: okra, quantity: 1 },
      { productId: coriander, quantity: 1 },
    ]);
  });

  it("counts packs apart from their size, with the weight they make (item 1)", async () => {
    const before = await list();
    expect(before.totals).toEqual([
      { productId: okra, name: "Bhindi (Okra)", unit: "500 g", quantity: 6, grams: 3000, packed: false },
      { productId: coriander, name: "Coriander", unit: "bunch", quantity: 2, grams: null, packed: false },
      { productId: tomatoes, name: "Tomatoes", unit: "kg", quantity: 2, grams: 2000, packed: false },
    ]);
    expect(before.orders.find((o) => o.partId === a.partId)?.lines[0]).toEqual({
      name: "Bhindi (Okra)",
      unit: "500 g",
      quantity: 3,
      grams: 1500,
      packed: false,
      amount: 90,
    });
    const rows = await csvRows();
    // NOTE: the byte-order mark tells a spreadsheet the file is UTF-8 (item 20).
    expect(rows[0]).toBe("\uFEFFProduct,Quantity,Unit,Weight (kg)");
    expect(rows.slice(1, 4)).toEqual(["Bhindi (Okra),6,500 g,3", "Coriander,2,bunch,", "Tomatoes,2,kg,2"]);
    expect(rows[5]).toBe("Order,Buyer,Phone,Address,Product,Quantity,Unit,Weight (kg),Amount (₹),Status");
    expect(rows).toContain(
      `${number(a.orderId)},Meera Iyer,91 98765 43210,"12 Lake Road, Pune, Maharashtra 411038",Bhindi (Okra),3,500 g,1.5,90.00,pending`,
    );
  });

  it("follows the weighing: a 0 g line is gone, a weighed line counts at its packed weight, each order at its bill (item 2)", async () => {
    const weigh = (partId: string, lines: { lineId: number; packedGrams: number }[]) =>
      call(farmer, "POST", `/api/farmer/orders/${partId}/weights`, { lines });
    expect((await weigh(c.partId, [{ lineId: 1, packedGrams: 0 }])).statusCode).toBe(200);
    const weighed = await weigh(b.partId, [
      { lineId: 1, packedGrams: 1050 },
      { lineId: 2, packedGrams: 2150 },
    ]);
    expect(weighed.statusCode, weighed.body).toBe(200);

    const after = await list();
    expect(after.totals).toEqual([
      { productId: okra, name: "Bhindi (Okra)", unit: "500 g", quantity: 5, grams: 2550, packed: false },
      { productId: coriander, name: "Coriander", unit: "bunch", quantity: 2, grams: null, packed: false },
      { productId: tomatoes, name: "Tomatoes", unit: "kg", quantity: 2, grams: 2150, packed: true },
    ]);
    const orderOf = (partId: string) => after.orders.find((o) => o.partId === partId)!;
    expect(orderOf(c.partId)).toMatchObject({
      lines: [{ name: "Coriander", quantity: 1, grams: null, amount: 15 }],
      total: 15,
      billFinal: true,
    });
    expect(orderOf(b.partId)).toMatchObject({
      lines: [
        { name: "Bhindi (Okra)", quantity: 2, grams: 1050, packed: true, amount: 63 },
        { name: "Tomatoes", quantity: 2, grams: 2150, packed: true, amount: 86 },
      ],
      total: 149,
      billFinal: true,
    });
    expect(orderOf(a.partId)).toMatchObject({ total: 105, billFinal: false });
    // The order page says the same bill.
    const page = (await call(buyer, "GET", `/api/orders/${b.orderId}`)).json().order;
    expect(page.fulfilments[0]).toMatchObject({ total: 149, billFinal: true });

    const rows = await csvRows();
    expect(rows.slice(1, 4)).toEqual([
      "Bhindi (Okra),5,500 g,2.55",
      "Coriander,2,bunch,",
      "Tomatoes,2,kg,2.15",
    ]);
    expect(rows.filter((row) => row.startsWith(number(c.orderId)))).toEqual([
      `${number(c.orderId)},Meera Iyer,91 98765 43210,"12 Lake Road, Pune, Maharashtra 411038",Coriander,1,bunch,,15.00,pending`,
    ]);
    expect(rows).toContain(
      `${number(b.orderId)},Meera Iyer,91 98765 43210,"12 Lake Road, Pune, Maharashtra 411038",Tomatoes,2,kg,2.15,86.00,pending`,
    );
  });

  it("writes units in the file's language (item 20)", async () => {
    await call(farmer, "PATCH", "/api/account", { language: "mr" });
    const rows = await csvRows();
    await call(farmer, "PATCH", "/api/account", { language: "en" });
    expect(rows[0]).toBe("\uFEFFमाल,संख्या,एकक,वजन (किलो)");
    expect(rows.slice(1, 4)).toEqual([
      "Bhindi (Okra),5,500 ग्रॅम,2.55",
      "Coriander,2,जुडी,",
      "Tomatoes,2,किलो,2.15",
    ]);
  });
});
