import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-db.ts";
import { migrateToLatest, migrateUpTo } from "./migrate.ts";

/**
 * A database as version 0015 left it, holding today's orders (a kg line, a bunch line, the shop's deal; one
 * part paid, one not, one cancelled), brought up to date: every line counts as final at its estimate, every
 * part keeps its total, and a part marked paid is paid by one cash payment of its total.
 */
let t: TestDatabase;
const at = "2026-11-01T10:00:00.000Z";
const paidAt = "2026-11-02T09:30:00.000Z";

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateUpTo(t.db, "0015-delivery-slots");
  const db = t.db.kysely as unknown as Kysely<unknown>;
  // NOTE: raw SQL, as version 0015 wrote its rows (today's types have no payment_state).
  for (const [id, name] of [
    ["buyer", "Meera Buyer"],
    ["asha", "Asha Farmer"],
    ["ravi", "Ravi Farmer"],
  ]) {
    await sql`insert into users (id, email, name, password_hash, created_at) values (${id}, ${`${id}@example.com`}, ${name}, 'x', ${at})`.execute(
      db,
    );
  }
  await sql`insert into products (id, owner_id, name, price_paise, description, category, image_id, created_at, unit, stock) values ('tomato', 'asha', 'Tomato', 4000, 'Fresh', 'vegetables', null, ${at}, 'kg', 7), ('coriander', 'ravi', 'Coriander', 1500, 'Fresh', 'herbs', null, ${at}, 'bunch', null)`.execute(
    db,
  );
  await sql`insert into orders (id, user_id, status, total_paise, full_name, email, phone, address, city, state, zip_code, shipping_address, payment_method, idempotency_key, request_hash, created_at) values ('o1', 'buyer', 'in_progress', 11000, 'Meera', 'meera@example.com', '', '1 Road', 'Pune', 'MH', '411001', '1 Road, Pune, MH 411001', 'upi', 'key-o1-00000000000000', 'h', ${at})`.execute(
    db,
  );
  await sql`insert into order_parts (id, order_id, farmer_id, status, total_paise, payment_state, paid_at, created_at, updated_at) values ('p-asha', 'o1', 'asha', 'delivered', 8000, 'paid', ${paidAt}, ${at}, ${paidAt}), ('p-ravi', 'o1', 'ravi', 'cancelled', 1500, 'unpaid', null, ${at}, ${at}), ('p-shop', 'o1', null, 'pending', 1500, 'unpaid', null, ${at}, ${at})`.execute(
    db,
  );
  await sql`insert into order_items (order_id, line_no, product_id, name, unit_price_paise, unit, quantity, line_total_paise, part_id, stock_taken) values ('o1', 1, 'tomato', 'Tomato', 4000, 'kg', 2, 8000, 'p-asha', 2), ('o1', 2, 'coriander', 'Coriander', 1500, 'bunch', 1, 1500, 'p-ravi', 0), ('o1', 3, 'deal-of-the-day', 'Cabbage', 500, 'piece', 3, 1500, 'p-shop', 0)`.execute(
    db,
  );
  await migrateToLatest(t.db);
});
afterAll(() => t.dispose());

describe("migration 0016 on a database holding today's orders", () => {
  it("makes every line final at its estimate, weighed by nobody", async () => {
    const items = await t.db.kysely
      .selectFrom("order_items")
      .select(["line_no", "line_total_paise", "amount_paise", "packed_grams"])
      .orderBy("line_no")
      .execute();
    expect(items).toEqual([
      { line_no: 1, line_total_paise: 8000, amount_paise: 8000, packed_grams: null },
      { line_no: 2, line_total_paise: 1500, amount_paise: 1500, packed_grams: null },
      { line_no: 3, line_total_paise: 1500, amount_paise: 1500, packed_grams: null },
    ]);
  });

  it("keeps each part's total, and a paid part is paid by one cash payment of it, by its farmer, when it was paid", async () => {
    const parts = await t.db.kysely
      .selectFrom("order_parts")
      .select(["id", "total_paise"])
      .orderBy("id")
      .execute();
    expect(parts).toEqual([
      { id: "p-asha", total_paise: 8000 },
      { id: "p-ravi", total_paise: 1500 },
      { id: "p-shop", total_paise: 1500 },
    ]);
    const payments = await t.db.kysely.selectFrom("order_payments").selectAll().execute();
    expect(payments).toEqual([
      expect.objectContaining({
        part_id: "p-asha",
        method: "cash",
        amount_paise: 8000,
        at: paidAt,
        by_user_id: "asha",
        undone_at: null,
      }),
    ]);
  });

  it("stores no payment state any more, and refuses a payment of nothing or by another method", async () => {
    const db = t.db.kysely as unknown as Kysely<unknown>;
    await expect(sql`select payment_state from order_parts`.execute(db)).rejects.toThrow();
    await expect(
      sql`insert into order_payments (id, part_id, method, amount_paise, at, by_user_id) values ('x', 'p-shop', 'cheque', 100, ${at}, 'asha')`.execute(
        db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`insert into order_payments (id, part_id, method, amount_paise, at, by_user_id) values ('y', 'p-shop', 'cash', 0, ${at}, 'asha')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
