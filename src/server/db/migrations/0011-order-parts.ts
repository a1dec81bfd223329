import type { Kysely } from "kysely";

/**
 * One word for a farmer's share of an order: a part (decision 015). The tables and columns that said
 * "fulfilment" say "part"; every row stays as it is. Indexes are rebuilt under their new names (SQLite cannot
 * rename an index). Constraint names stay: nothing reads them (dialect.ts maps only unique constraints, and
 * none of these).
 */
const INDEXES = [
  ["fulfilments_order_idx", "order_parts_order_idx", "order_parts", ["order_id"]],
  [
    "fulfilments_farmer_created_idx",
    "order_parts_farmer_created_idx",
    "order_parts",
    ["farmer_id", "created_at", "id"],
  ],
  [
    "fulfilments_farmer_status_created_idx",
    "order_parts_farmer_status_created_idx",
    "order_parts",
    ["farmer_id", "status", "created_at", "id"],
  ],
  ["order_items_fulfilment_idx", "order_items_part_idx", "order_items", ["part_id"]],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [oldName] of INDEXES) await db.schema.dropIndex(oldName).execute();
  await db.schema.alterTable("fulfilments").renameTo("order_parts").execute();
  await db.schema.alterTable("fulfilment_history").renameTo("order_part_history").execute();
  await db.schema.alterTable("order_part_history").renameColumn("fulfilment_id", "part_id").execute();
  await db.schema.alterTable("order_items").renameColumn("fulfilment_id", "part_id").execute();
  for (const [, newName, table, columns] of INDEXES) {
    await db.schema
      .createIndex(newName)
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [, newName] of INDEXES) await db.schema.dropIndex(newName).execute();
  await db.schema.alterTable("order_items").renameColumn("part_id", "fulfilment_id").execute();
  await db.schema.alterTable("order_part_history").renameColumn("part_id", "fulfilment_id").execute();
  await db.schema.alterTable("order_part_history").renameTo("fulfilment_history").execute();
  await db.schema.alterTable("order_parts").renameTo("fulfilments").execute();
  for (const [oldName, , table, columns] of INDEXES) {
    const oldTable = table === "order_parts" ? "fulfilments" : table;
    const oldColumns = columns.map((column) => (column === "part_id" ? "fulfilment_id" : column));
    await db.schema.createIndex(oldName).on(oldTable).columns(oldColumns).execute();
  }
}
