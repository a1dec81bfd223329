import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-db.ts";
import { migrateUpTo } from "./migrate.ts";

/**
 * A database as version 0010 left it, holding orders split into fulfilments with their history, brought up to
 * date: the tables and columns say "part" now, and every row is still there, unchanged.
 */
let t: TestDatabase;
const at = "2026-11-01T10:00:00.000Z";
const later = "2026-11-02T09:30:00.000Z";

type Row = Record<string, unknown>;
let before: { parts: Row[]; history: Row[]; items: Row[] };

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql>) =>
  (await query.execute(db)).rows as Row[];

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateUpTo(t.db, "0010-covering-list-indexes");
  const db = t.db.kysely as unknown as Kysely<unknown>;
  // NOTE: raw SQL, as version 0010 wrote its rows: today's types name the renamed tables.
  for (const [id, name] of [
    ["buyer", "Meera Buyer"],
    ["asha", "Asha Farmer"],
  ]) {
    await sql`insert into users (id, email, name, password_hash, created_at) values (${id}, ${`${id}@example.com`}, ${name}, 'x', ${at})`.execute(
      db,
    );
  }
  await sql`insert into products (id, owner_id, name, price_paise, description, category, image_id, created_at, unit, stock) values ('tomato', 'asha', 'Tomato', 4000, 'Fresh', 'vegetables', null, ${at}, 'kg', 7)`.execute(
    db,
  );
  await sql`insert into orders (id, user_id, status, total_paise, full_name, email, phone, address, city, state, zip_code, shipping_address, payment_method, idempotency_key, request_hash, created_at) values ('o1', 'buyer', 'confirmed', 9500, 'Meera', 'meera@example.com', '', '1 Road', 'Pune', 'MH', '411001', '1 Road, Pune, MH 411001', 'upi', 'key-o1-00000000000000', 'h', ${at})`.execute(
    db,
  );
  await sql`insert into fulfilments (id, order_id, farmer_id, status, total_paise, payment_state, paid_at, created_at, updated_at) values ('p-asha', 'o1', 'asha', 'confirmed', 8000, 'paid', ${later}, ${at}, ${later}), ('p-shop', 'o1', null, 'pending', 1500, 'unpaid', null, ${at}, ${at})`.execute(
    db,
  );
  await sql`insert into fulfilment_history (fulfilment_id, seq, status, at, by_user_id, reason) values ('p-asha', 1, 'pending', ${at}, 'buyer', null), ('p-asha', 2, 'confirmed', ${later}, 'asha', 'on its way soon'), ('p-shop', 1, 'pending', ${at}, 'buyer', null)`.execute(
    db,
  );
  await sql`insert into order_items (order_id, line_no, product_id, name, unit_price_paise, unit, quantity, line_total_paise, fulfilment_id, stock_taken) values ('o1', 1, 'tomato', 'Tomato', 4000, 'kg', 2, 8000, 'p-asha', 2), ('o1', 2, 'deal-of-the-day', 'Cabbage', 500, 'piece', 3, 1500, 'p-shop', 0)`.execute(
    db,
  );
  before = {
    parts: await rows(db, sql`select * from fulfilments order by id`),
    history: await rows(db, sql`select * from fulfilment_history order by fulfilment_id, seq`),
    items: await rows(db, sql`select * from order_items order by line_no`),
  };
  // NOTE: up to the last version whose parts still stored their payment state (0016 derives it).
  await migrateUpTo(t.db, "0015-delivery-slots");
});
afterAll(() => t.dispose());

describe("migration 0011 on a database holding orders and their parts", () => {
  it("keeps every part, history entry and line, under the tables' and columns' new names", async () => {
    const db = t.db.kysely;
    const parts = await rows(db as unknown as Kysely<unknown>, sql`select * from order_parts order by id`);
    expect(parts).toEqual(before.parts);
    const history = await db
      .selectFrom("order_part_history")
      .selectAll()
      .orderBy("part_id")
      .orderBy("seq")
      .execute();
    expect(history).toEqual(
      before.history.map(({ fulfilment_id, ...entry }) => ({ part_id: fulfilment_id, ...entry })),
    );
    const items = await db.selectFrom("order_items").selectAll().orderBy("line_no").execute();
    expect(items).toEqual(
      before.items.map(({ fulfilment_id, ...item }) => ({ ...item, part_id: fulfilment_id })),
    );
  });

  it("leaves no table or column named after fulfilments, and keeps the parts' links to orders and lines", async () => {
    const db = t.db.kysely as unknown as Kysely<unknown>;
    await expect(sql`select count(*) from fulfilments`.execute(db)).rejects.toThrow();
    await expect(sql`select fulfilment_id from order_items`.execute(db)).rejects.toThrow();
    // A line still cannot name a part that does not exist, and deleting the order still takes its parts along.
    await expect(
      sql`insert into order_part_history (part_id, seq, status, at, by_user_id) values ('nope', 1, 'pending', ${at}, 'buyer')`.execute(
        db,
      ),
    ).rejects.toThrow();
    await sql`delete from order_items where order_id = 'o1'`.execute(db);
    await sql`delete from orders where id = 'o1'`.execute(db);
    expect(await t.db.kysely.selectFrom("order_parts").selectAll().execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom("order_part_history").selectAll().execute()).toEqual([]);
  });
});
