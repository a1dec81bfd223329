import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";

/** NOTE: a frozen copy of the deal's product id at the time of writing; migrations never import app code. */
const DEAL_PRODUCT_ID = "deal-of-the-day";
const BATCH = 500;

/** The tables the backfill touches, as they are at this migration (frozen: later changes do not apply). */
interface Frozen {
  orders: { id: string; user_id: string; created_at: string };
  order_items: {
    order_id: string;
    line_no: number;
    product_id: string;
    line_total_paise: number;
    fulfilment_id: string | null;
  };
  products: { id: string; owner_id: string };
  fulfilments: {
    id: string;
    order_id: string;
    farmer_id: string | null;
    status: string;
    total_paise: number;
    payment_state: string;
    paid_at: string | null;
    created_at: string;
    updated_at: string;
  };
  fulfilment_history: {
    fulfilment_id: string;
    seq: number;
    status: string;
    at: string;
    by_user_id: string;
    reason: string | null;
  };
}

/**
 * Farmers run their stall: products gain unit, stock and harvest date; orders gain the buyer's phone and are
 * split into fulfilments (one per farmer, the deal's lines in the shop's own part) with a payment state and a
 * history of moves. Orders already placed get their fulfilments here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("unit", "text", (col) => col.notNull().defaultTo("piece"))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("stock", "integer", (col) => col.check(sql`stock >= 0`))
    .execute();
  await db.schema.alterTable("products").addColumn("harvested_on", "text").execute();

  await db.schema
    .alterTable("orders")
    .addColumn("phone", "text", (col) => col.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("fulfilments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("order_id", "text", (col) => col.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("farmer_id", "text", (col) => col.references("users.id"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("total_paise", "integer", (col) => col.notNull().check(sql`total_paise >= 0`))
    .addColumn("payment_state", "text", (col) =>
      col.notNull().defaultTo("unpaid").check(sql`payment_state in ('unpaid', 'paid')`),
    )
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("fulfilments_order_idx").on("fulfilments").column("order_id").execute();
  await db.schema
    .createIndex("fulfilments_farmer_created_idx")
    .on("fulfilments")
    .columns(["farmer_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("fulfilments_farmer_status_created_idx")
    .on("fulfilments")
    .columns(["farmer_id", "status", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("fulfilment_history")
    .addColumn("fulfilment_id", "text", (col) =>
      col.notNull().references("fulfilments.id").onDelete("cascade"),
    )
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("by_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("reason", "text")
    // NOTE: seq numbers a part's moves from 1, so the history reads in order even when two share a millisecond.
    .addPrimaryKeyConstraint("fulfilment_history_pk", ["fulfilment_id", "seq"])
    .execute();

  await db.schema
    .alterTable("order_items")
    .addColumn("unit", "text", (col) => col.notNull().defaultTo("piece"))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("fulfilment_id", "text", (col) => col.references("fulfilments.id"))
    .execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("stock_taken", "integer", (col) => col.notNull().defaultTo(0).check(sql`stock_taken >= 0`))
    .execute();
  await db.schema
    .createIndex("order_items_fulfilment_idx")
    .on("order_items")
    .column("fulfilment_id")
    .execute();

  await backfillFulfilments(db as unknown as Kysely<Frozen>);
}

/**
 * Every order placed before this migration gets its parts: one per farmer owning its products, the deal's
 * lines (and lines whose product was since deleted, whose farmer is no longer known) in the shop's part. Each
 * part is pending, unpaid, with one history entry by the buyer at the order's time.
 */
async function backfillFulfilments(db: Kysely<Frozen>): Promise<void> {
  let after = "";
  for (;;) {
    const orders = await db
      .selectFrom("orders")
      .select(["id", "user_id", "created_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    const last = orders.at(-1);
    if (!last) return;
    after = last.id;
    const items = await db
      .selectFrom("order_items as oi")
      .leftJoin("products as p", "p.id", "oi.product_id")
      .select(["oi.order_id", "oi.line_no", "oi.product_id", "oi.line_total_paise", "p.owner_id"])
      .where(
        "oi.order_id",
        "in",
        orders.map((order) => order.id),
      )
      .execute();
    // order id → farmer id ("" for the shop) → lines
    const parts = new Map<string, Map<string, typeof items>>();
    for (const item of items) {
      const farmer = item.product_id === DEAL_PRODUCT_ID ? "" : (item.owner_id ?? "");
      const ofOrder = parts.get(item.order_id) ?? new Map<string, typeof items>();
      parts.set(item.order_id, ofOrder);
      ofOrder.set(farmer, [...(ofOrder.get(farmer) ?? []), item]);
    }
    for (const order of orders) {
      const farmers = parts.get(order.id);
      if (!farmers) continue;
      for (const [farmer, lines] of farmers) {
        const id = randomUUID();
        await db
          .insertInto("fulfilments")
          .values({
            id,
            order_id: order.id,
            farmer_id: farmer === "" ? null : farmer,
            status: "pending",
            total_paise: lines.reduce((sum, line) => sum + line.line_total_paise, 0),
            payment_state: "unpaid",
            paid_at: null,
            created_at: order.created_at,
            updated_at: order.created_at,
          })
          .execute();
        await db
          .insertInto("fulfilment_history")
          .values({
            fulfilment_id: id,
            seq: 1,
            status: "pending",
            at: order.created_at,
            by_user_id: order.user_id,
            reason: null,
          })
          .execute();
        await db
          .updateTable("order_items")
          .set({ fulfilment_id: id })
          .where("order_id", "=", order.id)
          .where(
            "line_no",
            "in",
            lines.map((line) => line.line_no),
          )
          .execute();
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("order_items_fulfilment_idx").execute();
  await db.schema.alterTable("order_items").dropColumn("stock_taken").execute();
  await db.schema.alterTable("order_items").dropColumn("fulfilment_id").execute();
  await db.schema.alterTable("order_items").dropColumn("unit").execute();
  await db.schema.dropTable("fulfilment_history").execute();
  await db.schema.dropTable("fulfilments").execute();
  await db.schema.alterTable("orders").dropColumn("phone").execute();
  await db.schema.alterTable("products").dropColumn("harvested_on").execute();
  await db.schema.alterTable("products").dropColumn("stock").execute();
  await db.schema.alterTable("products").dropColumn("unit").execute();
}
