import type { Kysely } from "kysely";
import type { TextWith } from "../../shared/i18n/text.ts";
import { partMessages } from "../../shared/schemas/order-parts.ts";
import { type PartSlot, pinCovered, slotMessages } from "../../shared/schemas/slots.ts";
import type { Context } from "../context.ts";
import type { Database, Steps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import * as repo from "./booking.repository.ts";
import { findSlot } from "./dated-slots.repository.ts";
import { ownersWithPatterns, prefixesOf } from "./setup.repository.ts";
import type { Owner } from "./slots.repository.ts";
import { keyOfOwner } from "./slots-context.ts";

// A place in a slot for each part of an order, taken and given back in the orders domain's transaction.

export interface PartToBook {
  partId: string;
  /** The part's farmer; null for the shop's own part. */
  farmerId: string | null;
}

export function* farmerNames(db: Kysely<Database>, owners: readonly Owner[]): Steps<Map<Owner, string>> {
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
  const withPatterns = yield* ownersWithPatterns(ctx.db, owners);
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
  const prefixes = yield* prefixesOf(ctx.db, owners);
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
    const slot = yield* findSlot(ctx.db, slotId);
    if (!slot || slot.farmer_id !== part.farmerId) {
      const message = slotMessages.slotUnknown(nameOf(part.farmerId));
      throw new AppError("validation_failed", message, { [field]: message });
    }
    if (slot.kind === "delivery" && !pinCovered(prefixes.get(part.farmerId) ?? [], pin)) {
      throw refuse("slot_not_served", slotMessages.slotNotServed(nameOf(part.farmerId)));
    }
    if (!(yield* repo.takePlace(ctx.db, slotId, now))) {
      const after = yield* findSlot(ctx.db, slotId);
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

/**
 * A cancelled part's place taken again, in the caller's transaction (a late payment restoring its order,
 * decision 052): a conditional update, as at checkout. False when its slot is full, closed or past its
 * cut-off; true when it holds its place again, or never had one.
 */
export function* retakeSlotOf(trx: Kysely<Database>, partId: string, now: Date): Steps<boolean> {
  const slotId = yield* repo.findReleasedBooking(trx, partId);
  if (!slotId) return true;
  if (!(yield* repo.takePlace(trx, slotId, now.toISOString()))) return false;
  yield* repo.unreleaseBooking(trx, partId);
  return true;
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
