import type { Kysely } from "kysely";
import { type FarmerSlotChoices, type NextSlot, SLOT_HORIZON_DAYS } from "../../shared/schemas/slots.ts";
import { type Database, runSteps } from "../db/index.ts";
import { farmerNames } from "./booking.service.ts";
import * as repo from "./buyers.repository.ts";
import { ensureSlots, horizon } from "./calendar.service.ts";
import { ownersWithPatterns, prefixesOf } from "./setup.repository.ts";
import { toChoice } from "./slot-views.ts";
import { keyOfOwner, ownerOfKey, type SlotsContext } from "./slots-context.ts";

// What buyers see: the slots they may choose at checkout, and each farmer's next open slot for the cards.

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
    runSteps(ctx.db, ownersWithPatterns(ctx.db, owners)),
    runSteps(ctx.db, prefixesOf(ctx.db, owners)),
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
