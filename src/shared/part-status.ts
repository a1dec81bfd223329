/**
 * The part of an order one farmer delivers (the deal of the day's lines form the shop's own part, owned by no
 * farmer). Its status moves pending → confirmed → out_for_delivery → delivered, or pending|confirmed →
 * cancelled; nothing moves out of delivered or cancelled. NOTE: without zod, so the service worker can send
 * the delivery run's queue (which shows moves by these rules) without it (decision 046).
 */
export const PART_STATUSES = ["pending", "confirmed", "out_for_delivery", "delivered", "cancelled"] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

/** Where each status may move next. */
export const PART_TRANSITIONS: Record<PartStatus, readonly PartStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["out_for_delivery", "cancelled"],
  out_for_delivery: ["delivered"],
  delivered: [],
  cancelled: [],
};
export const canMovePart = (from: PartStatus, to: PartStatus): boolean => PART_TRANSITIONS[from].includes(to);
