import { z } from "zod";
import { SLOT_KINDS } from "../slot-labels.ts";

/**
 * The few slot shapes that products and orders carry (decision 017), apart from the set-up's schemas in
 * slots.ts, so that the first screen's bundle, which reads products, does not take in the whole set-up.
 */

export {
  SLOT_KINDS,
  type SlotKind,
  slotLabel,
  WEEKDAY_NAMES,
  weekdayShort,
  windowLabel,
} from "../slot-labels.ts";

/** `slots` of POST /api/orders: a slot id per farmer id (or "shop"). */
export const OrderSlotsSchema = z.record(z.string().max(100), z.string().min(1).max(100)).optional();

/** The slot a part of an order was placed in. */
export const PartSlotSchema = z.object({
  id: z.string(),
  kind: z.enum(SLOT_KINDS),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  pickupPoint: z.object({ name: z.string(), address: z.string(), mapUrl: z.string().optional() }).optional(),
  /** Set when the farmer closed the slot after the order was placed: the buyer should contact them. */
  closed: z.boolean().optional(),
});
export type PartSlot = z.infer<typeof PartSlotSchema>;

/** A product's farmer's next open slot. */
export const NextSlotSchema = z
  .object({ kind: z.enum(SLOT_KINDS), date: z.string(), start: z.string(), end: z.string() })
  .nullable();
export type NextSlot = z.infer<typeof NextSlotSchema>;
