import type { Generated } from "kysely";
import type { PaymentMethod } from "../../shared/schemas/orders.ts";
import type { SlotKind } from "../../shared/schemas/slots.ts";

// The tables of pickup points, slots, saved addresses and standing orders; database.ts gathers every table.

/** A pickup point of a farmer (farmer_id null: the shop's own, for the deal of the day). */
export interface PickupPointsTable {
  id: string;
  farmer_id: string | null;
  name: string;
  address: string;
  directions: string | null;
  map_url: string | null;
  opening_note: string | null;
  retired_at: string | null;
  created_at: string;
}

/** One PIN prefix a farmer (or the shop) delivers to. */
export interface DeliveryAreasTable {
  id: string;
  farmer_id: string | null;
  pin_prefix: string;
}

/** A weekly slot: weekday 0 (Sunday) to 6, wall-clock times HH:MM in the shop's time zone. */
export interface SlotPatternsTable {
  id: string;
  farmer_id: string | null;
  kind: SlotKind;
  pickup_point_id: string | null;
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number;
  cutoff_hours: number;
  generated_through: string | null;
  deleted_at: string | null;
  created_at: string;
}

/** A dated slot, made from a pattern for one day of the shop's calendar. */
export interface SlotsTable {
  id: string;
  farmer_id: string | null;
  pattern_id: string | null;
  kind: SlotKind;
  pickup_point_id: string | null;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  cutoff_at: string;
  capacity: number;
  taken: Generated<number>;
  closed_at: string | null;
  closed_reason: string | null;
  created_at: string;
}

/** The place a part of an order holds in a slot. */
export interface SlotBookingsTable {
  part_id: string;
  slot_id: string;
  released_at: string | null;
  created_at: string;
}

/** A shipping address an account keeps for checkout (at most 3; issue 25). */
export interface SavedAddressesTable {
  id: string;
  user_id: string;
  full_name: string;
  phone: string;
  address: string;
  city: string;
  /** As an order's (decision 047). */
  state: string;
  zip_code: string;
  country: string;
  created_at: string;
  /** When it was last saved or used for an order. */
  used_at: string;
}

/** A standing order (issue 35, decision 050): lines, weekly slots and how often, made once by its shopper. */
export interface StandingOrdersTable {
  id: string;
  user_id: string;
  farmer_id: string;
  every_weeks: number;
  start_date: string;
  full_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  payment_method: PaymentMethod;
  reminder_hours: number | null;
  status: "active" | "ended";
  paused_from: string | null;
  paused_until: string | null;
  /** The last shop day its occurrences were made for (null: none yet). */
  made_through: string | null;
  idempotency_key: string;
  request_hash: string;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  /** A weekly slot of it was deleted: paused until its shopper chooses another (migration 0048). */
  slot_removed_at?: string | null;
}

export interface StandingOrderLinesTable {
  standing_order_id: string;
  line_no: number;
  product_id: string;
  quantity: number;
  /** The unit price saved when the shopper made, changed or accepted it (the price-rise hold compares). */
  price_paise: number;
}

export interface StandingOrderPatternsTable {
  standing_order_id: string;
  pattern_id: string;
}

export type OccurrenceState = "made" | "missed" | "skipped";

/** One dated slot of a standing order: unique per (standing order, slot), the exactly-once key. */
export interface StandingOccurrencesTable {
  id: string;
  standing_order_id: string;
  slot_id: string;
  date: string;
  cutoff_at: string;
  state: OccurrenceState;
  order_id: string | null;
  reason: string | null;
  created_at: string;
  /** When its reminder was queued (migration 0048). */
  reminded_at?: string | null;
  /** `price_rise`: held until its shopper accepts the new price, else skipped at the cut-off (migration 0049). */
  held?: "price_rise" | null;
  /** When its shopper was mailed that it is held for a price rise (migration 0054). */
  price_told_at?: string | null;
}
