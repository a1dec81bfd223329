import {
  type OccurrenceReason,
  type StandingOrder,
  type StandingOrderCreate,
  type StandingOrderPatch,
  standingOrderMessages,
} from "../../shared/schemas/standing-orders.ts";
import { type Context, inTransaction } from "../context.ts";
import { AppError, notFound } from "../http/index.ts";
import { changeScheduledItems, refuseMissingEmail, skipScheduledOrder } from "../orders/index.ts";
import { pricedLines, shippingColumns } from "./creation.service.ts";
import { isPausedOn, materialiseOne, occurrenceHorizon } from "./materialiser.service.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import * as holdRepo from "./price-holds.repository.ts";
import * as repo from "./standing-orders.repository.ts";
import { getStandingOrder, oneToApi, ownRow } from "./views.service.ts";

// ---- changing one ----

type OccurrenceWithSlot = occurrenceRepo.OccurrenceWithSlotRow;

/** Its occurrences within the horizon whose cut-off has not passed. */
async function comingOccurrences(ctx: Context, row: repo.StandingOrderRow): Promise<OccurrenceWithSlot[]> {
  const { today, last } = occurrenceHorizon(ctx);
  const now = ctx.now.toISOString();
  return (await occurrenceRepo.occurrencesOf(ctx.db, [row.id], today, last)).filter((o) => o.cutoff_at > now);
}

const cutoffPassed = () => new AppError("cutoff_passed", standingOrderMessages.cutoffPassed);

/**
 * Skips one made occurrence before its cut-off: its order's scheduled part is cancelled (slot place and
 * stock go back at once), and the occurrence keeps its row (so it is never made again) as skipped.
 */
async function skipOccurrence(
  ctx: Context,
  userId: string,
  occurrence: OccurrenceWithSlot,
  reason: OccurrenceReason,
): Promise<void> {
  if (occurrence.state === "made" && occurrence.order_id) {
    const statuses = await occurrenceRepo.partStatusesOf(ctx.db, [occurrence.order_id]);
    if (statuses.some((part) => part.status === "scheduled")) {
      await skipScheduledOrder(ctx, { id: userId }, occurrence.order_id, reason, cutoffPassed);
    }
  }
  if (occurrence.state !== "missed") {
    await occurrenceRepo.markOccurrence(ctx.db, occurrence.id, { state: "skipped", reason });
  }
}

/** POST /api/standing-orders/:id/skip: every occurrence on `date`; 409 once its cut-off passed. */
export async function skipDate(
  ctx: Context,
  userId: string,
  id: string,
  date: string,
): Promise<StandingOrder> {
  const row = await ownRow(ctx, userId, id);
  if (row.status === "ended") throw new AppError("conflict", standingOrderMessages.ended);
  const { today, last } = occurrenceHorizon(ctx);
  const onDate = (await occurrenceRepo.occurrencesOf(ctx.db, [row.id], today, last)).filter(
    (o) => o.date === date,
  );
  if (onDate.length === 0) throw notFound(standingOrderMessages.noOccurrence);
  if (onDate.some((o) => o.cutoff_at <= ctx.now.toISOString())) throw cutoffPassed();
  for (const occurrence of onDate) await skipOccurrence(ctx, userId, occurrence, "skipped");
  return oneToApi(ctx, await ownRow(ctx, userId, id));
}

/**
 * Takes back the coming occurrences that were made (their orders' scheduled parts cancelled, their rows
 * removed) so that the next pass makes them again from the standing order as it is now: after a change of
 * its lines or address ("from now on").
 */
async function remakeComing(ctx: Context, userId: string, row: repo.StandingOrderRow): Promise<void> {
  const again: string[] = [];
  for (const occurrence of await comingOccurrences(ctx, row)) {
    // NOTE: one its shopper skipped stays skipped; a missed one or one a pause skipped is tried again.
    if (occurrence.state === "skipped" && occurrence.reason !== "paused") continue;
    if (occurrence.state === "made" && occurrence.order_id) {
      const statuses = await occurrenceRepo.partStatusesOf(ctx.db, [occurrence.order_id]);
      if (!statuses.some((part) => part.status === "scheduled")) continue;
      await skipScheduledOrder(ctx, { id: userId }, occurrence.order_id, "Changed", cutoffPassed);
    }
    again.push(occurrence.id);
  }
  await occurrenceRepo.deleteOccurrences(ctx.db, again);
}

/**
 * Its lines changed from now on: each coming occurrence's order still scheduled takes the new lines in place
 * (its stock follows); one that cannot (a product sold out) keeps the lines it had.
 */
