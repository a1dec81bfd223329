import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { TextWith } from "../../shared/i18n/text.ts";
import { partMessages } from "../../shared/schemas/order-parts.ts";
import {
  type DeliveryArea,
  type FarmerSlot,
  type FarmerSlotChoices,
  MAX_SLOT_CAPACITY,
  type NextSlot,
  type PartSlot,
  type PickupPoint,
  type PickupPointInputSchema,
  type PickupPointPatchSchema,
  pinCovered,
  SHOP_SLOT_KEY,
  SLOT_HORIZON_DAYS,
  type SlotChoice,
  type SlotPatch,
  type SlotPattern,
  SlotPatternInputSchema,
  type SlotPatternPatchSchema,
  type SlotUnavailableReason,
  slotLabel,
  slotMessages,
  weeklySlotLabel,
} from "../../shared/schemas/slots.ts";
import { addDays, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import { type Actor, type AuditRecord, recordAudit } from "../audit/index.ts";
import { mailRecipient } from "../auth/index.ts";
import { type Context, catalogueChanged, inTransaction } from "../context.ts";
import { type Database, runSteps, type Steps, type StepsValue } from "../db/index.ts";
import { AppError, notFound, parseWith } from "../http/index.ts";
import { enqueue, slotClosedMail } from "../mail/index.ts";
import * as repo from "./slots.repository.ts";

export type { Owner } from "./slots.repository.ts";

type Owner = repo.Owner;

/** What every slot rule needs: the request's context (decision 018), and who is audited for a change. */
export interface SlotsContext extends Context {
  /**
   * The operator changing the shop's own set-up: each change is written to the audit log with it. Unset for a
   * farmer's changes to their own, which are not audited (as a farmer's edits of their products are not).
   */
  auditActor?: Actor;
}

/**
 * Makes one change of a set-up in a transaction, with its audit entry when an operator makes it, so the entry
 * and the change are kept together or not at all. `entryOf` sees the change's result (undefined: no change).
 * A farmer's next open slot shows on their product cards, so every change drops the catalogue's prepared
 * answers once it commits (decision 035).
 */
function changeSetup<T>(
  ctx: SlotsContext,
  change: (trx: Kysely<Database>, trxCtx: SlotsContext) => Promise<T>,
  entryOf: (result: T) => AuditRecord | undefined,
): Promise<T> {
  return inTransaction(ctx, async (trxCtx) => {
    const trx = trxCtx.db;
    const result = await change(trx, trxCtx);
    await catalogueChanged(trxCtx);
    const entry = ctx.auditActor ? entryOf(result) : undefined;
    if (ctx.auditActor && entry) await recordAudit(trxCtx, ctx.auditActor, entry);
    return result;
  });
}

// What the audit log says of a change, in the words the set-up screen uses.
const pointText = (point: { name: string; address: string }) => `${point.name}, ${point.address}`;
const patternText = (pattern: Omit<SlotPattern, "id">, point: { name: string } | undefined) =>
  weeklySlotLabel(pattern, point?.name);
const datedSlotText = (slot: { date: string; start_time: string; end_time: string }) =>
  slotLabel({ date: slot.date, start: slot.start_time, end: slot.end_time });

// ---- time ----

/** The instant a wall-clock time (HH:MM) on a day of the shop's calendar is, in its time zone. */
export function shopInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, 0, timeZone).getTime());
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first and last shop days dated slots are made for, at `now`. */
function horizon(ctx: Pick<Context, "now" | "settings">) {
  const today = shopDate(ctx.now, ctx.settings.shopTimeZone);
  const last = addDays(today, SLOT_HORIZON_DAYS - 1);
  return { today, last, before: startOfShopDay(addDays(last, 1), ctx.settings.shopTimeZone).toISOString() };
}

/**
 * Makes the dated slots of the next SLOT_HORIZON_DAYS days from the weekly patterns of `owners` (all when
 * undefined) that have fallen behind. Cheap when nothing is behind (one indexed read); safe when two
 * processes run it at once (a dated slot is unique per pattern and day).
 */
