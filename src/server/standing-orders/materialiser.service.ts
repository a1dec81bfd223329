import { randomUUID } from "node:crypto";
import { SLOT_HORIZON_DAYS } from "../../shared/schemas/slots.ts";
import type { OccurrenceReason } from "../../shared/schemas/standing-orders.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { type Context, inStepsTransaction } from "../context.ts";
import { AppError } from "../http/index.ts";
import {
  priceScheduledLines,
  shippingOf,
  startDueScheduledParts,
  writeScheduledOrder,
} from "../orders/index.ts";
import { ensureSlots } from "../slots/index.ts";
import * as repo from "./standing-orders.repository.ts";

/** The first and last shop days occurrences are made for at `now`: the 14 days of dated slots. */
export function occurrenceHorizon(ctx: Pick<Context, "now" | "settings">) {
  const today = shopDate(ctx.now, ctx.settings.shopTimeZone);
  return { today, last: addDays(today, SLOT_HORIZON_DAYS - 1) };
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether `date` falls in a week the standing order delivers in: weeks counted from its first date. */
export const inItsWeek = (order: Pick<repo.StandingOrderRow, "start_date" | "every_weeks">, date: string) =>
  date >= order.start_date && Math.floor(daysBetween(order.start_date, date) / 7) % order.every_weeks === 0;

export const isPausedOn = (
  order: Pick<repo.StandingOrderRow, "paused_from" | "paused_until">,
  date: string,
): boolean =>
  order.paused_from !== null &&
  order.paused_until !== null &&
  date >= order.paused_from &&
  date <= order.paused_until;

/** Why placement refused an occurrence, in the words the standing order keeps (nothing was taken). */
function missedReason(error: unknown): OccurrenceReason | undefined {
  if (!(error instanceof AppError)) return undefined;
  switch (error.code) {
    case "out_of_stock":
      return "sold_out";
    case "product_unavailable":
    case "order_too_large":
      return "unavailable";
    case "slot_full":
      return "slot_full";
    case "slot_closed":
    case "validation_failed":
    case "slot_required":
      return "slot_closed";
    case "slot_not_served":
      return "area";
    default:
      return undefined;
  }
}

type Slot = Awaited<ReturnType<typeof repo.openSlotsToMake>>[number];

/** Writes an occurrence that was not made (missed, or skipped by a pause), unless the slot has one already. */
async function recordNotMade(
  ctx: Context,
  order: repo.StandingOrderRow,
  slot: Slot,
  state: "missed" | "skipped",
  reason: OccurrenceReason,
): Promise<void> {
  await inStepsTransaction(ctx, function* (trx) {
    yield* repo.claimOccurrence(trx.db, {
      id: randomUUID(),
      standing_order_id: order.id,
      slot_id: slot.id,
      date: slot.date,
      cutoff_at: slot.cutoff_at,
      state,
      order_id: null,
      reason,
      created_at: ctx.now.toISOString(),
    });
  });
}

/**
 * Makes one occurrence: in one transaction its row (the unique key: another materialiser's wins and this one
 * writes nothing) and its order, which takes its slot place and stock exactly as a checkout does. Refused by
 * placement, it is recorded as missed with its reason instead, and nothing is taken.
 */
async function makeOccurrence(
  ctx: Context,
  order: repo.StandingOrderRow,
  lines: readonly repo.StandingLineRow[],
  slot: Slot,
): Promise<void> {
  const items = lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
  const occurrenceId = randomUUID();
  try {
    const priced = await priceScheduledLines(ctx, items);
    await inStepsTransaction(ctx, function* (trx) {
      const claimed = yield* repo.claimOccurrence(trx.db, {
        id: occurrenceId,
        standing_order_id: order.id,
        slot_id: slot.id,
        date: slot.date,
        cutoff_at: slot.cutoff_at,
        state: "made",
        order_id: null,
        reason: null,
        created_at: ctx.now.toISOString(),
      });
      if (!claimed) return;
      const orderId = yield* writeScheduledOrder(
        trx,
        {
          userId: order.user_id,
          standingOrderId: order.id,
          key: `standing-${occurrenceId}`,
          farmerId: order.farmer_id,
          slotId: slot.id,
          shipping: shippingOf(order),
          paymentMethod: order.payment_method,
        },
        items,
        priced,
      );
      yield* repo.setOccurrenceOrder(trx.db, occurrenceId, orderId);
    });
  } catch (error) {
    const reason = missedReason(error);
    if (!reason) throw error;
    await recordNotMade(ctx, order, slot, "missed", reason);
  }
}

/**
 * Makes every occurrence of one standing order within the horizon that does not exist yet, then records how
 * far it made them. Each occurrence is its own transaction, exactly once by the database's unique key, so a
 * pass killed half way, run twice, or run on three servers at once leaves one occurrence per dated slot.
 */
export async function materialiseOne(ctx: Context, order: repo.StandingOrderRow): Promise<void> {
  if (order.status !== "active") return;
  const { today, last } = occurrenceHorizon(ctx);
  const patternIds = (await repo.patternsOf(ctx.db, [order.id])).map((row) => row.pattern_id);
  const slots = (
    await repo.openSlotsToMake(ctx.db, order.id, patternIds, {
      // NOTE: the later of the two days (ISO dates sort as text).
      from: [order.start_date, today].sort()[1] ?? today,
      to: last,
      now: ctx.now.toISOString(),
    })
  ).filter((slot) => inItsWeek(order, slot.date));
  if (slots.length > 0) {
    const lines = await repo.linesOf(ctx.db, [order.id]);
    const suspended = await repo.isSuspended(ctx.db, order.farmer_id);
    for (const slot of slots) {
      if (isPausedOn(order, slot.date)) await recordNotMade(ctx, order, slot, "skipped", "paused");
      else if (suspended) await recordNotMade(ctx, order, slot, "missed", "farmer_suspended");
      else await makeOccurrence(ctx, order, lines, slot);
    }
  }
  await repo.markMade(ctx.db, order.id, last);
}

/** How many standing orders one pass makes occurrences for at most (the next pass goes on). */
const PASS_BATCH = 200;

/**
 * The timer's pass (every minute, on every server; issue 35): the dated slots of the horizon, then the
 * occurrences of every standing order that has fallen behind them, then the scheduled parts whose cut-off has
 * come become pending. Cheap when nothing is due (two indexed reads).
 */
export async function runStandingOrders(ctx: Context): Promise<void> {
  await ensureSlots(ctx);
  const { last } = occurrenceHorizon(ctx);
  let failure: unknown;
  for (let after = ""; ; ) {
    const due = await repo.behind(ctx.db, last, PASS_BATCH, after);
    for (const order of due) {
      // NOTE: one standing order that fails (the database went away) does not hold the others back; the
      // next pass tries it again, as its made_through did not move.
      await materialiseOne(ctx, order).catch((error: unknown) => {
        failure ??= error;
      });
      after = order.id;
    }
    if (due.length < PASS_BATCH) break;
  }
  await startDueScheduledParts(ctx);
  if (failure) throw failure;
}
