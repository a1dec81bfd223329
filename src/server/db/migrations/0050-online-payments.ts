import { type Kysely, sql } from "kysely";

/**
 * Issue 36, decision 052: Pay now through a payment gateway, owned by the orders domain.
 * - `orders` gain `payment_mode` (`on_delivery`, as every order before; or `now`), and for Pay now:
 *   `hold_ends_at` (its stock and slot places are held until then while the buyer pays), `released_at` (when
 *   it was paid and went to its farmers, who see no Pay now order before) and `expired_at` (when the hold ran
 *   out unpaid and its parts were cancelled).
 * - `payment_links`: each hosted payment made for an order (the first, then one per Try again); its status is
 *   the link's (`created`, `paid`, `failed`, `cancelled`), not money.
 * - `gateway_payments`: every payment a gateway reported for our links, once per gateway payment id (so a
 *   replayed webhook or a second return adds nothing). `outcome` says whether it paid the order (`counted`) or
 *   is money to give back: `mismatch` (amount or currency not the link's), `duplicate` (the order was paid
 *   already), `late` (after the hold, with its stock or places gone). Never changed or deleted.
 * - `refunds`: every refund asked for, once per `request_key` (a part's cancel, its weighed bill, a payment to
 *   give back), never changed or deleted; `refund_events` records what the gateway said of each (accepted,
 *   processed, failed), also kept; `refund_queue` holds those not yet accepted by the gateway, retried as the
 *   mail queue retries mail, and deleted once accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("payment_mode", "text", (col) =>
      col.notNull().defaultTo("on_delivery").check(sql`payment_mode in ('on_delivery', 'now')`),
    )
    .execute();
  await db.schema.alterTable("orders").addColumn("hold_ends_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("released_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("expired_at", "text").execute();
  // NOTE: the expiry timer looks for unpaid holds that ended; only Pay now orders have one.
  await db.schema.createIndex("orders_hold_idx").on("orders").columns(["hold_ends_at"]).execute();

  await db.schema
    .createTable("payment_links")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("order_id", "text", (col) => col.notNull().references("orders.id"))
    .addColumn("attempt", "integer", (col) => col.notNull().check(sql`attempt >= 1`))
    .addColumn("gateway", "text", (col) => col.notNull())
    .addColumn("link_id", "text", (col) => col.notNull().unique())
    .addColumn("reference_id", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("amount_paise", "integer", (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('created', 'paid', 'failed', 'cancelled')`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expire_by", "text", (col) => col.notNull())
    .addUniqueConstraint("payment_links_attempt_key", ["order_id", "attempt"])
    .execute();

  await db.schema
    .createTable("gateway_payments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("order_id", "text", (col) => col.notNull().references("orders.id"))
    .addColumn("link_id", "text", (col) => col.notNull().references("payment_links.id"))
    .addColumn("gateway", "text", (col) => col.notNull())
    .addColumn("gateway_payment_id", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("amount_paise", "integer", (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) =>
      col.notNull().check(sql`outcome in ('counted', 'mismatch', 'duplicate', 'late')`),
    )
    .addColumn("at", "text", (col) => col.notNull())
    .addUniqueConstraint("gateway_payments_payment_key", ["gateway", "gateway_payment_id"])
    .execute();
  await db.schema
    .createIndex("gateway_payments_order_idx")
    .on("gateway_payments")
    .column("order_id")
    .execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("payment_id", "text", (col) => col.notNull().references("gateway_payments.id"))
    .addColumn("order_id", "text", (col) => col.notNull().references("orders.id"))
    // NOTE: null for money that paid no part (a duplicate, a mismatch, a late payment given back whole).
    .addColumn("part_id", "text", (col) => col.references("order_parts.id"))
    .addColumn("amount_paise", "integer", (col) => col.notNull().check(sql`amount_paise > 0`))
    .addColumn("reason", "text", (col) =>
      col.notNull().check(sql`reason in ('weighed_lower', 'cancelled', 'mismatch', 'duplicate', 'late')`),
    )
    .addColumn("request_key", "text", (col) => col.notNull().unique())
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();

  await db.schema
    .createTable("refund_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("refund_id", "text", (col) => col.notNull().references("refunds.id"))
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('pending', 'processed', 'failed')`),
    )
    .addColumn("gateway_refund_id", "text")
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("refund_events_refund_idx")
    .on("refund_events")
    .columns(["refund_id", "at"])
    .execute();
  await db.schema
    .createIndex("refund_events_gateway_idx")
    .on("refund_events")
    .column("gateway_refund_id")
    .execute();

  await db.schema
    .createTable("refund_queue")
    .addColumn("refund_id", "text", (col) => col.primaryKey().references("refunds.id"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("last_error", "text")
    .execute();
  await db.schema.createIndex("refund_queue_due_idx").on("refund_queue").column("next_attempt_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("refund_queue").execute();
  await db.schema.dropTable("refund_events").execute();
  await db.schema.dropTable("refunds").execute();
  await db.schema.dropTable("gateway_payments").execute();
  await db.schema.dropTable("payment_links").execute();
  await db.schema.dropIndex("orders_hold_idx").execute();
  for (const column of ["expired_at", "released_at", "hold_ends_at", "payment_mode"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
