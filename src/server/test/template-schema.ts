/**
 * PostgreSQL's template for one test run: migrates a schema of the run's own once, and writes the script that
 * builds a copy of it (test-db.ts runs it for each test database, in one round trip).
 *
 * The script is what the migrations did to the schema, recorded as it ran: every statement that changes the
 * schema, in order, and then the rows the template holds (the migrations' own bookkeeping). Migrating a schema
 * takes about a hundred round trips; on a machine busy with other work each waited for the processor, and a
 * migration took 2–5 s. test-db.test.ts checks on every run that a copy has the schema migrating gives.
 */
import fs from "node:fs";
import path from "node:path";
import { type CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createTestSchema, SCHEMA_PLACEHOLDER, withConnection } from "./test-db.ts";

/**
 * Statements that read or write rows, or steer transactions and locks: not replayed (the rows they leave are
 * copied instead). What is left defines the schema.
 */
const NOT_SCHEMA = /^(select|with|insert|update|delete|begin|commit|rollback|savepoint|release|lock)\b/i;

export async function writeTemplateScript(baseUrl: string, file: string): Promise<string> {
  const { url } = await createTestSchema(baseUrl);
  const template = new URL(url).searchParams.get("options")?.match(/search_path=(\S+)/)?.[1];
  if (!template) throw new Error(`no schema in ${url}`);
  const ran: CompiledQuery[] = [];
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    log: (event) => {
      if (event.level === "query") ran.push(event.query);
    },
  });
  try {
    await migrateToLatest({ kysely, dialect: "postgres", close: () => kysely.destroy() });
  } finally {
    await kysely.destroy();
  }

  const qualified = `"${template}".`;
  const schemaStatements = ran
    .map((query) => ({ ...query, sql: query.sql.trim() }))
    .filter((query) => !NOT_SCHEMA.test(query.sql));
  const withValues = schemaStatements.find((query) => query.parameters.length > 0);
  if (withValues) throw new Error(`a schema change with bound values cannot be replayed: ${withValues.sql}`);
  const script = [
    ...schemaStatements.map((query) => query.sql.replaceAll(qualified, `"${SCHEMA_PLACEHOLDER}".`)),
    ...(await rowCopies(baseUrl, template)),
  ].join(";\n");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, script);
  return template;
}

/** `insert … select` for every table of the template that holds rows, naming its columns (not computed ones). */
async function rowCopies(baseUrl: string, template: string): Promise<string[]> {
  return withConnection(baseUrl, async (client) => {
    const { rows } = await client.query<{ table: string; columns: string[] }>(
      `select table_name as table, array_agg(quote_ident(column_name) order by ordinal_position) as columns
         from information_schema.columns
        where table_schema = $1 and is_generated = 'NEVER'
        group by table_name`,
      [template],
    );
    const copies: string[] = [];
    for (const { table, columns } of rows) {
      const source = `"${template}"."${table}"`;
      const count = await client.query<{ n: string }>(`select count(*) as n from ${source}`);
      if (count.rows[0]?.n === "0") continue;
      const list = columns.join(", ");
      copies.push(`insert into "${SCHEMA_PLACEHOLDER}"."${table}" (${list}) select ${list} from ${source}`);
    }
    return copies;
  });
}
