import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../db/database.ts";
import { isPostgres } from "../db/dialect.ts";
import { migrateToLatest, pendingMigrations } from "../db/migrate.ts";
import {
  createSchemaPool,
  createTestDatabase,
  dropTestSchemas,
  newRunPrefix,
  RUN_PREFIX_ENV,
  TEMPLATE_ENV,
  type TestDatabase,
  testDialect,
} from "./test-db.ts";

/** Every table, column, index, constraint and trigger, as text to compare (names and definitions). */
async function schemaOf(db: Db): Promise<string[]> {
  if (!isPostgres(db.kysely)) {
    const { rows } = await sql<{ line: string }>`
      select type || ' ' || name || ': ' || coalesce(sql, '') as line from sqlite_master
      where name not like 'sqlite_%' order by type, name`.execute(db.kysely);
    return rows.map((row) => row.line);
  }
  const { rows } = await sql<{ line: string }>`
    select 'column ' || table_name || '.' || column_name || ': ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') || ' ' || coalesce(generation_expression, '') as line
      from information_schema.columns where table_schema = current_schema()
    union all
    select 'index ' || indexname || ': ' || replace(indexdef, current_schema() || '.', '')
      from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint ' || conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = current_schema()::regnamespace
    union all
    select 'trigger ' || event_object_table || '.' || trigger_name || ': ' || action_statement
      from information_schema.triggers where trigger_schema = current_schema()
    union all
    select 'extension ' || extname from pg_extension
    order by line`.execute(db.kysely);
  return rows.map((row) => row.line);
}

/** Runs `work` with a schema pool of its own, so that no other test file takes the copies it hands back. */
async function withOwnPool(work: () => Promise<void>) {
  const baseUrl = process.env.TEST_DATABASE_URL ?? "";
  const runPrefix = process.env[RUN_PREFIX_ENV];
  const prefix = newRunPrefix();
  process.env[RUN_PREFIX_ENV] = prefix;
  try {
    await createSchemaPool(baseUrl, prefix);
    await work();
  } finally {
    process.env[RUN_PREFIX_ENV] = runPrefix;
    await dropTestSchemas(baseUrl, prefix);
  }
}

describe("test databases", () => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of open) await database.dispose();
  });

  it("are copies of one template migrated for the whole run, the same as a database migrated from scratch", async () => {
    expect(process.env[TEMPLATE_ENV]).toBeTruthy();
    const copy = await createTestDatabase();
    const scratch = await createTestDatabase({ migrate: false });
    open.push(copy, scratch);
    expect(await pendingMigrations(copy.db)).toEqual([]);
    expect(await pendingMigrations(scratch.db)).not.toEqual([]);

    await migrateToLatest(scratch.db);
    const schema = await schemaOf(copy.db);
    expect(schema.length).toBeGreaterThan(20);
    expect(schema).toEqual(await schemaOf(scratch.db));
  });

  it("are each a database of their own: rows written in one are not in another", async () => {
    const [a, b] = [await createTestDatabase(), await createTestDatabase()];
    open.push(a, b);
    const at = "2026-01-01T00:00:00.000Z";
    await a.db.kysely
      .insertInto("users")
      .values({ id: "u", email: "u@example.com", name: "U", password_hash: "x", created_at: at })
      .execute();
    const count = async (t: TestDatabase) =>
      (
        await t.db.kysely
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count(a))).toBe(1);
    expect(Number(await count(b))).toBe(0);
  });

  it.runIf(testDialect === "postgres")(
    "on PostgreSQL, a copy a test closed is emptied (audit log too) and handed to the next test, migrated",
    () =>
      withOwnPool(async () => {
        const first = await createTestDatabase();
        const at = "2026-01-01T00:00:00.000Z";
        await first.db.kysely
          .insertInto("users")
          .values({ id: "u", email: "u@example.com", name: "U", password_hash: "x", created_at: at })
          .execute();
        await sql`insert into audit_log (id, at, actor_email, action, target_type, target_id)
          values ('a', ${at}, 'u@example.com', 'test', 'user', 'u')`.execute(first.db.kysely);
        await first.dispose();

        const second = await createTestDatabase();
        open.push(second);
        expect(second.url).toBe(first.url);
        expect(await pendingMigrations(second.db)).toEqual([]);
        for (const table of ["users", "audit_log"] as const) {
          const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
            second.db.kysely,
          );
          expect(rows[0]?.n, table).toBe("0");
        }
      }),
  );

  it.runIf(testDialect === "postgres")(
    "on PostgreSQL, a copy written to after its test closed it (work still running then) is not handed out again",
    () =>
      withOwnPool(async () => {
        const first = await createTestDatabase();
        const late = new pg.Client({ connectionString: first.url });
        await late.connect();
        await first.dispose();
        await late.query(
          "insert into users (id, email, name, password_hash, created_at) values ('u', 'u@example.com', 'U', 'x', '2026-01-01T00:00:00.000Z')",
        );
        await late.end();

        const second = await createTestDatabase();
        open.push(second);
        expect(second.url).not.toBe(first.url);
        const { rows } = await sql<{ n: string }>`select count(*) as n from users`.execute(second.db.kysely);
        expect(rows[0]?.n).toBe("0");
      }),
  );
});
