import type { Kysely } from "kysely";
import { paiseToRupees } from "../../shared/money.ts";
import type { User } from "../../shared/schemas/auth.ts";
import type {
  FarmerFulfilment,
  FarmerOrderList,
  FulfilmentStatusChange,
} from "../../shared/schemas/farmer.ts";
import {
  canMoveFulfilment,
  deriveOrderStatus,
  type FulfilmentHistoryEntry,
  type FulfilmentStatus,
  fulfilmentMessages,
  fulfilmentStatusLabels,
} from "../../shared/schemas/fulfilments.ts";
import type { OrderFulfilment, OrderLine, Shipping } from "../../shared/schemas/orders.ts";
import { type Actor, recordAudit } from "../audit/audit.service.ts";
import type { Database, OrderItemsTable, OrdersTable } from "../db/database.ts";
import { decodeCursor, type Keyset, pageOf } from "../db/keyset.ts";
import { AppError, forbidden, notFound } from "../http/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { fulfilmentStatusMail } from "../mail/templates.ts";
import { returnStock } from "../products/products.service.ts";
import * as repo from "./fulfilments.repository.ts";

/** For order placement, inside its transaction: writing an order's parts, and finding those still pending. */
export {
  type FulfilmentRow,
  findPendingOfOrder,
  type HistoryRow,
  insertFulfilments,
} from "./fulfilments.repository.ts";

/** An order line as the API shows it: name, unit price and unit as placed. */
export const toApiLine = (item: OrderItemsTable): OrderLine => ({
  productId: item.product_id,
  name: item.name,
  unitPrice: paiseToRupees(item.unit_price_paise),
  unit: item.unit,
  quantity: item.quantity,
  lineTotal: paiseToRupees(item.line_total_paise),
});

/** The checkout form's delivery details as stored on the order. */
export const shippingOf = (
  row: Pick<OrdersTable, "full_name" | "email" | "phone" | "address" | "city" | "state" | "zip_code">,
): Shipping => ({
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
});

const toApiHistory = (row: repo.HistoryWithNameRow): FulfilmentHistoryEntry => ({
  status: row.status,
  at: row.at,
  by: { id: row.by_user_id, name: row.by_name },
  ...(row.reason ? { reason: row.reason } : {}),
});

const toApiPayment = (row: repo.FulfilmentRow) => ({
  state: row.payment_state,
  paidAt: row.paid_at,
});

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
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
const farmerNameOf = (part: { farmer_id: string | null; farmer_name: string | null }) =>
  part.farmer_id === null ? fulfilmentMessages.shopName : (part.farmer_name ?? "");

/** The parts of these orders as their buyer sees them, by order id; `items` are the orders' lines. */
export async function loadOrderFulfilments(
  db: Kysely<Database>,
  orderIds: readonly string[],
  items: readonly OrderItemsTable[],
): Promise<Map<string, OrderFulfilment[]>> {
  const parts = await repo.findFulfilmentsOfOrders(db, orderIds);
  const history = groupBy(
    await repo.findHistoryOf(
      db,
      parts.map((part) => part.id),
    ),
    (row) => row.fulfilment_id,
  );
  const itemsByPart = groupBy(items, (item) => item.fulfilment_id);
  const byOrder = new Map<string, OrderFulfilment[]>();
  for (const part of parts) {
    const list = byOrder.get(part.order_id) ?? [];
    byOrder.set(part.order_id, list);
    list.push({
      id: part.id,
      farmerId: part.farmer_id,
      farmerName: farmerNameOf(part),
      status: part.status,
      items: (itemsByPart.get(part.id) ?? []).map(toApiLine),
      total: paiseToRupees(part.total_paise),
      history: (history.get(part.id) ?? []).map(toApiHistory),
      payment: toApiPayment(part),
    });
  }
  return byOrder;
}

/** Farmers' parts as the farmer sees them, in the order given. */
export async function toFarmerFulfilments(
  db: Kysely<Database>,
  rows: readonly repo.FarmerFulfilmentRow[],
): Promise<FarmerFulfilment[]> {
  const ids = rows.map((row) => row.id);
  const [items, history] = await Promise.all([
    repo.findItemsOfFulfilments(db, ids),
    repo.findHistoryOf(db, ids),
  ]);
  const itemsByPart = groupBy(items, (item) => item.fulfilment_id);
  const historyByPart = groupBy(history, (row) => row.fulfilment_id);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    items: (itemsByPart.get(row.id) ?? []).map(toApiLine),
    total: paiseToRupees(row.total_paise),
    // NOTE: a deleted account's address is a placeholder nobody reads (account.service's deleteAccount).
    buyer: { name: row.buyer_name, email: row.buyer_deleted_at ? "" : row.buyer_email },
    shipping: shippingOf(row),
    paymentMethod: row.payment_method,
    payment: toApiPayment(row),
    createdAt: row.created_at,
    history: (historyByPart.get(row.id) ?? []).map(toApiHistory),
  }));
}

