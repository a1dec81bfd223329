import type { Kysely } from "kysely";
import {
  allOf,
  changedRows,
  type Database,
  type GatewayPaymentsTable,
  noStatement,
  type PaymentLinksTable,
  rowsOf,
  type Steps,
  type StepsValue,
  updatedOne,
} from "../db/index.ts";
import { refundWithout } from "./refunds.repository.ts";

/*
 * Pay now's rows (decision 052): the hosted payment links made for orders, and the gateway's payments. A
 * payment row is written once per gateway payment id and never changed.
 */

export type LinkRow = PaymentLinksTable;
export type GatewayPaymentRow = GatewayPaymentsTable;

export function* linkInserted(db: Kysely<Database>, row: LinkRow): Steps<void> {
  yield* changedRows(db.insertInto("payment_links").values(row));
}

/** A link of the gateway's, by the gateway's own id for it or by our reference (both unique per gateway). */
export function findLink(
  db: Kysely<Database>,
  gateway: string,
  by: { linkId: string } | { referenceId: string },
) {
  const [column, value] =
    "linkId" in by ? (["link_id", by.linkId] as const) : (["reference_id", by.referenceId] as const);
  return db
    .selectFrom("payment_links")
    .selectAll()
    .where("gateway", "=", gateway)
    .where(column, "=", value)
    .executeTakeFirst();
}

/** The links of these orders, each order's oldest first. */
export function findLinksOfOrders(db: Kysely<Database>, orderIds: readonly string[]) {
  const query = db
    .selectFrom("payment_links")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("attempt");
  return orderIds.length === 0 ? noStatement([]) : rowsOf(query);
}

/** Moves a link to `to` only from one of `from`; answers whether it moved. */
export async function setLinkStatus(
  db: Kysely<Database>,
  id: string,
  from: readonly LinkRow["status"][],
  to: LinkRow["status"],
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("payment_links")
      .set({ status: to })
      .where("id", "=", id)
      .where("status", "in", [...from]),
  );
}

/** Writes a gateway payment unless one with its gateway id exists; answers whether it was written. */
export async function insertGatewayPayment(db: Kysely<Database>, row: GatewayPaymentRow): Promise<boolean> {
  const result = await db
    .insertInto("gateway_payments")
    .values(row)
    .onConflict((oc) => oc.columns(["gateway", "gateway_payment_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findGatewayPayment(db: Kysely<Database>, gateway: string, gatewayPaymentId: string) {
  return db
    .selectFrom("gateway_payments")
    .selectAll()
    .where("gateway", "=", gateway)
    .where("gateway_payment_id", "=", gatewayPaymentId)
    .executeTakeFirst();
}

/** Every gateway payment of these orders, oldest first. */
export function findGatewayPaymentsOfOrders(db: Kysely<Database>, orderIds: readonly string[]) {
  const query = db
    .selectFrom("gateway_payments")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("at")
    .orderBy("id");
  return orderIds.length === 0 ? noStatement([]) : rowsOf(query);
}

/**
 * Takes the order's row lock for the rest of the caller's transaction by writing it, and answers the row as
 * it stands: a second payment of the same order (a webhook and a return at once) waits here for the first.
 * NOTE: an UPDATE locks on both databases (SQLite serialises writers anyway).
 */
export async function lockOrder(db: Kysely<Database>, orderId: string) {
  await db
    .updateTable("orders")
    .set((eb) => ({ payment_mode: eb.ref("payment_mode") }))
    .where("id", "=", orderId)
    .execute();
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

/**
 * A paid Pay now order goes to its farmers, once; answers whether this call released it. `expired`: it was
 * paid after its hold ended and its stock and places were taken again (decision 052); its `expired_at` stays,
 * as it did expire. Otherwise only an order that never expired is released.
 */
export async function releaseOrder(
  db: Kysely<Database>,
  orderId: string,
  at: string,
  expired: boolean,
): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("orders")
      .set({ released_at: at })
      .where("id", "=", orderId)
      .where("payment_mode", "=", "now")
      .where("released_at", "is", null)
      .where("expired_at", expired ? "is not" : "is", null),
  );
}

/** Marks an unpaid hold that ended as expired, once; answers whether this call did. */
export async function expireOrder(db: Kysely<Database>, orderId: string, at: string): Promise<boolean> {
  return updatedOne(
    db
      .updateTable("orders")
      .set({ expired_at: at })
      .where("id", "=", orderId)
      .where("payment_mode", "=", "now")
      .where("released_at", "is", null)
      .where("expired_at", "is", null)
      .where("hold_ends_at", "<=", at),
  );
}

/** Pay now orders whose hold ended unpaid and that are not expired yet, oldest hold first. */
export function findEndedHolds(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom("orders")
    .select(["id", "user_id"])
    .where("hold_ends_at", "<=", now)
    .where("payment_mode", "=", "now")
    .where("released_at", "is", null)
    .where("expired_at", "is", null)
    .orderBy("hold_ends_at")
    .limit(limit)
    .execute();
}

export function findOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
}

/**
 * What each of these parts was paid online (paise, decision 052): `collected`, its estimate when its order's
 * gateway payment was counted, and `refunded`, its refunds that did not fail; parts paid on delivery are absent.
 */
export function* findOnlineMoneyOfParts(
  db: Kysely<Database>,
  partIds: readonly string[],
): Steps<Map<string, { collected: number; refunded: number }>> {
  if (partIds.length === 0) return new Map();
  const paid = yield* rowsOf(
    db
      .selectFrom("order_parts as p")
      .select(["p.id", "p.total_paise"])
      .where("p.id", "in", [...partIds])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("gateway_payments as g")
            .select("g.id")
            .whereRef("g.order_id", "=", "p.order_id")
            .where("g.outcome", "=", "counted"),
        ),
      ),
  );
  if (paid.length === 0) return new Map();
  const refunded = yield* rowsOf(
    db
      .selectFrom("refunds as r")
      .select(["r.part_id", "r.amount_paise"])
      .where(
        "r.part_id",
        "in",
        paid.map((row) => row.id),
      )
      .where(refundWithout("failed")),
  );
  const money = new Map(paid.map((row) => [row.id, { collected: row.total_paise, refunded: 0 }]));
  for (const row of refunded) {
    const part = row.part_id ? money.get(row.part_id) : undefined;
    if (part) part.refunded += row.amount_paise;
  }
  return money;
}

