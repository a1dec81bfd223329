import type { Kysely } from "kysely";
import { createCoveringIndex } from "../dialect.ts";
import { LIST_INDEXES } from "./0009-catalogue-search.ts";

/**
 * The shop's list indexes (migration 0009) also carry what a page of the name search tests on each row it
 * walks past: whether the product is listed, whether it is hidden, its category, its farmer and its name
 * (decision 012).
 * A search walking the newest products reads them from the index alone instead of from each product's row:
 * on 100,000 products, a walk of 5,000 rows on PostgreSQL went from 3.4 to 1.9 ms, and one finding a page of
 * "tomato" on SQLite from 0.5 to 0.3 ms.
 */
const CARRIED = ["listed", "hidden_at", "category", "owner_id", "name"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(LIST_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    const carried = CARRIED.filter((column) => !columns.includes(column));
    await createCoveringIndex(db, name, "products", columns, carried);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(LIST_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on("products").columns(columns).execute();
  }
}
