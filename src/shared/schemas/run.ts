import { z } from "zod";
import { REASON_MAX_LENGTH } from "./common.ts";
import { PART_STATUSES, PartPaymentSchema, PartUpiSchema, partMessages } from "./order-parts.ts";
import { PlacedLineSchema } from "./orders.ts";
import { paymentMessages } from "./payments.ts";
import { PartSlotSchema } from "./slot-basics.ts";

/** The delivery run (issue 38, decision 046): a farmer's day of stops on one phone screen. */

/** GET /api/farmer/run?date=YYYY-MM-DD (the shop's calendar). */
export const RunQuerySchema = z.strictObject({ date: z.iso.date(paymentMessages.runDateInvalid) });

/** A "not at home" recorded at a stop. */
export const DeliveryAttemptSchema = z.object({ at: z.string(), reason: z.string() });
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

/** One stop of the run: one of the farmer's parts booked in a slot of the date. */
export const RunStopSchema = z.object({
  partId: z.string(),
  orderId: z.string(),
  /** 1, 2, …: the stop's number on the run sheet. */
  position: z.number().int(),
  buyer: z.object({ name: z.string(), phone: z.string() }),
  kind: z.enum(["delivery", "pickup"]),
  /** The shipping address (a delivery). */
  address: z.string().optional(),
  /** Where the buyer collects (a pickup). */
  pickupPoint: z.object({ name: z.string(), address: z.string() }).optional(),
  /** A maps search of the address's text: no map service is asked anything. */
  mapUrl: z.string(),
  slot: PartSlotSchema,
  lines: z.array(PlacedLineSchema),
  /** Rupees: the bill (final once weighed or out for delivery). */
  total: z.number(),
  billFinal: z.boolean(),
  /** Rupees: the bill less everything received. */
  due: z.number(),
  /** Rupees received by UPI (before or at the door). */
  paidOnline: z.number(),
  upi: PartUpiSchema,
  status: z.enum(PART_STATUSES),
  payment: PartPaymentSchema,
  attempts: z.array(DeliveryAttemptSchema),
});
export type RunStop = z.infer<typeof RunStopSchema>;

export const RunSchema = z.object({
  date: z.string(),
  stops: z.array(RunStopSchema),
  /** Rupees but `stops` and `done` (delivered). Cash and UPI are what the weekly reckoning counts. */
  totals: z.object({
    stops: z.number().int(),
    done: z.number().int(),
    cash: z.number(),
    upi: z.number(),
    due: z.number(),
  }),
});
export type Run = z.infer<typeof RunSchema>;

/** PUT /api/farmer/run/order: the delivery stops of the date in the farmer's new order. */
export const RunOrderSchema = z.strictObject({
  date: z.iso.date(paymentMessages.runDateInvalid),
  partIds: z
    .array(z.string().min(1).max(100), paymentMessages.runStopsInvalid)
    .min(1, paymentMessages.runStopsInvalid)
    .max(500, paymentMessages.runStopsInvalid)
    .refine((ids) => new Set(ids).size === ids.length, paymentMessages.runStopsInvalid),
});
export type RunOrder = z.infer<typeof RunOrderSchema>;

/** POST /api/farmer/orders/:partId/attempts: nobody was at home. */
export const AttemptSchema = z.strictObject({
  reason: z
    .string(paymentMessages.attemptReasonRequired)
    .trim()
    .min(1, paymentMessages.attemptReasonRequired)
    .max(REASON_MAX_LENGTH, partMessages.reasonTooLong),
});
export type Attempt = z.infer<typeof AttemptSchema>;