export async function getFarmerFulfilment(db: Kysely<Database>, id: string): Promise<FarmerFulfilment> {
  const row = await repo.findFarmerFulfilment(db, id);
  if (!row) throw notFound(fulfilmentMessages.notFound);
  const [fulfilment] = await toFarmerFulfilments(db, [row]);
  if (!fulfilment) throw new Error(`fulfilment ${id} was found but not converted`);
  return fulfilment;
}

/** The order's stored status, derived again from its parts (call after any part moves, in its transaction). */
async function refreshOrderStatus(trx: Kysely<Database>, orderId: string): Promise<void> {
  const statuses = await repo.findStatusesOfOrder(trx, orderId);
  await repo.setOrderStatus(trx, orderId, deriveOrderStatus(statuses.map((s) => s.status)));
}

const cannotMove = (from: FulfilmentStatus, to: FulfilmentStatus) =>
  new AppError("invalid_transition", fulfilmentMessages.cannotMove(from, to));

/**
 * Moves one part in the caller's transaction: only if it is still `part.status` (else 409 naming the status it
 * has now), recording who and why; a cancelled part gives its stock back.
 */
async function applyMove(
  trx: Kysely<Database>,
  part: repo.FulfilmentRow,
  move: PartMove,
  at: string,
): Promise<void> {
  const { to, actor, reason } = move;
  if (!canMoveFulfilment(part.status, to)) throw cannotMove(part.status, to);
  if (!(await repo.updateFulfilmentStatus(trx, part.id, part.status, to, at))) {
    const now = await repo.findFulfilment(trx, part.id);
    throw cannotMove(now?.status ?? part.status, to);
  }
  await repo.appendHistory(trx, {
    fulfilment_id: part.id,
    status: to,
    at,
    by_user_id: actor.id,
    reason: reason || null,
  });
  if (to === "cancelled") {
    // NOTE: in product id order, like placement takes it, so two transactions never wait on each other in a cycle.
    for (const line of await repo.findStockTaken(trx, part.id)) {
      await returnStock(trx, line.product_id, line.stock_taken);
    }
  }
}

/** A move of parts of an order: where to, by whom, and why (required to cancel, see the route schemas). */
export interface PartMove {
  to: FulfilmentStatus;
  actor: Pick<User, "id">;
  reason?: string;
  now: Date;
}

/**
 * THE way parts of orders move (a farmer's or an operator's move, a buyer's cancel, the demo data): in one
 * transaction it loads the parts with `load` (which checks who may move them and throws otherwise), moves
 * each, derives their orders' statuses again and runs `after` (e.g. an audit entry). Once committed, the buyer
 * of each part is mailed about it through `mailer` (see `mailBuyers`); `null` only where no mail may go (demo
 * data, written before the server starts). Answers the parts as they were before the move.
 */
export async function moveParts(
  db: Kysely<Database>,
  mailer: Mailer | null,
  move: PartMove,
  load: (trx: Kysely<Database>) => Promise<repo.FulfilmentRow[]>,
  after?: (trx: Kysely<Database>, parts: repo.FulfilmentRow[]) => Promise<void>,
): Promise<repo.FulfilmentRow[]> {
  const moved = await db.transaction().execute(async (trx) => {
    const parts = await load(trx);
    for (const part of parts) await applyMove(trx, part, move, move.now.toISOString());
    for (const orderId of new Set(parts.map((part) => part.order_id))) await refreshOrderStatus(trx, orderId);
    await after?.(trx, parts);
    return parts;
  });
  if (mailer && moved.length > 0) {
    mailer.later(() =>
      mailBuyers(
        db,
        mailer,
        moved.map((part) => part.id),
        move,
      ),
    );
  }
  return moved;
}

/**
 * Tells each part's buyer that it moved: one mail per part, to the e-mail typed at checkout (where the order's
 * confirmation went). Nobody is told of their own move (a buyer who cancels sees it on screen), and a
 * deleted account gets no mail: accounts have no other mail settings (decision 013).
 */
async function mailBuyers(db: Kysely<Database>, mailer: Mailer, partIds: string[], move: PartMove) {
  // NOTE: nothing moves back to pending (FULFILMENT_TRANSITIONS), so this only narrows the type.
  if (move.to === "pending") return;
  const status = move.to;
  const parts = (await repo.findBuyersOfParts(db, partIds)).filter(
    (part) => part.buyer_id !== move.actor.id && !part.buyer_deleted_at,
  );
  const items = groupBy(
    await repo.findItemsOfFulfilments(
      db,
      parts.map((part) => part.id),
    ),
    (item) => item.fulfilment_id,
  );
  for (const part of parts) {
    mailer.send(
      fulfilmentStatusMail(
        part.email,
        {
          buyerName: part.full_name,
          orderId: part.order_id,
          farmerName: farmerNameOf(part),
          status,
          reason: move.reason,
          items: (items.get(part.id) ?? []).map(toApiLine),
          total: paiseToRupees(part.total_paise),
        },
        mailer.link(`/orders/${part.order_id}`),
      ),
    );
  }
}

/** The farmer's part, loaded for a change: 404 for an unknown id, 403 when it is not theirs. */
async function farmersPart(trx: Kysely<Database>, farmer: Pick<User, "id">, id: string) {
  const part = await repo.findFulfilment(trx, id);
  if (!part) throw notFound(fulfilmentMessages.notFound);
  if (part.farmer_id !== farmer.id) throw forbidden(fulfilmentMessages.notYours);
  return part;
}

