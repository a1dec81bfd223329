import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  type DeliveryArea,
  type PickupPoint,
  type PickupPointInputSchema,
  type PickupPointPatchSchema,
  SHOP_SLOT_KEY,
  type SlotPattern,
  SlotPatternInputSchema,
  type SlotPatternPatchSchema,
  slotMessages,
} from "../../shared/schemas/slots.ts";
import { runSteps } from "../db/index.ts";
import { AppError, notFound, parseWith } from "../http/index.ts";
import { ensureSlots } from "./calendar.service.ts";
import * as repo from "./setup.repository.ts";
import { toPattern, toPickupPoint } from "./slot-views.ts";
import type { Owner, PickupPointRow, SlotPatternRow } from "./slots.repository.ts";
import { changeSetup, patternText, pointText, type SlotsContext } from "./slots-context.ts";

// A farmer's (or the shop's) set-up: pickup points, the delivery area and the weekly slot patterns.

export async function ownPoint(ctx: SlotsContext, owner: Owner, id: string) {
  const point = await repo.findPoint(ctx.db, id);
  if (!point || point.farmer_id !== owner) throw notFound(slotMessages.pointNotFound);
  return point;
}

export async function listPickupPoints(ctx: SlotsContext, owner: Owner): Promise<PickupPoint[]> {
  return (await repo.listPoints(ctx.db, owner)).map(toPickupPoint);
}

export async function createPickupPoint(
  ctx: SlotsContext,
  owner: Owner,
  input: z.output<typeof PickupPointInputSchema>,
): Promise<PickupPoint> {
  const row: PickupPointRow = {
    id: randomUUID(),
    farmer_id: owner,
    name: input.name,
    address: input.address,
    directions: input.directions ?? null,
    map_url: input.mapUrl ?? null,
    opening_note: input.openingNote ?? null,
    retired_at: null,
    created_at: ctx.now.toISOString(),
  };
  await changeSetup(
    ctx,
    (trx) => repo.insertPoint(trx, row),
    () => ({
      action: "pickup_point.create",
      target: { type: "pickup_point", id: row.id },
      reason: pointText(row),
    }),
  );
  return toPickupPoint(row);
}

export async function updatePickupPoint(
  ctx: SlotsContext,
  owner: Owner,
  id: string,
  patch: z.output<typeof PickupPointPatchSchema>,
): Promise<PickupPoint> {
  await ownPoint(ctx, owner, id);
  // NOTE: an optional field sent empty clears it; one not sent is kept.
  const clearable = (key: "directions" | "mapUrl" | "openingNote") =>
    key in patch ? (patch[key] ?? null) : undefined;
  const fields = Object.fromEntries(
    Object.entries({
      name: patch.name,
      address: patch.address,
      directions: clearable("directions"),
      map_url: clearable("mapUrl"),
      opening_note: clearable("openingNote"),
    }).filter(([, value]) => value !== undefined),
  );
  const point = await changeSetup(
    ctx,
    async (trx) => {
      await repo.updatePoint(trx, id, fields);
      return ownPoint({ ...ctx, db: trx }, owner, id);
    },
    (after) => ({
      action: "pickup_point.update",
      target: { type: "pickup_point", id },
      reason: pointText(after),
    }),
  );
  return toPickupPoint(point);
}

/**
 * Retires a pickup point: it keeps its past orders (and its slots that hold orders), and its weekly patterns
 * make no more slots.
 */
export async function retirePickupPoint(ctx: SlotsContext, owner: Owner, id: string): Promise<PickupPoint> {
  const point = await ownPoint(ctx, owner, id);
  if (!point.retired_at) {
    await changeSetup(
      ctx,
      async (trx) => {
        await repo.updatePoint(trx, id, { retired_at: ctx.now.toISOString() });
        for (const pattern of await repo.listPatterns(trx, owner)) {
          if (pattern.pickup_point_id === id) await removePattern({ ...ctx, db: trx }, pattern.id);
        }
      },
      () => ({
        action: "pickup_point.retire",
        target: { type: "pickup_point", id },
        reason: pointText(point),
      }),
    );
  }
  return toPickupPoint(await ownPoint(ctx, owner, id));
}

// ---- delivery area ----

export async function getDeliveryArea(ctx: SlotsContext, owner: Owner): Promise<DeliveryArea> {
  return { pinPrefixes: (await runSteps(ctx.db, repo.prefixesOf(ctx.db, [owner]))).get(owner) ?? [] };
}

export async function setDeliveryArea(
  ctx: SlotsContext,
  owner: Owner,
  area: DeliveryArea,
): Promise<DeliveryArea> {
  const prefixes = [...new Set(area.pinPrefixes)].sort();
  await changeSetup(
    ctx,
    (trx) =>
      repo.replacePrefixes(
        trx,
        owner,
        prefixes.map((prefix) => ({ id: randomUUID(), pin_prefix: prefix })),
      ),
    () => ({
      action: "delivery_area.update",
      // NOTE: an owner has one delivery area, so it is named by its owner's key ("shop" for the shop's).
      target: { type: "delivery_area", id: owner ?? SHOP_SLOT_KEY },
      reason:
        prefixes.length > 0 ? `Delivers to PIN codes ${prefixes.join(", ")}` : "Delivers to no PIN code",
    }),
  );
  return { pinPrefixes: prefixes };
}

