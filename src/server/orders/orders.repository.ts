import type { Kysely, Transaction } from "kysely";
import type { Database, OrderItemsTable, OrdersTable } from "../db/database.ts";

export type OrderRow = OrdersTable;
export type OrderItemRow = OrderItemsTable;
export interface PricedProductRow {
  id: string;
  name: string;
  price_paise: number;
}

/** Every product among `ids` in one query (the ones that do not exist are simply absent). */
export function findProductsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<PricedProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("products")
    .select(["id", "name", "price_paise"])
    .where("id", "in", [...ids])
    .execute();
}

/** One product; kept for the benchmark that compares per-line lookups with the batched one. */
export function findProductById(db: Kysely<Database>, id: string): Promise<PricedProductRow | undefined> {
  return db
    .selectFrom("products")
    .select(["id", "name", "price_paise"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Writes the order and its lines in the caller's transaction. */
export async function insertOrderWithItems(
  trx: Transaction<Database>,
  order: OrderRow,
  items: readonly OrderItemRow[],
): Promise<void> {
  await trx.insertInto("orders").values(order).execute();
  if (items.length > 0)
    await trx
      .insertInto("order_items")
      .values([...items])
      .execute();
}

export function findOrderByIdempotencyKey(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export function findOwnOrder(db: Kysely<Database>, userId: string, orderId: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The user's orders, newest first, starting after the (created_at, id) position `after`. */
export function listOwnOrders(
  db: Kysely<Database>,
  userId: string,
  limit: number,
  after?: { createdAt: string; id: string },
) {
  let query = db.selectFrom("orders").selectAll().where("user_id", "=", userId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** The lines of every order among `orderIds`, in line order. */
export function findItemsOfOrders(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("line_no")
    .execute();
}

export function countOrders(db: Kysely<Database>, userId: string): Promise<number> {
  return db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** True when `error` is the database refusing a second order with the same (user, Idempotency-Key). */
export function isIdempotencyKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code === "23505") return e.constraint === "orders_user_idempotency_key_unique";
  return /UNIQUE constraint failed: orders\.user_id, orders\.idempotency_key/.test(e.message ?? "");
}
