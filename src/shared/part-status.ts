/**
 * The part of an order one farmer delivers (the deal of the day's lines form the shop's own part, owned by no
 * farmer). Its status moves pending → confirmed → out_for_delivery → delivered, or pending|confirmed →
 * cancelled; nothing moves out of delivered or cancelled. A standing order's occurrence starts `scheduled`
 * (before `pending`, issue 35): it becomes pending at its slot's cut-off, or cancelled when skipped. NOTE: without zod, so the service worker can send
 * the delivery run's queue (which shows moves by these rules) without it (decision 046).
 */
export const PART_STATUSES = [
  "pending",
  "confirmed",
  "out_for_delivery",
  "delivered",
  "cancelled",
  "scheduled",
] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

/** Where each status may move next. */
export const PART_TRANSITIONS: Record<PartStatus, readonly PartStatus[]> = {
  scheduled: ["pending", "cancelled"],
  pending: ["confirmed", "cancelled"],
  confirmed: ["out_for_delivery", "cancelled"],
  out_for_delivery: ["delivered"],
  delivered: [],
  cancelled: [],
};
export const canMovePart = (from: PartStatus, to: PartStatus): boolean => PART_TRANSITIONS[from].includes(to);