// ---- weekly patterns ----

export async function ownPattern(ctx: SlotsContext, owner: Owner, id: string) {
  const pattern = await repo.findPattern(ctx.db, id);
  if (!pattern || pattern.farmer_id !== owner) throw notFound(slotMessages.patternNotFound);
  return pattern;
}

/**
 * A pickup pattern's point must be the owner's own and in use (400 on `pickupPointId` otherwise); answers it,
 * or undefined for a delivery pattern.
 */
export async function checkPatternPoint(
  ctx: SlotsContext,
  owner: Owner,
  pickupPointId: string | undefined | null,
) {
  if (!pickupPointId) return undefined;
  const point = await repo.findPoint(ctx.db, pickupPointId);
  if (!point || point.farmer_id !== owner) {
    throw new AppError("validation_failed", slotMessages.pickupPointUnknown, {
      pickupPointId: slotMessages.pickupPointUnknown,
    });
  }
  if (point.retired_at) {
    throw new AppError("validation_failed", slotMessages.pickupPointRetired, {
      pickupPointId: slotMessages.pickupPointRetired,
    });
  }
  return point;
}

export async function listSlotPatterns(ctx: SlotsContext, owner: Owner): Promise<SlotPattern[]> {
  return (await repo.listPatterns(ctx.db, owner)).map(toPattern);
}

export async function createSlotPattern(
  ctx: SlotsContext,
  owner: Owner,
  input: z.output<typeof SlotPatternInputSchema>,
): Promise<SlotPattern> {
  const point = await checkPatternPoint(ctx, owner, input.pickupPointId);
  const row: SlotPatternRow = {
    id: randomUUID(),
    farmer_id: owner,
    kind: input.kind,
    pickup_point_id: input.pickupPointId ?? null,
    weekday: input.weekday,
    start_time: input.start,
    end_time: input.end,
    capacity: input.capacity,
    cutoff_hours: input.cutoffHours,
    generated_through: null,
    deleted_at: null,
    created_at: ctx.now.toISOString(),
  };
  await changeSetup(
    ctx,
    (trx) => repo.insertPattern(trx, row),
    () => ({
      action: "slot_pattern.create",
      target: { type: "slot_pattern", id: row.id },
      reason: patternText(toPattern(row), point),
    }),
  );
  await ensureSlots(ctx, [owner]);
  return toPattern(row);
}

/**
 * Changes a weekly pattern. Its coming dated slots that hold no order are made again from it; those that hold
 * orders keep the window their buyers were promised (the farmer closes or changes them one by one).
 */
export async function updateSlotPattern(
  ctx: SlotsContext,
  owner: Owner,
  id: string,
  patch: z.output<typeof SlotPatternPatchSchema>,
): Promise<SlotPattern> {
  const { id: _id, ...current } = toPattern(await ownPattern(ctx, owner, id));
  const merged = parseWith(SlotPatternInputSchema, {
    ...current,
    ...patch,
    pickupPointId:
      (patch.pickupPointId === undefined ? current.pickupPointId : patch.pickupPointId) ?? undefined,
  });
  const point = await checkPatternPoint(ctx, owner, merged.pickupPointId);
  await changeSetup(
    ctx,
    async (trx) => {
      await repo.updatePattern(trx, id, {
        kind: merged.kind,
        pickup_point_id: merged.pickupPointId ?? null,
        weekday: merged.weekday,
        start_time: merged.start,
        end_time: merged.end,
        capacity: merged.capacity,
        cutoff_hours: merged.cutoffHours,
        generated_through: null,
      });
      await repo.deleteUnbookedSlotsOf(trx, id, ctx.now.toISOString());
    },
    () => ({
      action: "slot_pattern.update",
      target: { type: "slot_pattern", id },
      reason: patternText({ ...merged, pickupPointId: merged.pickupPointId ?? null }, point),
    }),
  );
  await ensureSlots(ctx, [owner]);
  return toPattern(await ownPattern(ctx, owner, id));
}

export async function removePattern(ctx: SlotsContext, id: string) {
  await repo.updatePattern(ctx.db, id, { deleted_at: ctx.now.toISOString() });
  await repo.deleteUnbookedSlotsOf(ctx.db, id, ctx.now.toISOString());
}

/** Deletes a weekly pattern: its coming slots without orders go; those with orders stay until served. */
export async function deleteSlotPattern(ctx: SlotsContext, owner: Owner, id: string): Promise<void> {
  const pattern = await ownPattern(ctx, owner, id);
  const point = pattern.pickup_point_id ? await repo.findPoint(ctx.db, pattern.pickup_point_id) : undefined;
  await changeSetup(
    ctx,
    (trx) => removePattern({ ...ctx, db: trx }, id),
    () => ({
      action: "slot_pattern.delete",
      target: { type: "slot_pattern", id },
      reason: patternText(toPattern(pattern), point),
    }),
  );
}
