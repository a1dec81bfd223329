import { type Kysely, sql } from "kysely";
import { stateCode } from "../../../shared/schemas/india-states.ts";
import { learnEveryStateName } from "../../texts/index.ts";

const TABLES = ["orders", "saved_addresses"] as const;

/**
 * Issue 40 item 10 (decision 047): an address keeps its country (India for every address so far) and, in India,
 * its state's code. A free-text state this list recognises ("Maharashtra", its Hindi or Marathi name, "mh") becomes its code;
 * one it does not stays as written, and is shown as written. An order's joined `shipping_address` is left as
 * it was placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The states' Hindi and Marathi names are in the shared catalogue (decision 059).
  learnEveryStateName();
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("country", "text", (col) => col.notNull().defaultTo("IN"))
      .execute();
    const { rows } = await sql<{ state: string }>`select distinct state from ${sql.table(table)}`.execute(db);
    for (const { state } of rows) {
      const code = stateCode(state);
      if (code !== undefined && code !== state) {
        await sql`update ${sql.table(table)} set state = ${code} where state = ${state}`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("country").execute();
}
