import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialect } from "../test/test-db.ts";
import { dialectOf } from "./dialect.ts";
import { classifyDbError, isUniqueViolation } from "./dialect-errors.ts";
import { containsIgnoringCase } from "./dialect-search.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const user = (id: string, email: string) => ({
  id,
  email,
  name: "Asha",
  password_hash: "x",
  created_at: new Date().toISOString(),
});

/** The error the database throws for `work`, which must fail. */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the database to refuse");
}

describe("dialect", () => {
  it("knows which database it talks to", () => {
    expect(dialectOf(t.db.kysely)).toBe(testDialect);
  });

  it("names the unique constraint a duplicate broke, on either database", async () => {
    await t.db.kysely.insertInto("users").values(user("u1", "dup@example.com")).execute();
    const error = await failureOf(() =>
      t.db.kysely.insertInto("users").values(user("u2", "dup@example.com")).execute(),
    );
    expect(classifyDbError(error)).toEqual({ kind: "unique_violation", constraint: "users_email_key" });
    expect(isUniqueViolation(error, "users_email_key")).toBe(true);
    expect(isUniqueViolation(error, "orders_user_idempotency_key_unique")).toBe(false);
  });

  it("calls a duplicate primary key a unique violation of no named constraint", async () => {
    const error = await failureOf(() =>
      t.db.kysely.insertInto("users").values(user("u1", "other@example.com")).execute(),
    );
    expect(classifyDbError(error)).toEqual({ kind: "unique_violation", constraint: "unknown" });
  });

  it("leaves errors that are not the database's unclassified", () => {
    expect(classifyDbError(new Error("boom"))).toBeUndefined();
    expect(classifyDbError(undefined)).toBeUndefined();
    expect(classifyDbError({ code: "40001" })).toEqual({ kind: "serialization_failure" });
    expect(classifyDbError({ code: "22021" })).toEqual({ kind: "bad_input" });
  });

  it.runIf(testDialect === "postgres")("classifies a value PostgreSQL cannot hold as bad input", async () => {
    const error = await failureOf(() => sql`select ${"x\u0000y"}::text`.execute(t.db.kysely));
    expect(classifyDbError(error)).toEqual({ kind: "bad_input" });
  });

  it("matches text ignoring case beyond ASCII, with LIKE's wildcards taken literally", async () => {
    await t.db.kysely.insertInto("users").values(user("u3", "ÉCLAIR_100%@example.com")).execute();
    const find = (text: string) =>
      t.db.kysely
        .selectFrom("users")
        .select("id")
        .where(containsIgnoringCase(t.db.kysely, "email", text))
        .execute();
    expect(await find("éclair_100%")).toEqual([{ id: "u3" }]);
    expect(await find("éclair%100")).toEqual([]);
  });

  it("folds case as JavaScript does, in names of ASCII only and in names with other letters", async () => {
    const names = [
      "Okra Farm",
      "OKRA FIELDS",
      "Émile's Okra",
      "\u212Aale Farm",
      "Crème Dairy",
      "Plain Dairy",
    ];
    await t.db.kysely
      .insertInto("users")
      .values(names.map((name, i) => ({ ...user(`f${i}`, `f${i}@example.com`), name })))
      .execute();
    const find = async (text: string) =>
      (
        await t.db.kysely
          .selectFrom("users")
          .select("name")
          .where("id", "like", "f%")
          .where(containsIgnoringCase(t.db.kysely, "name", text))
          .orderBy("id")
          .execute()
      ).map((row) => row.name);
    expect(await find("okra")).toEqual(["Okra Farm", "OKRA FIELDS", "Émile's Okra"]);
    // NOTE: the Kelvin sign (U+212A) lower-cases to an ASCII k, in JavaScript and on both databases.
    expect(await find("kale")).toEqual(["\u212Aale Farm"]);
    expect(await find("crème")).toEqual(["Crème Dairy"]);
    expect(await find("dairy")).toEqual(["Crème Dairy", "Plain Dairy"]);
    expect(await find("creme")).toEqual([]);
  });
});
