import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-db.ts";
import { migrateToLatest, migrateUpTo } from "./migrate.ts";

/**
 * A database as version 0043 left it, with addresses whose state was typed freely (issue 40 item 10), brought
 * up to date: a state the list knows, by its name in English, Hindi or Marathi or its code in any case, becomes
 * its code; one it does not know stays as written; every address is in India.
 */
let t: TestDatabase;
const at = "2026-11-01T10:00:00.000Z";
const states = ["Maharashtra", "महाराष्ट्र", "karnataka ", "tamil nadu", "Orissa", "MH", "y", "Bavaria"];

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateUpTo(t.db, "0043-delivery-run");
  const db = t.db.kysely as unknown as Kysely<unknown>;
  await sql`insert into users (id, email, name, password_hash, created_at) values ('buyer', 'buyer@example.com', 'Meera', 'x', ${at})`.execute(
    db,
  );
  for (const [index, state] of states.entries()) {
    const id = `o${index}`;
    const joined = `1 Road, Pune, ${state} 411001`;
    await sql`insert into orders (id, user_id, status, total_paise, full_name, email, phone, address, city, state, zip_code, shipping_address, payment_method, idempotency_key, request_hash, created_at) values (${id}, 'buyer', 'pending', 100, 'Meera', 'buyer@example.com', '', '1 Road', 'Pune', ${state}, '411001', ${joined}, 'upi', ${`key-${id}-000000000000000`}, 'h', ${at})`.execute(
      db,
    );
    await sql`insert into saved_addresses (id, user_id, full_name, phone, address, city, state, zip_code, created_at, used_at) values (${`a${index}`}, 'buyer', 'Meera', '+91 98765 43210', '1 Road', 'Pune', ${state}, '411001', ${at}, ${at})`.execute(
      db,
    );
  }
  await migrateToLatest(t.db);
});
afterAll(() => t.dispose());

const expected = ["MH", "MH", "KA", "TN", "OD", "MH", "y", "Bavaria"];

describe("migration 0045 on addresses with a free-text state", () => {
  it("maps the orders' states it recognises to codes, leaves the others as written, and the joined address as placed", async () => {
    const rows = await t.db.kysely
      .selectFrom("orders")
      .select(["id", "state", "country", "shipping_address"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.state)).toEqual(expected);
    expect(new Set(rows.map((row) => row.country))).toEqual(new Set(["IN"]));
    expect(rows[0]?.shipping_address).toBe("1 Road, Pune, Maharashtra 411001");
  });

  it("does the same for the addresses accounts keep", async () => {
    const rows = await t.db.kysely
      .selectFrom("saved_addresses")
      .select(["id", "state", "country"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.state)).toEqual(expected);
    expect(new Set(rows.map((row) => row.country))).toEqual(new Set(["IN"]));
  });
});
