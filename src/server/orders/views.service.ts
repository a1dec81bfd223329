import type { Kysely } from "kysely";
import type { z } from "zod";
import { orderMessages } from "../../shared/messages.ts";
import { paiseToRupees, rupeesToPaise } from "../../shared/money.ts";
import type { OrderPayment } from "../../shared/schemas/online-payments.ts";
import type {
  OperatorOrder,
  OperatorOrderList,
  OperatorOrderListQuerySchema,
} from "../../shared/schemas/operator-orders.ts";
import { type PartHistoryEntry, type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import type { Order, OrderList, OrderPart, Shipping } from "../../shared/schemas/orders.ts";
import type { PartSlot } from "../../shared/schemas/slots.ts";
import { addDays, startOfShopDay } from "../../shared/shop-calendar.ts";
import { shownAddress } from "../auth/index.ts";
import type { Context } from "../context.ts";
import type { Database, OrderItemsTable, OrdersTable } from "../db/index.ts";
import { allOf, decodeCursor, noStatement, pageOf, runSteps, type Steps } from "../db/index.ts";
import { notFound } from "../http/index.ts";
import { slotsOfParts } from "../slots/index.ts";
import {
  billFields,
  billOf,
  type OnlineMoney,
  onlineMoneyOf,
  orderPaymentOf,
  receivedPaise,
  toApiLine,
  toApiPayment,
  upiOf,
} from "./bills.service.ts";
import * as onlineRepo from "./online-payments.repository.ts";
import * as repo from "./orders.repository.ts";
import * as partsRepo from "./parts.repository.ts";
import * as paymentsRepo from "./payments.repository.ts";
import * as runRepo from "./run.repository.ts";

export function toApiOrder(
  row: repo.OrderRow,
  items: readonly repo.OrderItemRow[],
  parts: OrderPart[],
  payment: OrderPayment,
): Order {
  // NOTE: a cancelled part counts nowhere; the order's bill is final once each part that counts is.
  const counted = parts.filter((part) => part.status !== "cancelled");
  return {
    id: row.id,
    userId: row.user_id,
    items: items.map(toApiLine),
    total: paiseToRupees(row.total_paise),
    billTotal: paiseToRupees(counted.reduce((sum, part) => sum + rupeesToPaise(part.total), 0)),
    billFinal: counted.every((part) => part.billFinal),
    shippingAddress: row.shipping_address,
    shipping: shippingOf(row),
    paymentMethod: row.payment_method,
    status: row.status,
    createdAt: row.created_at,
    // NOTE: the API keeps the name `fulfilments` for an order's parts, as clients know it (decision 015).
    fulfilments: parts,
    payment,
    standingOrderId: row.standing_order_id ?? null,
  };
}

/** Reads the lines and parts of `rows` in two queries; answers how each of those rows becomes its Order. */
function* orderAssembler(
  db: Kysely<Database>,
  rows: readonly repo.OrderRow[],
  viewer: PartViewer,
): Steps<(row: repo.OrderRow) => Order> {
  const ids = rows.map((row) => row.id);
  const items = yield* repo.findItemsOfOrders(db, ids);
  const parts = yield* loadOrderParts(db, ids, items, viewer);
  const [links, payments, refunds] = yield* allOf([
    onlineRepo.findLinksOfOrders(db, ids),
    onlineRepo.findGatewayPaymentsOfOrders(db, ids),
    onlineRepo.findRefundsOfOrders(db, ids),
  ]);
  const linksByOrder = groupBy(links, (link) => link.order_id);
  const paymentsByOrder = groupBy(payments, (payment) => payment.order_id);
  const refundsByOrder = groupBy(refunds, (refund) => refund.order_id);
  const itemsByOrder = new Map<string, repo.OrderItemRow[]>();
  for (const item of items) {
    const list = itemsByOrder.get(item.order_id);
    if (list) list.push(item);
    else itemsByOrder.set(item.order_id, [item]);
  }
  return (row) => {
    const own = parts.get(row.id) ?? [];
    const payment = orderPaymentOf(
      row,
      own,
      linksByOrder.get(row.id) ?? [],
      paymentsByOrder.get(row.id) ?? [],
      refundsByOrder.get(row.id) ?? [],
    );
    return toApiOrder(row, itemsByOrder.get(row.id) ?? [], own, payment);
  };
}

/**
 * Who reads an order's parts: its buyer sees how to pay each by UPI; an operator's list does not (the UPI
 * link is only for the buyer and the part's farmer).
 */
export type PartViewer = "buyer" | "operator";

/** Orders with their lines and parts, in the order given, as their buyer sees them. */
async function loadOrders(db: Kysely<Database>, rows: readonly repo.OrderRow[]): Promise<Order[]> {
  return rows.map(await runSteps(db, orderAssembler(db, rows, "buyer")));
}

/** One order with its lines and parts, as `viewer` sees it (in the caller's transaction, or run by runSteps). */
export function* loadOrder(
  db: Kysely<Database>,
  row: repo.OrderRow,
  viewer: PartViewer = "buyer",
): Steps<Order> {
  return (yield* orderAssembler(db, [row], viewer))(row);
}

export async function getOwnOrder({ db }: Context, userId: string, orderId: string): Promise<Order> {
  const row = await repo.findOwnOrder(db, userId, orderId);
  if (!row) throw notFound(orderMessages.orderNotFound);
  return runSteps(db, loadOrder(db, row));
}

/** The user's orders, newest first, a page at a time. */
export async function listOwnOrders(
  { db }: Context,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<OrderList> {
  const after = cursor ? decodeCursor(cursor, repo.ORDERS_KEYSET) : undefined;
  const rows = await repo.listOwnOrders(db, userId, limit + 1, after);
  const page = pageOf(rows, limit, repo.ORDERS_KEYSET, (row) => ({ key: row.created_at, id: row.id }));
  return { orders: await loadOrders(db, page.rows), nextCursor: page.nextCursor };
}

// ---- the operator's side ----

export const toOperatorOrder = (row: repo.OrderWithBuyerRow, order: Order): OperatorOrder => ({
  ...order,
  buyer: { id: row.user_id, name: row.buyer_name, email: shownAddress(row.buyer_email) },
});

/**
 * Every order with its parts and buyer, newest first, a page at a time: of one status, holding the shop's own
 * part, placed between two days of the shop's calendar (both included).
 */
export async function listOrdersForOperator(
  { db, settings }: Context,
  query: z.output<typeof OperatorOrderListQuerySchema>,
): Promise<OperatorOrderList> {
  const keyset = repo.OPERATOR_ORDERS_KEYSET;
  const timeZone = settings.shopTimeZone;
  const rows = await repo.listAllOrders(db, {
    status: query.status,
    shopPart: query.part === "shop",
    from: query.from ? startOfShopDay(query.from, timeZone).toISOString() : undefined,
    before: query.to ? startOfShopDay(addDays(query.to, 1), timeZone).toISOString() : undefined,
    after: query.cursor ? decodeCursor(query.cursor, keyset) : undefined,
    limit: query.limit + 1,
  });
  const page = pageOf(rows, query.limit, keyset, (row) => ({ key: row.created_at, id: row.id }));
  const toOrder = await runSteps(db, orderAssembler(db, page.rows, "operator"));
  return {
    items: page.rows.map((row) => toOperatorOrder(row, toOrder(row))),
    nextCursor: page.nextCursor,
  };
}

/** The checkout form's delivery details as stored on the order. */
export const shippingOf = (
  row: Pick<
    OrdersTable,
    "full_name" | "email" | "phone" | "address" | "city" | "state" | "zip_code" | "country"
  >,
): Shipping => ({
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  country: row.country,
});

export const toApiHistory = (row: partsRepo.HistoryWithNameRow): PartHistoryEntry => ({
  status: row.status,
  at: row.at,
  by: { id: row.by_user_id, name: row.by_name },
  ...(row.reason ? { reason: row.reason } : {}),
});

export function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row) ?? "";
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** The name a part shows for who delivers it: its farmer's, or the shop's for the deal of the day's part. */
export const farmerNameOf = (part: { farmer_id: string | null; farmer_name: string | null }) =>
  part.farmer_id === null ? partMessages.shopName : (part.farmer_name ?? "");

/** `{ slot }` when the part was placed in a slot, else nothing (a part delivered within 24 hours). */
export function slotOf(slots: ReadonlyMap<string, PartSlot>, partId: string): { slot?: PartSlot } {
  const slot = slots.get(partId);
  return slot ? { slot } : {};
}

/** The UPI payee of a part: its farmer, or the shop for its own part. */
export const payeeOf = (part: { farmer_id: string | null }) => part.farmer_id ?? paymentsRepo.SHOP_PAYEE;

/**
 * A part's bill, payments and UPI link, from its lines, its payment records and its payee's UPI ID (`upiIds`
 * only for the readers the link is for: the order's buyer and the part's farmer; without them, no link).
 */
export function billing(
  part: { id: string; order_id: string; status: PartStatus; farmer_id: string | null; payeeName: string },
  items: readonly OrderItemsTable[],
  records: readonly paymentsRepo.PaymentWithNamesRow[],
  upiIds: ReadonlyMap<string, string> | undefined,
  online: OnlineMoney | undefined,
) {
  const bill = billOf(items);
  const upi = upiIds
    ? upiOf({
        orderId: part.order_id,
        status: part.status,
        payeeName: part.payeeName,
        upiId: upiIds.get(payeeOf(part)),
        bill,
        received: receivedPaise(records) + (online?.sharePaise ?? 0),
      })
    : null;
  return {
    items: items.map(toApiLine),
    ...billFields(bill),
    payment: toApiPayment(bill, records, online),
    upi,
  };
}

/** The parts of these orders as `viewer` sees them, by order id; `items` are the orders' lines. */
export function* loadOrderParts(
  db: Kysely<Database>,
  orderIds: readonly string[],
  items: readonly OrderItemsTable[],
  viewer: PartViewer,
): Steps<Map<string, OrderPart[]>> {
  const parts = yield* partsRepo.findPartsOfOrders(db, orderIds);
  const partIds = parts.map((part) => part.id);
  const [historyRows, slots, paymentRows, upiIds, attemptRows, onlineRows] = yield* allOf([
    partsRepo.findHistoryOf(db, partIds),
    slotsOfParts(db, partIds),
    paymentsRepo.findPaymentsOfParts(db, partIds),
    viewer === "buyer" ? paymentsRepo.findUpiIds(db, parts.map(payeeOf)) : noStatement(undefined),
    runRepo.findAttemptsOfParts(db, partIds),
    onlineRepo.findOnlineRecordsOfParts(db, partIds),
  ]);
  const online = onlineMoneyOf(onlineRows);
  const attempts = groupBy(attemptRows, (row) => row.part_id);
  const history = groupBy(historyRows, (row) => row.part_id);
  const itemsByPart = groupBy(items, (item) => item.part_id);
  const payments = groupBy(paymentRows, (row) => row.part_id);
  const byOrder = new Map<string, OrderPart[]>();
  for (const part of parts) {
    const list = byOrder.get(part.order_id) ?? [];
    byOrder.set(part.order_id, list);
    const farmerName = farmerNameOf(part);
    list.push({
      id: part.id,
      farmerId: part.farmer_id,
      farmerName,
      farmerPhone: part.farmer_phone ?? null,
      status: part.status,
      ...billing(
        { ...part, payeeName: farmerName },
        itemsByPart.get(part.id) ?? [],
        payments.get(part.id) ?? [],
        upiIds,
        online.get(part.id),
      ),
      history: (history.get(part.id) ?? []).map(toApiHistory),
      ...slotOf(slots, part.id),
      // NOTE: only when there were any, so an order's answer is unchanged for the (many) delivered at once.
      ...(attempts.has(part.id)
        ? { attempts: (attempts.get(part.id) ?? []).map(({ at, reason }) => ({ at, reason })) }
        : {}),
    });
  }
  return byOrder;
}
