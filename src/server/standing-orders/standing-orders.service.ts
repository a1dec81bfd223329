import { createHash, randomUUID } from "node:crypto";
import { paiseToRupees } from "../../shared/money.ts";
import {
  DEFAULT_REMINDER_HOURS,
  MAX_ACTIVE_STANDING_ORDERS,
  type Occurrence,
  type OccurrenceReason,
  type StandingOrder,
  type StandingOrderCreate,
  type StandingOrderPatch,
  type StandingStatus,
  standingOrderMessages,
} from "../../shared/schemas/standing-orders.ts";
import { type Context, inTransaction } from "../context.ts";
import { DEAL_ID } from "../deals/index.ts";
import { AppError, notFound } from "../http/index.ts";
import {
  changeScheduledItems,
  priceScheduledLines,
  shippingOf,
  skipScheduledOrder,
} from "../orders/index.ts";
import { isPausedOn, materialiseOne, occurrenceHorizon } from "./materialiser.service.ts";
import * as repo from "./standing-orders.repository.ts";

type Shipping = StandingOrderCreate["shipping"];

// ---- views ----

function statusOf(row: repo.StandingOrderRow, today: string): StandingStatus {
  if (row.status === "ended") return "ended";
  if (row.slot_removed_at) return "paused";
  return isPausedOn(row, today) ? "paused" : "active";
}

function toOccurrence(row: repo.OccurrenceWithSlotRow, partStatus: string | undefined): Occurrence {
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
    repo.occurrencesOf(ctx.db, ids, today, last),
  ]);
  const names = new Map(
    (await repo.productNames(ctx.db, [...new Set(lines.map((line) => line.product_id))])).map((p) => [
      p.id,
      p.name,
    ]),
  );
  return { lines, patterns, occurrences, names, today };
}

