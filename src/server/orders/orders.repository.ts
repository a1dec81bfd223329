import type { Kysely, Transaction } from "kysely";
import type { OrderStatus } from "../../shared/schemas/orders.ts";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import type { Database, OrderItemsTable, OrdersTable } from "../db/index.ts";
import {
  changedRows,
  firstOf,
  isUniqueViolation,
  type Keyset,
  type KeysetPosition,
  noStatement,
  pageAfter,
  rowsOf,
  type Steps,
} from "../db/index.ts";

export type OrderRow = OrdersTable;
export type OrderItemRow = OrderItemsTable;
export interface PricedProductRow {
  id: string;
  name: string;
  price_paise: number;
  /** null for the deal of the day, the shop's own product. */
  owner_id: string | null;
  unit: ProductUnit;
  stock: number | null;
  /** Taken off the shop by an operator, or its farmer is suspended: it cannot be ordered. */
  hidden?: boolean;
}

const PRICED_COLUMNS = ["id", "name", "price_paise", "owner_id", "unit", "stock"] as const;

/** Every product among `ids` in one query (the ones that do not exist are simply absent). */
export async function findProductsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<PricedProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("users as u", "u.id", "p.owner_id")
    .select([...PRICED_COLUMNS.map((column) => `p.${column}` as const), "p.hidden_at", "u.suspended_at"])
    .where("p.id", "in", [...ids])
    .execute();
  return rows.map(({ hidden_at, suspended_at, ...row }) => ({
    ...row,
    hidden: hidden_at != null || suspended_at != null,
  }));
}

/** Writes the order row in the caller's transaction (its parts and then its lines follow). */
export function* insertOrder(trx: Kysely<Database>, order: OrderRow): Steps<void> {
  yield* changedRows(trx.insertInto("orders").values(order));
}

/**
 * Account deletion's share of orders: they stay for the farmers who fulfil them, under the replacement name
 * and address instead of the ones given at checkout.
 */
export async function forgetUser(
  trx: Transaction<Database>,
  userId: string,
  replacement: { name: string; email: string },
): Promise<string[]> {
  const orderIds = (await trx.selectFrom("orders").select("id").where("user_id", "=", userId).execute()).map(
    (row) => row.id,
  );
  // NOTE: the lines and money stay for the farmer's reckoning; the phone and address go with the person
  // (issue 40 #25), so a part still open is no longer delivered there.
  await trx
    .updateTable("orders")
    .set({
      full_name: replacement.name,
      email: replacement.email,
      phone: "",
      address: "",
      city: "",
      state: "",
      zip_code: "",
      shipping_address: "",
    })
    .where("user_id", "=", userId)
    .execute();
  // NOTE: a farmer's UPI ID is often their phone number; without it no open part offers a UPI link.
  await trx.deleteFrom("upi_ids").where("owner", "=", userId).execute();
  return orderIds;
}

/** Corrects how much stock an order's line took (the placement's guess from its pricing read was wrong). */
export function* setStockTaken(trx: Kysely<Database>, item: OrderItemRow, stockTaken: number): Steps<void> {
  yield* changedRows(
    trx
      .updateTable("order_items")
      .set({ stock_taken: stockTaken })
      .where("order_id", "=", item.order_id)
      .where("line_no", "=", item.line_no),
  );
}

export function* insertItems(trx: Kysely<Database>, items: readonly OrderItemRow[]): Steps<void> {
  if (items.length > 0) yield* changedRows(trx.insertInto("order_items").values([...items]));
}

/**
 * Orders placed since `since` whose checkout e-mail is `email` by accounts whose own address it is not (the
 * confirmations mailed to somebody else), counted up to `atMost`.
 */
export function* countOrdersMailedToOthers(
  db: Kysely<Database>,
  email: string,
  since: string,
  atMost: number,
): Steps<number> {
  // NOTE: counted up to `atMost` only, so a busy address costs what a quiet one does (issue 27: every order to
  // one address counted them all).
  const row = yield* firstOf(
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("orders")
          .innerJoin("users", "users.id", "orders.user_id")
          .select("orders.id")
          .where("orders.email", "=", email)
          .where("orders.created_at", ">=", since)
          .where("users.email", "!=", email)
          .limit(atMost)
          .as("mailed"),
      )
      .select((eb) => eb.fn.countAll<number>().as("count")),
  );
  return Number(row?.count ?? 0);
}