/**
 * A farmer moves their part of an order (see FULFILMENT_TRANSITIONS); a cancel returns its stock; the buyer
 * is mailed (`mailer`: see `moveParts`).
 */
export async function moveFulfilment(
  db: Kysely<Database>,
  mailer: Mailer | null,
  farmer: Pick<User, "id">,
  id: string,
  change: FulfilmentStatusChange,
  now = new Date(),
): Promise<FarmerFulfilment> {
  await moveParts(
    db,
    mailer,
    { to: change.status, actor: farmer, reason: change.reason, now },
    async (trx) => [await farmersPart(trx, farmer, id)],
  );
  return getFarmerFulfilment(db, id);
}

/**
 * An operator moves any part of an order (the shop's own part, the deal of the day, is theirs to fulfil)
 * through the same transitions as a farmer, written to the audit log; the buyer is mailed (see `moveParts`).
 * Answers the order's id.
 */
export async function moveFulfilmentAsOperator(
  db: Kysely<Database>,
  mailer: Mailer | null,
  operator: Actor & { id: string },
  id: string,
  change: FulfilmentStatusChange,
  now = new Date(),
): Promise<string> {
  const load = async (trx: Kysely<Database>) => {
    const part = await repo.findFulfilment(trx, id);
    if (!part) throw notFound(fulfilmentMessages.notFound);
    return [part];
  };
  const audit = async (trx: Kysely<Database>, parts: repo.FulfilmentRow[]) => {
    for (const part of parts) {
      await recordAudit(
        trx,
        operator,
        {
          action: "fulfilment.status",
          target: { type: "fulfilment", id: part.id },
          reason: `${fulfilmentStatusLabels[part.status]} → ${fulfilmentStatusLabels[change.status]}${change.reason ? `: ${change.reason}` : ""}`,
        },
        now,
      );
    }
  };
  const move = { to: change.status, actor: operator, reason: change.reason, now };
  const [part] = await moveParts(db, mailer, move, load, audit);
  if (!part) throw notFound(fulfilmentMessages.notFound);
  return part.order_id;
}

/** A farmer records that the buyer paid for their part: unpaid → paid, once; never for a cancelled part. */
export async function markPaid(
  db: Kysely<Database>,
  farmer: Pick<User, "id">,
  id: string,
  now = new Date(),
): Promise<FarmerFulfilment> {
  await db.transaction().execute(async (trx) => {
    const part = await farmersPart(trx, farmer, id);
    if (await repo.markFulfilmentPaid(trx, id, now.toISOString())) return;
    const current = (await repo.findFulfilment(trx, id)) ?? part;
    throw new AppError(
      current.status === "cancelled" ? "invalid_transition" : "already_paid",
      current.status === "cancelled"
        ? fulfilmentMessages.cancelledNotPayable
        : fulfilmentMessages.alreadyPaid,
    );
  });
  return getFarmerFulfilment(db, id);
}

/** A farmer's parts, newest first: the order's time, then the part's id. */
export const FARMER_ORDERS_KEYSET: Keyset = {
  scope: "farmer-orders",
  key: "f.created_at",
  id: "f.id",
  direction: "desc",
  keyKind: "string",
};

/** The farmer's parts of orders, newest first, optionally of one status, a page at a time. */
export async function listFarmerOrders(
  db: Kysely<Database>,
  farmerId: string,
  query: { status?: FulfilmentStatus; cursor?: string; limit: number },
): Promise<FarmerOrderList> {
  const after = query.cursor ? decodeCursor(query.cursor, FARMER_ORDERS_KEYSET) : undefined;
  const rows = await repo.listFarmerFulfilments(db, farmerId, {
    status: query.status,
    after,
    limit: query.limit + 1,
    keyset: FARMER_ORDERS_KEYSET,
  });
  const page = pageOf(rows, query.limit, FARMER_ORDERS_KEYSET, (row) => ({
    key: row.created_at,
    id: row.id,
  }));
  return { fulfilments: await toFarmerFulfilments(db, page.rows), nextCursor: page.nextCursor };
}

/** How many of the farmer's parts wait for them (pending). */
export const countPendingForFarmer = (db: Kysely<Database>, farmerId: string) =>
  repo.countPendingForFarmer(db, farmerId);

/** The farmer's parts that are not cancelled: how many and their total in paise, in all and since each instant. */
export const sumFarmerParts = (
  db: Kysely<Database>,
  farmerId: string,
  since: { today: string; week: string },
) => repo.summariseParts(db, farmerId, since);

/** The whole shop's parts that are not cancelled: how many orders and their total, in all and since each instant. */
export const sumShopParts = (db: Kysely<Database>, since: { today: string; week: string }) =>
  repo.summariseParts(db, undefined, since);

/** The whole shop's orders (not cancelled in full) and revenue per time bucket (see db/buckets.ts). */
export const partsPerBucket = (db: Kysely<Database>, bounds: readonly string[]) =>
  repo.partsPerBucket(db, bounds);
