import type { Kysely } from "kysely";
import { addGeneratedColumn, createCoveringIndex, createTrigramIndex, dropTrigramIndex } from "../dialect.ts";
import { LIST_INDEXES } from "./0009-catalogue-search.ts";

/**
 * A product's names in other languages and scripts (tomato's Hindi name in Devanagari, "tamatar"; issue 40 item 9), one a line in
 * `other_names`, found by the shop's name search as its own name is:
 * - `search_name` (generated: the name, a line break, the other names) is what the search tests, so one
 *   trigram index and one LIKE still answer it (decision 012); a line break never comes in a search text, so
 *   no match spans two names;
 * - the trigram index moves from `name` to `search_name`;
 * - the list indexes carry `search_name` instead of `name` (migration 0010), so a search walking the list
 *   still reads no product's row until one matches.
 */
const OLD_SEARCH = { name: "product_name_search", table: "products", id: "id", column: "name" };
const NEW_SEARCH = { ...OLD_SEARCH, column: "search_name", sources: ["name", "other_names"] };
const CARRIED = (search: string) => ["listed", "hidden_at", "category", "owner_id", search];

async function rebuildListIndexes(db: Kysely<unknown>, search: string): Promise<void> {
  for (const [name, columns] of Object.entries(LIST_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    const carried = CARRIED(search).filter((column) => !columns.includes(column));
    await createCoveringIndex(db, name, "products", columns, carried);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("other_names", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  // NOTE: a line break written into the SQL text itself: both databases read it as one in a string literal.
  await addGeneratedColumn(db, "products", "search_name", "text", "name || '\n' || other_names");
  await dropTrigramIndex(db, OLD_SEARCH);
  await createTrigramIndex(db, NEW_SEARCH);
  await rebuildListIndexes(db, "search_name");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuildListIndexes(db, "name");
  await dropTrigramIndex(db, NEW_SEARCH);
  await createTrigramIndex(db, OLD_SEARCH);
  await db.schema.alterTable("products").dropColumn("search_name").execute();
  await db.schema.alterTable("products").dropColumn("other_names").execute();
}