/** The standing orders `rows` as the API shows them, each with its occurrences within the horizon. */
async function toApi(ctx: Context, rows: readonly repo.StandingOrderRow[]): Promise<StandingOrder[]> {
  const ids = rows.map((row) => row.id);
  const { lines, patterns, occurrences, names, today } = await readDetails(ctx, ids);
  const statuses = new Map(
    (
      await repo.partStatusesOf(
        ctx.db,
        occurrences.flatMap((row) => (row.order_id ? [row.order_id] : [])),
      )
    ).map((row) => [row.order_id, row.status]),
  );
  return rows.map((row) => ({
    id: row.id,
    farmerId: row.farmer_id,
    items: lines
      .filter((line) => line.standing_order_id === row.id)
      .map((line) => ({
        productId: line.product_id,
        name: names.get(line.product_id) ?? "",
        quantity: line.quantity,
        unitPrice: paiseToRupees(line.price_paise),
      })),
    slotPatternIds: patterns.filter((p) => p.standing_order_id === row.id).map((p) => p.pattern_id),
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

async function oneToApi(ctx: Context, row: repo.StandingOrderRow): Promise<StandingOrder> {
  const [shown] = await toApi(ctx, [row]);
  if (!shown) throw new Error("a standing order did not show");
  return shown;
}

/** The shopper's own standing order: 404 for an unknown id and for another's. */
async function ownRow(ctx: Context, userId: string, id: string): Promise<repo.StandingOrderRow> {
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

// ---- making one ----

const shippingColumns = (shipping: Shipping) => ({
  full_name: shipping.fullName,
  email: shipping.email.toLowerCase(),
  phone: shipping.phone,
  address: shipping.address,
  city: shipping.city,
  state: shipping.state,
  zip_code: shipping.zipCode,
  country: shipping.country,
});

function hashCreate(input: StandingOrderCreate): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        input.items.map((item) => [item.productId, item.quantity]),
        [...input.slotPatternIds].sort(),
        input.everyWeeks,
        input.startDate,
        input.shipping,
        input.paymentMethod,
        input.reminderHours === undefined ? DEFAULT_REMINDER_HOURS : input.reminderHours,
      ]),
    )
    .digest("hex");
}

/**
 * The lines priced now (their saved prices), checked to be of one farmer's products that may be ordered;
 * answers the lines and that farmer.
 */
async function pricedLines(ctx: Context, standingOrderId: string, items: StandingOrderCreate["items"]) {
  if (items.some((item) => item.productId === DEAL_ID)) {
    throw new AppError("validation_failed", standingOrderMessages.noDeal, {
      items: standingOrderMessages.noDeal,
    });
  }
  const oneOff = await repo.oneOffOnly(
    ctx.db,
    items.map((item) => item.productId),
  );
  const index = items.findIndex((item) => oneOff.has(item.productId));
  if (index >= 0) {
    throw new AppError("validation_failed", standingOrderMessages.oneOffOnly, {
      [`items.${index}.productId`]: standingOrderMessages.oneOffOnly,
    });
  }
  const priced = await priceScheduledLines(ctx, items);
  const farmers = new Set(priced.lines.map((line) => line.farmerId));
  const [farmerId] = farmers;
  if (farmers.size !== 1 || !farmerId) {
    throw new AppError("validation_failed", standingOrderMessages.oneFarmer, {
      items: standingOrderMessages.oneFarmer,
    });
  }
  const lines = priced.lines.map(
    (line, index): repo.StandingLineRow => ({
      standing_order_id: standingOrderId,
      line_no: index + 1,
      product_id: line.productId,
      quantity: line.quantity,
      price_paise: line.unitPricePaise,
    }),
  );
  return { lines, farmerId };
}

/** True when this shopper already made a standing order with this key: its retry is not counted again. */
export async function existsWithKey(ctx: Context, userId: string, key: string): Promise<boolean> {
  return (await repo.findByKey(ctx.db, userId, key)) !== undefined;
}

/**
 * Makes a standing order once per (shopper, Idempotency-Key): its lines (one farmer's), that farmer's weekly
 * slots, how often, from when; then its occurrences within the horizon at once (each an order that holds its
 * slot place and stock). A replay of the key answers the first standing order.
 */
export async function createStandingOrder(
  ctx: Context,
  userId: string,
  key: string,
  input: StandingOrderCreate,
): Promise<{ standingOrder: StandingOrder; replayed: boolean }> {
  const requestHash = hashCreate(input);
  const replay = async (row: repo.StandingOrderRow) => {
    if (row.request_hash !== requestHash) {
      throw new AppError("idempotency_key_reused", "This Idempotency-Key was used for another request");
    }
    return { standingOrder: await oneToApi(ctx, row), replayed: true };
  };
  const earlier = await repo.findByKey(ctx.db, userId, key);
  if (earlier) return replay(earlier);

  const { today } = occurrenceHorizon(ctx);
  if (input.startDate < today) {
    throw new AppError("validation_failed", standingOrderMessages.startInPast, {
      startDate: standingOrderMessages.startInPast,
    });
  }
  const id = randomUUID();
  const { lines, farmerId } = await pricedLines(ctx, id, input.items);
  const patternIds = [...new Set(input.slotPatternIds)];
  const live = await repo.livePatterns(ctx.db, patternIds);
  if (live.length !== patternIds.length || live.some((pattern) => pattern.farmer_id !== farmerId)) {
    throw new AppError("slot_required", standingOrderMessages.patternNotFarmers, {
      slotPatternIds: standingOrderMessages.patternNotFarmers,
    });
  }
  if ((await repo.countActive(ctx.db, userId)) >= MAX_ACTIVE_STANDING_ORDERS) {
    throw new AppError("too_many_standing_orders", standingOrderMessages.tooMany);
  }
  const at = ctx.now.toISOString();
  const row: repo.StandingOrderRow = {
    id,
    user_id: userId,
    farmer_id: farmerId,
    every_weeks: input.everyWeeks,
    start_date: input.startDate,
    ...shippingColumns(input.shipping),
    payment_method: input.paymentMethod,
    reminder_hours: input.reminderHours === undefined ? DEFAULT_REMINDER_HOURS : input.reminderHours,
    status: "active",
    paused_from: null,
    paused_until: null,
    made_through: null,
    idempotency_key: key,
    request_hash: requestHash,
    created_at: at,
    updated_at: at,
    ended_at: null,
  };
  try {
    await inTransaction(ctx, (trx) => repo.insertStandingOrder(trx.db, row, lines, patternIds));
  } catch (error) {
    if (!repo.isIdempotencyKeyViolation(error)) throw error;
    const winner = await repo.findByKey(ctx.db, userId, key);
    if (!winner) throw error;
    return replay(winner);
  }
  await materialiseOne(ctx, row);
  return { standingOrder: await oneToApi(ctx, row), replayed: false };
}

// ---- changing one ----

type OccurrenceWithSlot = repo.OccurrenceWithSlotRow;

/** Its occurrences within the horizon whose cut-off has not passed. */
async function comingOccurrences(ctx: Context, row: repo.StandingOrderRow): Promise<OccurrenceWithSlot[]> {
  const { today, last } = occurrenceHorizon(ctx);
  const now = ctx.now.toISOString();
  return (await repo.occurrencesOf(ctx.db, [row.id], today, last)).filter((o) => o.cutoff_at > now);
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
    const statuses = await repo.partStatusesOf(ctx.db, [occurrence.order_id]);
    if (statuses.some((part) => part.status === "scheduled")) {
      await skipScheduledOrder(ctx, { id: userId }, occurrence.order_id, reason, cutoffPassed);
    }
  }
  if (occurrence.state !== "missed") {
    await repo.markOccurrence(ctx.db, occurrence.id, { state: "skipped", reason });
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
  const onDate = (await repo.occurrencesOf(ctx.db, [row.id], today, last)).filter((o) => o.date === date);
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
      const statuses = await repo.partStatusesOf(ctx.db, [occurrence.order_id]);
      if (!statuses.some((part) => part.status === "scheduled")) continue;
      await skipScheduledOrder(ctx, { id: userId }, occurrence.order_id, "Changed", cutoffPassed);
    }
    again.push(occurrence.id);
  }
  await repo.deleteOccurrences(ctx.db, again);
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
  await repo.deleteOccurrences(ctx.db, back);
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
  const occurrence = await repo.occurrenceOfOrder(ctx.db, orderId);
  if (!occurrence || occurrence.user_id !== userId) throw notFound(standingOrderMessages.notFound);
  if (occurrence.cutoff_at <= ctx.now.toISOString()) throw cutoffPassed();
  if (!occurrence.held) throw new AppError("conflict", standingOrderMessages.notHeld);
  const prices = await repo.pricesOfOrder(ctx.db, orderId);
  await inTransaction(ctx, async (trx) => {
    await repo.savePrices(
      trx.db,
      occurrence.standing_order_id,
      prices.map((price) => ({ productId: price.product_id, pricePaise: price.unit_price_paise })),
    );
    await repo.clearHold(trx.db, occurrence.id);
  });
  return getStandingOrder(ctx, userId, occurrence.standing_order_id);
}
