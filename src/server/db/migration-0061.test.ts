import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashLinkToken, newestLink, takeLink } from "../auth/index.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-db.ts";
import { migrateToLatest, migrateUpTo } from "./migrate.ts";

/**
 * A database as version 0053 left it, with a link of each of the four kinds in its four tables (and a spent
 * password reset), brought up to date: the links already mailed still work from the one table, once each.
 */
let t: TestDatabase;
const made = "2026-12-07T10:00:00.000Z";
const expires = "2026-12-07T11:00:00.000Z";
const now = new Date("2026-12-07T10:30:00.000Z");

beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  await migrateUpTo(t.db, "0053-phone-sign-in");
  const db = t.db.kysely as unknown as Kysely<unknown>;
  await sql`insert into users (id, email, name, password_hash, created_at) values ('u1', 'meera@example.com', 'Meera', 'x', ${made})`.execute(
    db,
  );
  const hash = (token: string) => hashLinkToken(token);
  await sql`insert into password_resets values (${hash("reset")}, 'u1', ${made}, ${expires}, null)`.execute(
    db,
  );
  await sql`insert into password_resets values (${hash("spent")}, 'u1', ${made}, ${expires}, ${made})`.execute(
    db,
  );
  await sql`insert into email_changes values (${hash("change")}, 'u1', 'new@example.com', ${made}, ${expires})`.execute(
    db,
  );
  await sql`insert into operator_claim_links values (${hash("claim")}, 'u1', 'meera@example.com', ${made}, ${expires})`.execute(
    db,
  );
  await sql`insert into sign_in_links values (${hash("sign-in")}, 'u1', ${made}, ${expires})`.execute(db);
  await migrateToLatest(t.db);
});
afterAll(() => t.dispose());

describe("migration 0061: one table for one-time links", () => {
  it("moves each usable link with its kind and address; each is taken once, and only as its own kind", async () => {
    const db = t.db.kysely;
    expect(await takeLink(db, "email_change", "reset", now)).toBeUndefined();
    expect(await takeLink(db, "password_reset", "reset", now)).toMatchObject({
      user_id: "u1",
      address: null,
    });
    expect(await takeLink(db, "password_reset", "reset", now)).toBeUndefined();
    expect(await newestLink(db, "email_change", "u1", now)).toMatchObject({ address: "new@example.com" });
    expect(await takeLink(db, "email_change", "change", now)).toMatchObject({ address: "new@example.com" });
    expect(await takeLink(db, "operator_claim", "claim", now)).toMatchObject({
      address: "meera@example.com",
    });
    expect(await takeLink(db, "sign_in", "sign-in", now)).toMatchObject({ user_id: "u1" });
  });

  it("leaves a spent password reset behind, and the old tables are gone", async () => {
    expect(await takeLink(t.db.kysely, "password_reset", "spent", now)).toBeUndefined();
    const db = t.db.kysely as unknown as Kysely<unknown>;
    await expect(sql`select * from password_resets`.execute(db)).rejects.toThrow();
  });
});