export function findOrderByIdempotencyKey(db: Kysely<Database>, userId: string, key: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export function findOrderById(db: Kysely<Database>, orderId: string) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

export function findOwnOrder(db: Kysely<Database>, userId: string, orderId: string) {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Newest first. */
export const ORDERS_KEYSET: Keyset = {
  scope: "orders",
  key: "created_at",
  id: "id",
  direction: "desc",
  keyKind: "string",
};

/** The user's orders, newest first, starting after the (created_at, id) position `after`. */
export function listOwnOrders(db: Kysely<Database>, userId: string, limit: number, after?: KeysetPosition) {
  const query = db.selectFrom("orders").selectAll().where("user_id", "=", userId);
  return pageAfter(query, ORDERS_KEYSET, after).limit(limit).execute();
}

/** The lines of every order among `orderIds`, in line order. */
export function findItemsOfOrders(db: Kysely<Database>, orderIds: readonly string[]): Steps<OrderItemRow[]> {
  if (orderIds.length === 0) return noStatement([]);
  return rowsOf(
    db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "in", [...orderIds])
      .orderBy("order_id")
      .orderBy("line_no"),
  );
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
export const isIdempotencyKeyViolation = (error: unknown) =>
  isUniqueViolation(error, "orders_user_idempotency_key_unique");

// ---- the operator's view ----

/** Every order, newest first (the operator's list). */
export const OPERATOR_ORDERS_KEYSET: Keyset = {
  scope: "admin-orders",
  key: "o.created_at",
  id: "o.id",
  direction: "desc",
  keyKind: "string",
};

export interface OperatorOrderFilter {
  status?: OrderStatus;
  /** Only orders holding the shop's own part (the deal of the day). */
  shopPart: boolean;
  /** ISO instants: placed at or after `from`, before `before`. */
  from?: string;
  before?: string;
  after?: KeysetPosition;
  limit: number;
}

/** Orders with their buyer's account. */
function ordersWithBuyer(db: Kysely<Database>) {
  return db
    .selectFrom("orders as o")
    .innerJoin("users as b", "b.id", "o.user_id")
    .selectAll("o")
    .select(["b.name as buyer_name", "b.email as buyer_email"]);
}
export type OrderWithBuyerRow = Awaited<ReturnType<ReturnType<typeof ordersWithBuyer>["execute"]>>[number];

export function listAllOrders(db: Kysely<Database>, filter: OperatorOrderFilter) {
  let query = ordersWithBuyer(db);
  if (filter.status) query = query.where("o.status", "=", filter.status);
  if (filter.from) query = query.where("o.created_at", ">=", filter.from);
  if (filter.before) query = query.where("o.created_at", "<", filter.before);
  if (filter.shopPart) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_parts as f")
          .select("f.id")
          .whereRef("f.order_id", "=", "o.id")
          .where("f.farmer_id", "is", null),
      ),
    );
  }
  return pageAfter(query, OPERATOR_ORDERS_KEYSET, filter.after).limit(filter.limit).execute();
}

export function findOrderWithBuyer(db: Kysely<Database>, orderId: string) {
  return ordersWithBuyer(db).where("o.id", "=", orderId).executeTakeFirst();
}

/** Removes an order's lines (a standing order's occurrence changed before its cut-off; its new lines follow). */
export function* deleteItemsOfOrder(trx: Kysely<Database>, orderId: string): Steps<void> {
  yield* changedRows(trx.deleteFrom("order_items").where("order_id", "=", orderId));
}

export function* setOrderTotal(trx: Kysely<Database>, orderId: string, totalPaise: number): Steps<void> {
  yield* changedRows(trx.updateTable("orders").set({ total_paise: totalPaise }).where("id", "=", orderId));
}

/** Today's price of each product among `ids` that still exists (a standing order's occurrence re-priced). */
export function findPricesNow(
  db: Kysely<Database>,
  ids: readonly string[],
): Steps<{ id: string; price_paise: number }[]> {
  if (ids.length === 0) return noStatement([]);
  return rowsOf(
    db
      .selectFrom("products")
      .select(["id", "price_paise"])
      .where("id", "in", [...ids]),
  );
}

/** A line at a new unit price: its estimate, and its amount when it is billed at its estimate (not weighed). */
export function* setLinePrice(
  trx: Kysely<Database>,
  line: { order_id: string; line_no: number },
  price: { unit_price_paise: number; line_total_paise: number; amount_paise: number | null },
): Steps<void> {
  yield* changedRows(
    trx
      .updateTable("order_items")
      .set(price)
      .where("order_id", "=", line.order_id)
      .where("line_no", "=", line.line_no),
  );
}