/** What each of these parts was paid online and kept (paise): collected less refunded (see above). */
export function* findOnlineShares(
  db: Kysely<Database>,
  partIds: readonly string[],
): Steps<Map<string, number>> {
  const money = yield* findOnlineMoneyOfParts(db, partIds);
  return new Map([...money].map(([id, { collected, refunded }]) => [id, collected - refunded]));
}

/**
 * The online movements of these parts' money (decision 052), by part: the counted gateway payment of its order
 * (the part's share: its estimate) and the part's refunds, each with what the gateway said of it (`events`).
 */
export function* findOnlineRecordsOfParts(db: Kysely<Database>, partIds: readonly string[]) {
  if (partIds.length === 0) return { payments: [], refunds: [] };
  const [payments, refunds] = yield* allOf([
    rowsOf(
      db
        .selectFrom("order_parts as p")
        .innerJoin("gateway_payments as g", "g.order_id", "p.order_id")
        .select(["p.id as part_id", "p.total_paise", "g.id", "g.method", "g.gateway_payment_id", "g.at"])
        .where("p.id", "in", [...partIds])
        .where("g.outcome", "=", "counted"),
    ),
    rowsOf(
      db
        .selectFrom("refunds as r")
        .innerJoin("gateway_payments as g", "g.id", "r.payment_id")
        .select(["r.id", "r.part_id", "r.amount_paise", "r.at", "g.method", "g.gateway_payment_id"])
        .where("r.part_id", "in", [...partIds])
        .orderBy("r.at")
        .orderBy("r.id"),
    ),
  ]);
  return { payments, refunds: yield* withEvents(db, refunds) };
}
export type OnlineRecordRows = StepsValue<ReturnType<typeof findOnlineRecordsOfParts>>;

/** Every refund of these orders, oldest first, with what the gateway said of each (`events`). */
export function* findRefundsOfOrders(db: Kysely<Database>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const refunds = yield* rowsOf(
    db
      .selectFrom("refunds")
      .selectAll()
      .where("order_id", "in", [...orderIds])
      .orderBy("order_id")
      .orderBy("at")
      .orderBy("id"),
  );
  return yield* withEvents(db, refunds);
}

/** Each refund with what the gateway said of it (`events`, oldest first). */
function* withEvents<R extends { id: string }>(db: Kysely<Database>, refunds: readonly R[]) {
  const events =
    refunds.length === 0
      ? []
      : yield* rowsOf(
          db
            .selectFrom("refund_events")
            .selectAll()
            .where(
              "refund_id",
              "in",
              refunds.map((refund) => refund.id),
            )
            .orderBy("at")
            .orderBy("id"),
        );
  return refunds.map((refund) => ({
    ...refund,
    events: events.filter((event) => event.refund_id === refund.id),
  }));
}
export type RefundWithEventsRow = StepsValue<ReturnType<typeof findRefundsOfOrders>>[number];
