import { TZDate } from "@date-fns/tz";
import { startOfDay, startOfWeek } from "date-fns";
import type { Kysely } from "kysely";
import { paiseToRupees } from "../../shared/money.ts";
import type { FarmerOrderList, FarmerPart, FarmerSummary } from "../../shared/schemas/farmer.ts";
import { type PartStatus, partMessages } from "../../shared/schemas/order-parts.ts";
import { shownAddress } from "../auth/index.ts";
import type { Actor, Context } from "../context.ts";
import type { Database } from "../db/index.ts";
import { decodeCursor, type Keyset, pageOf, runSteps } from "../db/index.ts";
import { notFound } from "../http/index.ts";
import * as notify from "../notify/index.ts";
import { slotsOfParts } from "../slots/index.ts";
import { onlineMoneyOf } from "./bills.service.ts";
import * as onlineRepo from "./online-payments.repository.ts";
import * as partsRepo from "./parts.repository.ts";
import * as paymentsRepo from "./payments.repository.ts";
import {
  billing,
  farmerNameOf,
  groupBy,
  payeeOf,
  shippingOf,
  slotOf,
  toApiHistory,
} from "./views.service.ts";

// The farmer's side of orders: their parts as they see them, a page at a time, and their sums.

/**
 * A part loaded for its payee's change (weights, payments): 404 for an unknown id and for anyone but its
 * farmer, or an operator for the shop's own part (another's part is not theirs to know exists, issue 38).
 */
export async function partForPayee(db: Kysely<Database>, actor: Actor | undefined, id: string) {
  const part = await partsRepo.findPart(db, id);
  if (!part) throw notFound(partMessages.notFound);
  const mine = part.farmer_id === null ? actor?.operator === true : part.farmer_id === actor?.id;
  if (!mine) throw notFound(partMessages.notFound);
  return part;
}

/** Farmers' parts as the farmer sees them, in the order given. */
export async function toFarmerParts(
  db: Kysely<Database>,
  rows: readonly partsRepo.FarmerPartRow[],
): Promise<FarmerPart[]> {
  const ids = rows.map((row) => row.id);
  const [items, history, slots, paymentRows, upiIds, onlineRows, reached] = await Promise.all([
    partsRepo.findItemsOfParts(db, ids),
    runSteps(db, partsRepo.findHistoryOf(db, ids)),
    runSteps(db, slotsOfParts(db, ids)),
    runSteps(db, paymentsRepo.findPaymentsOfParts(db, ids)),
    runSteps(db, paymentsRepo.findUpiIds(db, rows.map(payeeOf))),
    runSteps(db, onlineRepo.findOnlineRecordsOfParts(db, ids)),
    runSteps(
      db,
      notify.buyersReached(
        db,
        rows.map((row) => ({ partId: row.id, orderId: row.order_id, buyerId: row.buyer_id })),
      ),
    ),
  ]);
  const online = onlineMoneyOf(onlineRows);
  const itemsByPart = groupBy(items, (item) => item.part_id);
  const historyByPart = groupBy(history, (row) => row.part_id);
  const payments = groupBy(paymentRows, (row) => row.part_id);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    ...billing(
      { ...row, payeeName: farmerNameOf({ farmer_id: row.farmer_id, farmer_name: row.farmer_name }) },
      itemsByPart.get(row.id) ?? [],
      payments.get(row.id) ?? [],
      upiIds,
      online.get(row.id),
    ),
    // NOTE: a deleted account's address is a placeholder nobody reads (account.service's deleteAccount), and
    // so is an account's made by phone (decision 054).
    buyer: { name: row.buyer_name, email: row.buyer_deleted_at ? "" : shownAddress(row.buyer_email) },
    shipping: shippingOf(row),
    paymentMethod: row.payment_method,
    createdAt: row.created_at,
    history: (historyByPart.get(row.id) ?? []).map(toApiHistory),
    ...slotOf(slots, row.id),
    buyerReached: reached.get(row.id) ?? null,
  }));
}

export async function getFarmerPart(db: Kysely<Database>, id: string): Promise<FarmerPart> {
  const row = await partsRepo.findFarmerPart(db, id);
  if (!row) throw notFound(partMessages.notFound);
  const [part] = await toFarmerParts(db, [row]);
  if (!part) throw new Error(`part ${id} was found but not converted`);
  return part;
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
  { db }: Context,
  farmerId: string,
  query: { status?: PartStatus; cursor?: string; limit: number },
): Promise<FarmerOrderList> {
  const after = query.cursor ? decodeCursor(query.cursor, FARMER_ORDERS_KEYSET) : undefined;
  const rows = await partsRepo.listFarmerParts(db, farmerId, {
    status: query.status,
    after,
    limit: query.limit + 1,
    keyset: FARMER_ORDERS_KEYSET,
  });
  const page = pageOf(rows, query.limit, FARMER_ORDERS_KEYSET, (row) => ({
    key: row.created_at,
    id: row.id,
  }));
  return { fulfilments: await toFarmerParts(db, page.rows), nextCursor: page.nextCursor };
}

/** How many of the farmer's parts wait for them (pending). */
export const countPendingForFarmer = (db: Kysely<Database>, farmerId: string) =>
  partsRepo.countPendingForFarmer(db, farmerId);

/** The farmer's parts that are not cancelled: how many and their total in paise, in all and since each instant. */
export const sumFarmerParts = (
  db: Kysely<Database>,
  farmerId: string,
  since: { today: string; week: string },
) => partsRepo.summariseParts(db, farmerId, since);

/** The whole shop's parts that are not cancelled: how many orders and their total, in all and since each instant. */
export const sumShopParts = (db: Kysely<Database>, since: { today: string; week: string }) =>
  partsRepo.summariseParts(db, undefined, since);

/** The whole shop's orders (not cancelled in full) and revenue per time bucket (see db/buckets.ts). */
export const partsPerBucket = (db: Kysely<Database>, bounds: readonly string[]) =>
  partsRepo.partsPerBucket(db, bounds);

/**
 * Where today and this week (from Monday) begin in the shop's time zone, as ISO instants comparable with the
 * stored `created_at`.
 */
export function periodStarts(now: Date, timeZone: string): { today: string; week: string } {
  const local = new TZDate(now, timeZone);
  return {
    today: new Date(startOfDay(local).getTime()).toISOString(),
    week: new Date(startOfWeek(local, { weekStartsOn: 1 }).getTime()).toISOString(),
  };
}

/** Orders and revenue of the farmer's parts that are not cancelled: today, this week and in all. */
export async function summariseFarmer(
  { db, now, settings }: Context,
  farmerId: string,
): Promise<FarmerSummary> {
  const sums = await sumFarmerParts(db, farmerId, periodStarts(now, settings.shopTimeZone));
  const period = (p: { orders: number; paise: number }) => ({
    orders: p.orders,
    revenue: paiseToRupees(p.paise),
  });
  return { today: period(sums.today), week: period(sums.week), all: period(sums.all) };
}
