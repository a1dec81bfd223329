import { createHash, randomUUID } from "node:crypto";
import {
  DEFAULT_REMINDER_HOURS,
  MAX_ACTIVE_STANDING_ORDERS,
  type StandingOrder,
  type StandingOrderCreate,
  standingOrderMessages,
} from "../../shared/schemas/standing-orders.ts";
import { type Context, inTransaction } from "../context.ts";
import { DEAL_ID } from "../deals/index.ts";
import { AppError } from "../http/index.ts";
import { priceScheduledLines, refuseMissingEmail } from "../orders/index.ts";
import { materialiseOne, occurrenceHorizon } from "./materialiser.service.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import * as repo from "./standing-orders.repository.ts";
import { oneToApi } from "./views.service.ts";

// Making a standing order (issue 35): its lines priced, its first occurrences made at once.

export const shippingColumns = (shipping: Shipping) => ({
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
export async function pricedLines(
  ctx: Context,
  standingOrderId: string,
  items: StandingOrderCreate["items"],
) {
  if (items.some((item) => item.productId === DEAL_ID)) {
    throw new AppError("validation_failed", standingOrderMessages.noDeal, {
      items: standingOrderMessages.noDeal,
    });
  }
  const oneOff = await occurrenceRepo.oneOffOnly(
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

  await refuseMissingEmail(ctx, userId, input.shipping);
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

export type Shipping = StandingOrderCreate["shipping"];
