import {
  type FarmerSlot,
  type PickupPoint,
  pinCovered,
  type SlotChoice,
  type SlotPattern,
  type SlotUnavailableReason,
} from "../../shared/schemas/slots.ts";
import type { StepsValue } from "../db/index.ts";
import { weekdayOf } from "./calendar.service.ts";
import type { findSlot } from "./dated-slots.repository.ts";
import type { PickupPointRow, SlotPatternRow } from "./slots.repository.ts";

// The rows of the slots' tables as the API shows them: pickup points, weekly patterns, dated slots, choices.

export const toPickupPoint = (row: PickupPointRow): PickupPoint => ({
  id: row.id,
  name: row.name,
  address: row.address,
  directions: row.directions,
  mapUrl: row.map_url,
  openingNote: row.opening_note,
  retiredAt: row.retired_at,
});

export const toPattern = (row: SlotPatternRow): SlotPattern => ({
  id: row.id,
  kind: row.kind,
  pickupPointId: row.pickup_point_id,
  weekday: row.weekday,
  start: row.start_time,
  end: row.end_time,
  capacity: row.capacity,
  cutoffHours: row.cutoff_hours,
});

export type SlotWithPoint = NonNullable<StepsValue<ReturnType<typeof findSlot>>>;

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
export function unavailableReason(
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

export function toChoice(
  row: SlotWithPoint,
  now: string,
  prefixes: readonly string[],
  pin?: string,
): SlotChoice {
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