export async function ensureSlots(ctx: SlotsContext, owners?: readonly Owner[]): Promise<void> {
  const { today, last } = horizon(ctx);
  const behind = await repo.patternsBehind(ctx.db, owners, last);
  const at = ctx.now.toISOString();
  for (const pattern of behind) {
    const first =
      pattern.generated_through && pattern.generated_through >= today
        ? addDays(pattern.generated_through, 1)
        : today;
    const rows = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (weekdayOf(date) !== pattern.weekday) continue;
      const startsAt = shopInstant(date, pattern.start_time, ctx.settings.shopTimeZone);
      rows.push({
        id: randomUUID(),
        farmer_id: pattern.farmer_id,
        pattern_id: pattern.id,
        kind: pattern.kind,
        pickup_point_id: pattern.pickup_point_id,
        date,
        start_time: pattern.start_time,
        end_time: pattern.end_time,
        starts_at: startsAt.toISOString(),
        cutoff_at: new Date(startsAt.getTime() - pattern.cutoff_hours * 3_600_000).toISOString(),
        capacity: pattern.capacity,
        closed_at: null,
        closed_reason: null,
        created_at: at,
      });
    }
    await repo.insertSlots(ctx.db, rows);
    await repo.markGenerated(ctx.db, pattern.id, last);
  }
  // NOTE: a new slot may be a farmer's next open one, shown on their product cards.
  if (behind.length > 0) await catalogueChanged(ctx);
}

// ---- shapes ----

const toPickupPoint = (row: repo.PickupPointRow): PickupPoint => ({
  id: row.id,
  name: row.name,
  address: row.address,
  directions: row.directions,
  mapUrl: row.map_url,
  openingNote: row.opening_note,
  retiredAt: row.retired_at,
});

const toPattern = (row: repo.SlotPatternRow): SlotPattern => ({
  id: row.id,
  kind: row.kind,
  pickupPointId: row.pickup_point_id,
  weekday: row.weekday,
  start: row.start_time,
  end: row.end_time,
  capacity: row.capacity,
  cutoffHours: row.cutoff_hours,
});

type SlotWithPoint = NonNullable<StepsValue<ReturnType<typeof repo.findSlot>>>;

export const pointOf = (row: SlotWithPoint) =>
  row.pickup_point_id && row.point_name !== null && row.point_address !== null
    ? {
        id: row.pickup_point_id,
        name: row.point_name,
        address: row.point_address,
        directions: row.point_directions,
        mapUrl: row.point_map_url,
        openingNote: row.point_opening_note,
      }
    : null;

export const toFarmerSlot = (row: SlotWithPoint): FarmerSlot => ({
  id: row.id,
  patternId: row.pattern_id,
  kind: row.kind,
  date: row.date,
  start: row.start_time,
  end: row.end_time,
  pickupPoint: pointOf(row),
  capacity: row.capacity,
  taken: row.taken,
  cutoffAt: row.cutoff_at,
  closedAt: row.closed_at,
  closedReason: row.closed_reason,
});

/** Why a buyer cannot pick the slot now (first reason that applies), or undefined when they can. */
function unavailableReason(
  row: SlotWithPoint,
  now: string,
  prefixes: readonly string[],
  pin: string | undefined,
): SlotUnavailableReason | undefined {
  if (row.closed_at) return "closed";
  if (row.cutoff_at <= now) return "cutoff";
  if (row.taken >= row.capacity) return "full";
  if (row.kind === "delivery" && pin !== undefined && !pinCovered(prefixes, pin)) return "area";
  return undefined;
}

function toChoice(row: SlotWithPoint, now: string, prefixes: readonly string[], pin?: string): SlotChoice {
  const reason = unavailableReason(row, now, prefixes, pin);
  const point = pointOf(row);
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    start: row.start_time,
    end: row.end_time,
    ...(point ? { pickupPoint: point } : {}),
    available: reason === undefined,
    ...(reason ? { reason } : {}),
    left: Math.max(0, row.capacity - row.taken),
    // NOTE: a dated slot's weekday is its pattern's (its date's day of the week in the shop's calendar).
    ...(row.pattern_id ? { patternId: row.pattern_id, weekday: weekdayOf(row.date) } : {}),
  };
}

// ---- pickup points ----

