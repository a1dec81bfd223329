import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-db.ts";
import { migrateUpTo } from "./migrate.ts";
import type { ProductsTable } from "./tables-catalogue.ts";
import type { OrderItemsTable, OrderPartsTable, OrdersTable } from "./tables-orders.ts";

/** The tables as migrations 0005 to 0010 named them (0011 renamed them; migration-0011.test.ts checks that). */
interface Before0011 {
  products: ProductsTable;
  orders: OrdersTable;
  // NOTE: parts stored their payment state until migration 0016.
  fulfilments: OrderPartsTable & { payment_state: string; paid_at: string | null };
  fulfilment_history: {
    fulfilment_id: string;
    seq: number;
    status: string;
    at: string;
    by_user_id: string;
    reason: string | null;
  };
  order_items: Omit<OrderItemsTable, "part_id"> & { fulfilment_id: string | null };
}

/**
 * A database as the version before farmers' fulfilments left it (migrations up to 0004), holding products and
 * orders, brought up to 0010 (the last version that called parts fulfilments): every order gets its parts and
 * nothing it had changes.
 */
let t: TestDatabase;
const at = "2026-11-01T10:00:00.000Z";

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateUpTo(t.db, "0004-orders");
  const db = t.db.kysely;
  // NOTE: raw SQL, as the old version wrote its rows: today's types name columns the old schema lacks.
  for (const [id, name] of [
    ["buyer", "Meera Buyer"],
    ["asha", "Asha Farmer"],
    ["ravi", "Ravi Farmer"],
  ]) {
    await sql`insert into users (id, email, name, password_hash, created_at) values (${id}, ${`${id}@example.com`}, ${name}, 'x', ${at})`.execute(
      db,
    );
  }
  for (const [id, owner, price] of [
    ["tomato", "asha", 4000],
    ["okra", "asha", 5000],
    ["milk", "ravi", 6000],
    ["gone", "ravi", 1000],
  ] as const) {
    await sql`insert into products (id, owner_id, name, price_paise, description, category, image_id, created_at) values (${id}, ${owner}, ${id}, ${price}, 'Fresh', 'vegetables', null, ${at})`.execute(
      db,
    );
  }
  const order = async (id: string, lines: [string, number, number][]) => {
    const total = lines.reduce((sum, [, price, qty]) => sum + price * qty, 0);
    await sql`insert into orders (id, user_id, status, total_paise, full_name, email, address, city, state, zip_code, shipping_address, payment_method, idempotency_key, request_hash, created_at) values (${id}, 'buyer', 'pending', ${total}, 'Meera', 'meera@example.com', '1 Road', 'Pune', 'MH', '411001', '1 Road, Pune, MH 411001', 'upi', ${`key-${id}-0000000000000`}, 'h', ${at})`.execute(
      db,
    );
    for (const [index, [product, price, qty]] of lines.entries()) {
      await sql`insert into order_items (order_id, line_no, product_id, name, unit_price_paise, quantity, line_total_paise) values (${id}, ${index + 1}, ${product}, ${product}, ${price}, ${qty}, ${price * qty})`.execute(
        db,
      );
    }
  };
  await order("o1", [
    ["tomato", 4000, 2],
    ["milk", 6000, 1],
    ["deal-of-the-day", 500, 3],
    ["okra", 5000, 1],
  ]);
  await order("o2", [
    ["gone", 1000, 4],
    ["milk", 6000, 2],
  ]);
  await sql`delete from products where id = 'gone'`.execute(db);
  await migrateUpTo(t.db, "0010-covering-list-indexes");
});
const before0011 = () => t.db.kysely as unknown as Kysely<Before0011>;
afterAll(() => t.dispose());

describe("migration 0005 on a database holding products and orders", () => {
  it("gives existing products the default unit, untracked stock and no harvest date", async () => {
    const products = await t.db.kysely
      .selectFrom("products")
      .select(["id", "unit", "stock", "harvested_on", "price_paise"])
      .orderBy("id")
      .execute();
    expect(products).toEqual([
      { id: "milk", unit: "piece", stock: null, harvested_on: null, price_paise: 6000 },
      { id: "okra", unit: "piece", stock: null, harvested_on: null, price_paise: 5000 },
      { id: "tomato", unit: "piece", stock: null, harvested_on: null, price_paise: 4000 },
    ]);
  });

  it("splits each order into one pending, unpaid part per farmer, the deal's lines in the shop's part", async () => {
    const parts = await before0011()
      .selectFrom("fulfilments")
      .selectAll()
      .orderBy("order_id")
      .orderBy("total_paise")
      .execute();
    expect(
      parts.map((p) => [p.order_id, p.farmer_id, p.total_paise, p.status, p.payment_state, p.created_at]),
    ).toEqual([
      ["o1", null, 1500, "pending", "unpaid", at],
      ["o1", "ravi", 6000, "pending", "unpaid", at],
      ["o1", "asha", 13000, "pending", "unpaid", at],
      // NOTE: the deleted product's farmer is no longer known: its line joins the shop's part.
      ["o2", null, 4000, "pending", "unpaid", at],
      ["o2", "ravi", 12000, "pending", "unpaid", at],
    ]);
    const items = await before0011()
      .selectFrom("order_items")
      .select(["order_id", "product_id", "fulfilment_id", "unit", "stock_taken", "line_total_paise"])
      .execute();
    for (const item of items) {
      const part = parts.find((p) => p.id === item.fulfilment_id);
      expect(part?.order_id, item.product_id).toBe(item.order_id);
      expect(item).toMatchObject({ unit: "piece", stock_taken: 0 });
    }
    for (const part of parts) {
      const sum = items
        .filter((i) => i.fulfilment_id === part.id)
        .reduce((s, i) => s + i.line_total_paise, 0);
      expect(sum).toBe(part.total_paise);
    }
  });

  it("writes each part's first history entry by the buyer at the order's time, and keeps the orders", async () => {
    const history = await before0011().selectFrom("fulfilment_history").selectAll().execute();
    expect(history).toHaveLength(5);
    for (const entry of history) {
      expect(entry).toMatchObject({ seq: 1, status: "pending", at, by_user_id: "buyer", reason: null });
    }
    const orders = await before0011()
      .selectFrom("orders")
      .select(["id", "status", "total_paise", "phone"])
      .orderBy("id")
      .execute();
    expect(orders).toEqual([
      { id: "o1", status: "pending", total_paise: 20500, phone: "" },
      { id: "o2", status: "pending", total_paise: 16000, phone: "" },
    ]);
  });

  it("refuses negative stock in the database itself", async () => {
    await expect(
      before0011().updateTable("products").set({ stock: -1 }).where("id", "=", "milk").execute(),
    ).rejects.toThrow(/check/i);
  });
});
