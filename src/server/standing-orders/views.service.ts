import { paiseToRupees } from "../../shared/money.ts";
import {
  type Occurrence,
  type OccurrenceReason,
  type StandingOrder,
  type StandingStatus,
  standingOrderMessages,
} from "../../shared/schemas/standing-orders.ts";
import type { Context } from "../context.ts";
import { notFound } from "../http/index.ts";
import { shippingOf } from "../orders/index.ts";
import * as farmerRepo from "./farmer.repository.ts";
import { isPausedOn, occurrenceHorizon } from "./materialiser.service.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import * as repo from "./standing-orders.repository.ts";

// A shopper's standing orders as the API shows them, with their occurrences up to the horizon.

function statusOf(row: repo.StandingOrderRow, today: string): StandingStatus {
  if (row.status === "ended") return "ended";
  if (row.slot_removed_at) return "paused";
  return isPausedOn(row, today) ? "paused" : "active";
}

function toOccurrence(row: occurrenceRepo.OccurrenceWithSlotRow, partStatus: string | undefined): Occurrence {
  const slot = {
    id: row.slot_id,
    patternId: row.pattern_id,
    kind: row.kind,
    date: row.date,
    start: row.start_time,
    end: row.end_time,
    cutoffAt: row.cutoff_at,
  };
  const reason = (row.reason ?? undefined) as OccurrenceReason | undefined;
  if (row.state === "made" && row.order_id && partStatus && partStatus !== "cancelled") {
    return {
      orderId: row.order_id,
      date: row.date,
      slot,
      status: partStatus as Occurrence["status"],
      total: row.total_paise === null ? null : paiseToRupees(row.total_paise),
      ...(row.held ? { held: row.held } : {}),
    };
  }
  return {
    orderId: row.order_id,
    date: row.date,
    slot,
    status: row.state === "missed" ? "missed" : "skipped",
    total: null,
    // NOTE: an occurrence whose order its buyer cancelled (the orders page's cancel) reads as skipped.
    reason: reason ?? "skipped",
  };
}

/** Standing orders' lines (with their products' names), weekly slots and occurrences from today to the horizon. */
export async function readDetails(ctx: Context, ids: readonly string[]) {
  const { today, last } = occurrenceHorizon(ctx);
  const [lines, patterns, occurrences] = await Promise.all([
    repo.linesOf(ctx.db, ids),
    repo.patternsOf(ctx.db, ids),
    occurrenceRepo.occurrencesOf(ctx.db, ids, today, last),
  ]);
  const names = new Map(
    (await farmerRepo.productNames(ctx.db, [...new Set(lines.map((line) => line.product_id))])).map((p) => [
      p.id,
      p.name,
    ]),
  );
  /** One standing order's lines as the API names them, each with the price saved with it. */
  const itemsOf = (id: string) =>
    lines
      .filter((line) => line.standing_order_id === id)
      .map((line) => ({
        item: { productId: line.product_id, name: names.get(line.product_id) ?? "", quantity: line.quantity },
        pricePaise: line.price_paise,
      }));
  const patternIdsOf = (id: string) =>
    patterns.filter((p) => p.standing_order_id === id).map((p) => p.pattern_id);
  return { itemsOf, patternIdsOf, occurrences, today };
}

/** The standing orders `rows` as the API shows them, each with its occurrences within the horizon. */
async function toApi(ctx: Context, rows: readonly repo.StandingOrderRow[]): Promise<StandingOrder[]> {
  const ids = rows.map((row) => row.id);
  const { itemsOf, patternIdsOf, occurrences, today } = await readDetails(ctx, ids);
  const statuses = new Map(
    (
      await occurrenceRepo.partStatusesOf(
        ctx.db,
        occurrences.flatMap((row) => (row.order_id ? [row.order_id] : [])),
      )
    ).map((row) => [row.order_id, row.status]),
  );
  return rows.map((row) => ({
    id: row.id,
    farmerId: row.farmer_id,
    items: itemsOf(row.id).map(({ item, pricePaise }) => ({ ...item, unitPrice: paiseToRupees(pricePaise) })),
    slotPatternIds: patternIdsOf(row.id),
    everyWeeks: row.every_weeks,
    startDate: row.start_date,
    shipping: shippingOf(row),
    paymentMethod: row.payment_method,
    reminderHours: row.reminder_hours,
    status: statusOf(row, today),
    ...(row.paused_from && row.paused_until
      ? { pausedFrom: row.paused_from, pausedUntil: row.paused_until }
      : {}),
    slotRemoved: Boolean(row.slot_removed_at),
    next: occurrences
      .filter((occurrence) => occurrence.standing_order_id === row.id)
      .map((occurrence) =>
        toOccurrence(occurrence, occurrence.order_id ? statuses.get(occurrence.order_id) : undefined),
      ),
  }));
}

export async function oneToApi(ctx: Context, row: repo.StandingOrderRow): Promise<StandingOrder> {
  const [shown] = await toApi(ctx, [row]);
  if (!shown) throw new Error("a standing order did not show");
  return shown;
}

/** The shopper's own standing order: 404 for an unknown id and for another's. */
export async function ownRow(ctx: Context, userId: string, id: string): Promise<repo.StandingOrderRow> {
  const row = await repo.findStandingOrder(ctx.db, id);
  if (!row || row.user_id !== userId) throw notFound(standingOrderMessages.notFound);
  return row;
}

export async function listStandingOrders(ctx: Context, userId: string): Promise<StandingOrder[]> {
  return toApi(ctx, await repo.listOfUser(ctx.db, userId));
}

export async function getStandingOrder(ctx: Context, userId: string, id: string): Promise<StandingOrder> {
  return oneToApi(ctx, await ownRow(ctx, userId, id));
}