async function ownPoint(ctx: SlotsContext, owner: Owner, id: string) {
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
  const row: repo.PickupPointRow = {
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

async function ownPattern(ctx: SlotsContext, owner: Owner, id: string) {
  const pattern = await repo.findPattern(ctx.db, id);
  if (!pattern || pattern.farmer_id !== owner) throw notFound(slotMessages.patternNotFound);
  return pattern;
}

/**
 * A pickup pattern's point must be the owner's own and in use (400 on `pickupPointId` otherwise); answers it,
 * or undefined for a delivery pattern.
 */
async function checkPatternPoint(ctx: SlotsContext, owner: Owner, pickupPointId: string | undefined | null) {
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
  const row: repo.SlotPatternRow = {
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

async function removePattern(ctx: SlotsContext, id: string) {
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

// ---- dated slots ----

export async function listOwnSlots(
  ctx: SlotsContext,
  owner: Owner,
  range: { from?: string; to?: string },
): Promise<FarmerSlot[]> {
  await ensureSlots(ctx, [owner]);
  const { today, last } = horizon(ctx);
  const from = startOfShopDay(range.from ?? today, ctx.settings.shopTimeZone).toISOString();
  const before = startOfShopDay(addDays(range.to ?? last, 1), ctx.settings.shopTimeZone).toISOString();
  return (await repo.listSlotsOf(ctx.db, owner, from, before)).map(toFarmerSlot);
}

export async function ownSlot(ctx: SlotsContext, owner: Owner, id: string) {
  const slot = await runSteps(ctx.db, repo.findSlot(ctx.db, id));
  if (!slot || slot.farmer_id !== owner) throw notFound(slotMessages.slotNotFound);
  return slot;
}

export async function getOwnSlot(ctx: SlotsContext, owner: Owner, id: string): Promise<FarmerSlot> {
  return toFarmerSlot(await ownSlot(ctx, owner, id));
}

/**
 * Changes one dated slot: its capacity (never below the places taken: 409), or closes it. Closing a slot that
 * holds orders needs `confirm` (409 confirm_required otherwise); the closed slot's orders stay, and their
 * buyers are mailed from the closing's transaction.
 */
export async function patchOwnSlot(
  ctx: SlotsContext,
  owner: Owner,
  id: string,
  patch: SlotPatch,
): Promise<{ slot: FarmerSlot }> {
  const slot = await ownSlot(ctx, owner, id);
  if ("capacity" in patch) {
    const changed = await changeSetup(
      ctx,
      (trx) => repo.setCapacity(trx, id, patch.capacity),
      (changed) =>
        changed
          ? {
              action: "slot.capacity",
              target: { type: "slot", id },
              reason: `${datedSlotText(slot)}: capacity ${slot.capacity} → ${patch.capacity}`,
            }
          : undefined,
    );
    if (!changed) {
      const now = await ownSlot(ctx, owner, id);
      throw new AppError("capacity_below_taken", slotMessages.capacityBelowTaken(now.taken), {
        capacity: slotMessages.capacityBelowTaken(now.taken),
      });
    }
    return { slot: await getOwnSlot(ctx, owner, id) };
  }
  if (slot.closed_at) throw new AppError("conflict", slotMessages.alreadyClosed);
  // NOTE: a bound the database can hold (PostgreSQL refuses an int4 compare with 2^53).
  const takenAtMost = patch.confirm ? MAX_SLOT_CAPACITY : 0;
  const closed = await changeSetup(
    ctx,
    async (trx, trxCtx) => {
      if (!(await repo.closeSlot(trx, id, ctx.now.toISOString(), patch.reason, takenAtMost))) return false;
      // NOTE: queued with the closing, so a close that fails (409) mails nobody (decision 018).
      await mailClosedSlotBuyers(trxCtx, id, patch.reason);
      return true;
    },
    (done) =>
      done
        ? {
            action: "slot.close",
            target: { type: "slot", id },
            reason: `${datedSlotText(slot)}: ${patch.reason}`,
          }
        : undefined,
  );
  if (!closed) {
    const now = await ownSlot(ctx, owner, id);
    if (now.closed_at) throw new AppError("conflict", slotMessages.alreadyClosed);
    throw new AppError("confirm_required", slotMessages.closeNeedsConfirm(now.taken), {
      confirm: slotMessages.closeNeedsConfirm(now.taken),
    });
  }
  return { slot: await getOwnSlot(ctx, owner, id) };
}

/**
 * Tells the buyers of a slot the farmer closed that their part stays and they should contact the farmer (a
 * deleted account gets no mail); queued in the closing's transaction.
 */
async function mailClosedSlotBuyers(ctx: Context, slotId: string, reason: string) {
  const slot = await runSteps(ctx.db, repo.findSlot(ctx.db, slotId));
  if (!slot) return;
  const farmerName =
    (await runSteps(ctx.db, farmerNames(ctx.db, [slot.farmer_id]))).get(slot.farmer_id) ?? "";
  // NOTE: the buyer is asked to contact the farmer: with the phone the farmer set, when they set one.
  const farmerPhone = slot.farmer_id ? await repo.phoneOf(ctx.db, slot.farmer_id) : null;
  const partSlot = await runSteps(
    ctx.db,
    slotsOfParts(
      ctx.db,
      (await repo.buyersOfSlot(ctx.db, slotId)).map((b) => b.part_id),
    ),
  );
  for (const buyer of await repo.buyersOfSlot(ctx.db, slotId)) {
    const shown = partSlot.get(buyer.part_id);
    if (buyer.deleted_at || !shown) continue;
    await enqueue(
      ctx,
      slotClosedMail(
        // NOTE: to the address typed at checkout, in the language of the buyer's account.
        mailRecipient(buyer),
        { buyerName: buyer.full_name, orderId: buyer.order_id, farmerName, farmerPhone, slot: shown, reason },
        ctx.mail.link(`/orders/${buyer.order_id}`),
      ),
    );
  }
}

// ---- what buyers see ----

const ownerOfKey = (key: string): Owner => (key === SHOP_SLOT_KEY ? null : key);
const keyOfOwner = (owner: Owner) => owner ?? SHOP_SLOT_KEY;

/**
 * GET /api/slots: for each farmer id (or "shop"), whether they deliver in slots and their slots of the next
 * SLOT_HORIZON_DAYS days that have not started, each marked available or not and why. With `pin`, a delivery
 * slot whose farmer does not deliver there is unavailable ("area").
 */
export async function slotChoices(
  ctx: SlotsContext,
  keys: readonly string[],
  pin?: string,
): Promise<FarmerSlotChoices[]> {
  const owners = keys.map(ownerOfKey);
  await ensureSlots(ctx, owners);
  const now = ctx.now.toISOString();
  const [names, withPatterns, prefixes, rows] = await Promise.all([
    runSteps(ctx.db, farmerNames(ctx.db, owners)),
    runSteps(ctx.db, repo.ownersWithPatterns(ctx.db, owners)),
    runSteps(ctx.db, repo.prefixesOf(ctx.db, owners)),
    repo.listSlotsOfOwners(ctx.db, owners, now, horizon(ctx).before),
  ]);
  return owners.map((owner) => {
    const usesSlots = withPatterns.has(owner);
    return {
      farmerId: keyOfOwner(owner),
      farmerName: names.get(owner) ?? "",
      usesSlots,
      slots: usesSlots
        ? rows
            .filter((row) => row.farmer_id === owner)
            .map((row) => toChoice(row, now, prefixes.get(owner) ?? [], pin))
        : [],
    };
  });
}

/**
 * Each farmer's next open slot for a product card: the earliest open delivery slot, else the earliest open
 * pickup slot ("Pickup only"), else null. One query for all the farmers of a page; it only reads (the dated
 * slots are made by ensureSlots, on the set-up screens, at checkout and hourly). `changesAt` (epoch ms) is
 * the earliest cut-off among the slots read: until then only a write can change the answer (decision 035).
 */
export async function nextSlotsOf(
  db: Kysely<Database>,
  farmerIds: readonly string[],
  now: Date,
): Promise<{ next: Map<string, NextSlot>; changesAt: number }> {
  const before = new Date(now.getTime() + (SLOT_HORIZON_DAYS + 1) * 86_400_000).toISOString();
  const rows = await repo.nextOpenSlots(db, [...new Set(farmerIds)], now.toISOString(), before);
  const next = new Map<string, NextSlot>();
  // NOTE: pickup first, so a delivery slot, when there is one, overwrites it.
  for (const kind of ["pickup", "delivery"] as const) {
    for (const row of rows) {
      if (row.kind !== kind || row.farmer_id === null) continue;
      next.set(row.farmer_id, { kind, date: row.date, start: row.start_time, end: row.end_time });
    }
  }
  const changesAt = Math.min(Infinity, ...rows.map((row) => Date.parse(row.cutoff_at)));
  return { next, changesAt };
}

// ---- order placement and parts (called by the orders domain, in its transaction) ----

export interface PartToBook {
  partId: string;
  /** The part's farmer; null for the shop's own part. */
  farmerId: string | null;
}

function* farmerNames(db: Kysely<Database>, owners: readonly Owner[]): Steps<Map<Owner, string>> {
  const rows = yield* repo.namesOf(
    db,
    owners.filter((owner): owner is string => owner !== null),
  );
  const names = new Map<Owner, string>(rows.map((row) => [row.id, row.name]));
  names.set(null, partMessages.shopName);
  return names;
}

/**
 * Takes a place in the chosen slot of every part whose farmer delivers in slots, in the caller's (the order's)
 * transaction, after its parts are written: a conditional update per slot, in slot id order. Refuses with
 * 400 slot_required naming every farmer without a choice, 409 slot_not_served, slot_closed or slot_full
 * naming the farmer; the caller's transaction then writes nothing. Choices for other farmers are ignored.
 */
export function* bookSlots(
  ctx: Pick<Context, "db" | "now">,
  parts: readonly PartToBook[],
  chosen: Readonly<Record<string, string>> | undefined,
  pin: string,
): Steps<void> {
  const owners = parts.map((part) => part.farmerId);
  const withPatterns = yield* repo.ownersWithPatterns(ctx.db, owners);
  const booked = parts.filter((part) => withPatterns.has(part.farmerId));
  if (booked.length === 0) return;
  const names = yield* farmerNames(ctx.db, owners);
  const nameOf = (owner: Owner) => names.get(owner) ?? "";
  const missing = booked.filter((part) => !chosen?.[keyOfOwner(part.farmerId)]);
  if (missing.length > 0) {
    throw new AppError(
      "slot_required",
      // NOTE: one farmer's is said whole in any language; several are joined in English (said in another
      // language by what slot_required means).
      missing.length === 1
        ? slotMessages.slotRequired(missing.map((part) => nameOf(part.farmerId)).join())
        : missing.map((part) => slotMessages.slotRequired(nameOf(part.farmerId)).english).join(". "),
      Object.fromEntries(
        missing.map((part) => [`slots.${keyOfOwner(part.farmerId)}`, slotMessages.slotRequiredField]),
      ),
    );
  }
  const now = ctx.now.toISOString();
  const prefixes = yield* repo.prefixesOf(ctx.db, owners);
  const picks = booked
    .map((part) => ({
      part,
      key: keyOfOwner(part.farmerId),
      slotId: chosen?.[keyOfOwner(part.farmerId)] ?? "",
    }))
    .sort((a, b) => (a.slotId < b.slotId ? -1 : a.slotId > b.slotId ? 1 : 0));
  for (const { part, key, slotId } of picks) {
    const field = `slots.${key}`;
    const refuse = (code: "slot_full" | "slot_closed" | "slot_not_served", message: TextWith) =>
      new AppError(code, message, { [field]: message });
    const slot = yield* repo.findSlot(ctx.db, slotId);
    if (!slot || slot.farmer_id !== part.farmerId) {
      const message = slotMessages.slotUnknown(nameOf(part.farmerId));
      throw new AppError("validation_failed", message, { [field]: message });
    }
    if (slot.kind === "delivery" && !pinCovered(prefixes.get(part.farmerId) ?? [], pin)) {
      throw refuse("slot_not_served", slotMessages.slotNotServed(nameOf(part.farmerId)));
    }
    if (!(yield* repo.takePlace(ctx.db, slotId, now))) {
      const after = yield* repo.findSlot(ctx.db, slotId);
      const closed = !after || after.closed_at !== null || after.cutoff_at <= now;
      throw closed
        ? refuse("slot_closed", slotMessages.slotClosed(nameOf(part.farmerId)))
        : refuse("slot_full", slotMessages.slotFull(nameOf(part.farmerId)));
    }
  }
  yield* repo.insertBookings(
    ctx.db,
    picks.map(({ part, slotId }) => ({
      part_id: part.partId,
      slot_id: slotId,
      released_at: null,
      created_at: now,
    })),
  );
}

/** A cancelled part gives its place in its slot back (in the caller's transaction); nothing when it had none. */
export async function releaseSlotOf(trx: Kysely<Database>, partId: string, now: Date): Promise<void> {
  const slotId = await repo.releaseBooking(trx, partId, now.toISOString());
  if (slotId) await repo.releasePlace(trx, slotId);
}

/** The slot of each part among `partIds` that was placed in one, by part id. */
export function* slotsOfParts(
  db: Kysely<Database>,
  partIds: readonly string[],
): Steps<Map<string, PartSlot>> {
  const rows = yield* repo.slotsOfParts(db, partIds);
  return new Map(
    rows.map((row) => [
      row.part_id,
      {
        id: row.id,
        kind: row.kind,
        date: row.date,
        start: row.start_time,
        end: row.end_time,
        ...(row.point_name !== null && row.point_address !== null
          ? {
              pickupPoint: {
                name: row.point_name,
                address: row.point_address,
                ...(row.point_map_url ? { mapUrl: row.point_map_url } : {}),
              },
            }
          : {}),
        ...(row.closed_at ? { closed: true } : {}),
      },
    ]),
  );
}