async function changeComing(
  ctx: Context,
  userId: string,
  row: repo.StandingOrderRow,
  items: StandingOrderCreate["items"],
): Promise<void> {
  for (const occurrence of await comingOccurrences(ctx, row)) {
    if (occurrence.state !== "made" || !occurrence.order_id) continue;
    try {
      await changeScheduledItems(ctx, userId, occurrence.order_id, items);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

/**
 * PATCH /api/standing-orders/:id: its lines or address from now on (the coming occurrences are made again),
 * its reminder, a pause (its occurrences in the range are skipped; ones outside it come back), or its end.
 */
export async function patchStandingOrder(
  ctx: Context,
  userId: string,
  id: string,
  patch: StandingOrderPatch,
): Promise<StandingOrder> {
  const row = await ownRow(ctx, userId, id);
  if (row.status === "ended") throw new AppError("conflict", standingOrderMessages.ended);
  if (patch.status === "ended") return endStandingOrder(ctx, userId, id);
  if (patch.shipping) await refuseMissingEmail(ctx, userId, patch.shipping);
  const at = ctx.now.toISOString();
  const fields: Partial<repo.StandingOrderRow> = { updated_at: at, made_through: null };
  if (patch.reminderHours !== undefined) fields.reminder_hours = patch.reminderHours;
  if (patch.shipping) Object.assign(fields, shippingColumns(patch.shipping));
  if (patch.pausedFrom !== undefined) {
    fields.paused_from = patch.pausedFrom;
    fields.paused_until = patch.pausedUntil ?? null;
  }
  const patternIds = patch.slotPatternIds ? [...new Set(patch.slotPatternIds)] : undefined;
  if (patternIds) {
    const live = await repo.livePatterns(ctx.db, patternIds);
    if (live.length !== patternIds.length || live.some((pattern) => pattern.farmer_id !== row.farmer_id)) {
      throw new AppError("slot_required", standingOrderMessages.patternNotFarmers, {
        slotPatternIds: standingOrderMessages.patternNotFarmers,
      });
    }
    fields.slot_removed_at = null;
  }
  let lines: repo.StandingLineRow[] | undefined;
  if (patch.items) {
    const priced = await pricedLines(ctx, id, patch.items);
    if (priced.farmerId !== row.farmer_id) {
      throw new AppError("validation_failed", standingOrderMessages.oneFarmer, {
        items: standingOrderMessages.oneFarmer,
      });
    }
    lines = priced.lines;
  }
  await inTransaction(ctx, async (trx) => {
    await repo.updateStandingOrder(trx.db, id, fields);
    if (lines) await repo.replaceLines(trx.db, id, lines);
    if (patternIds) await repo.replacePatterns(trx.db, id, patternIds);
  });
  const after = await ownRow(ctx, userId, id);
  if (patch.shipping) await remakeComing(ctx, userId, after);
  else if (patch.items) await changeComing(ctx, userId, after, patch.items);
  else if (patch.pausedFrom !== undefined) await repause(ctx, userId, after);
  await materialiseOne(ctx, after);
  return oneToApi(ctx, await ownRow(ctx, userId, id));
}

/**
 * After a pause changed: coming occurrences inside it are skipped (409 when one's cut-off passed is not
 * possible: only coming ones are touched), and those a pause skipped that are now outside it are taken away
 * so the next pass makes them.
 */
async function repause(ctx: Context, userId: string, row: repo.StandingOrderRow): Promise<void> {
  const coming = await comingOccurrences(ctx, row);
  const back: string[] = [];
  for (const occurrence of coming) {
    const paused = isPausedOn(row, occurrence.date);
    if (paused && occurrence.state === "made") await skipOccurrence(ctx, userId, occurrence, "paused");
    if (!paused && occurrence.state === "skipped" && occurrence.reason === "paused") back.push(occurrence.id);
  }
  await occurrenceRepo.deleteOccurrences(ctx.db, back);
}

/** DELETE /api/standing-orders/:id (or PATCH status ended): it ends, and its coming occurrences are skipped. */
export async function endStandingOrder(ctx: Context, userId: string, id: string): Promise<StandingOrder> {
  const row = await ownRow(ctx, userId, id);
  if (row.status !== "ended") {
    const at = ctx.now.toISOString();
    await repo.updateStandingOrder(ctx.db, id, { status: "ended", ended_at: at, updated_at: at });
    for (const occurrence of await comingOccurrences(ctx, row)) {
      if (occurrence.state === "made") await skipOccurrence(ctx, userId, occurrence, "ended");
    }
  }
  return oneToApi(ctx, await ownRow(ctx, userId, id));
}

/**
 * POST /api/orders/:id/accept-price: the shopper accepts an occurrence's risen prices before its cut-off; they
 * become the standing order's saved prices, and the occurrence is no longer held. 404 for an order that is not
 * their occurrence; 409 after the cut-off, or when it is not held. Answers the standing order.
 */
export async function acceptPrice(ctx: Context, userId: string, orderId: string): Promise<StandingOrder> {
  const occurrence = await holdRepo.occurrenceOfOrder(ctx.db, orderId);
  if (!occurrence || occurrence.user_id !== userId) throw notFound(standingOrderMessages.notFound);
  if (occurrence.cutoff_at <= ctx.now.toISOString()) throw cutoffPassed();
  if (!occurrence.held) throw new AppError("conflict", standingOrderMessages.notHeld);
  const prices = await holdRepo.pricesOfOrder(ctx.db, orderId);
  await inTransaction(ctx, async (trx) => {
    await holdRepo.savePrices(
      trx.db,
      occurrence.standing_order_id,
      prices.map((price) => ({ productId: price.product_id, pricePaise: price.unit_price_paise })),
    );
    await holdRepo.clearHold(trx.db, occurrence.id);
  });
  return getStandingOrder(ctx, userId, occurrence.standing_order_id);
}
