import { z } from "zod";
import { fixedText, text } from "../i18n/text.ts";
import { PART_STATUSES } from "../part-status.ts";
import {
  OrderLineRequestSchema,
  PaymentMethodSchema,
  ShippingRecordSchema,
  ShippingSchema,
} from "./orders.ts";
import { datedSlotFields, SLOT_KINDS } from "./slots.ts";

/**
 * Standing orders (issue 35, decision 050): a shopper's lines from one farmer, delivered in one or more of the
 * farmer's weekly slots every 1, 2 or 4 weeks. Each occurrence within the slot horizon is an order of its own,
 * `scheduled` until its slot's cut-off.
 */

/** At most this many active (not ended) standing orders per account. */
export const MAX_ACTIVE_STANDING_ORDERS = 20;
export const EVERY_WEEKS = [1, 2, 4] as const;
export const REMINDER_HOURS = [48, 24, 12] as const;
export const DEFAULT_REMINDER_HOURS = 24;
export const MAX_STANDING_LINES = 30;
export const MAX_STANDING_PATTERNS = 7;

export const STANDING_STATUSES = ["active", "paused", "ended"] as const;
export type StandingStatus = (typeof STANDING_STATUSES)[number];

/** Why an occurrence was not made (nothing was taken for it), or why it was skipped. */
export const OCCURRENCE_REASONS = [
  "sold_out",
  "unavailable",
  "slot_full",
  "slot_closed",
  "area",
  "farmer_suspended",
  "paused",
  "skipped",
  "ended",
  "price_rise",
] as const;
export type OccurrenceReason = (typeof OCCURRENCE_REASONS)[number];

/** An occurrence's state: its order's part status while it is an order, else `skipped` or `missed`. */
export const OCCURRENCE_STATUSES = [
  ...PART_STATUSES.filter((status) => status !== "cancelled"),
  "skipped",
  "missed",
] as const;

export const standingOrderMessages = {
  notFound: text(/*i18n*/ { id: "This standing order was not found" }),
  oneFarmer: text(
    /*i18n*/ { id: "A standing order holds products of one farmer: make one standing order per farmer" },
  ),
  noDeal: text(/*i18n*/ { id: "The deal of the day cannot be in a standing order" }),
  oneOffOnly: text(
    /*i18n*/ { id: "This product is sold one order at a time: it cannot be in a standing order" },
  ),
  patternsRequired: text(/*i18n*/ { id: "Choose at least one weekly slot" }),
  patternNotFarmers: text(/*i18n*/ { id: "Choose a weekly slot of this farmer" }),
  everyWeeks: text(/*i18n*/ { id: "Choose every week, every 2 weeks or every 4 weeks" }),
  startDate: text(/*i18n*/ { id: "Enter a date as YYYY-MM-DD" }),
  startInPast: text(/*i18n*/ { id: "The first date cannot be in the past" }),
  reminderHours: text(/*i18n*/ { id: "Choose a reminder 48, 24 or 12 hours before the cut-off, or none" }),
  pauseRange: text(/*i18n*/ { id: "The pause must end on or after the day it starts" }),
  pauseBoth: text(/*i18n*/ { id: "Give both the first and the last day of the pause" }),
  tooMany: fixedText(
    /*i18n*/ { id: "You can have at most {max} standing orders" },
    { max: MAX_ACTIVE_STANDING_ORDERS },
  ),
  ended: text(/*i18n*/ { id: "This standing order has ended" }),
  noOccurrence: text(/*i18n*/ { id: "This standing order has no delivery on that date" }),
  onlyOccurrences: text(
    /*i18n*/ { id: "Only a standing order's delivery can be changed: this order was placed at checkout" },
  ),
  notHeld: text(/*i18n*/ { id: "This delivery is not waiting for a new price to be accepted" }),
  cutoffPassed: text(
    /*i18n*/ { id: "The cut-off for this delivery has passed: it can no longer be skipped or changed" },
  ),
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ShopDateSchema = z
  .string(standingOrderMessages.startDate)
  .regex(DATE, standingOrderMessages.startDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), standingOrderMessages.startDate);

const EveryWeeksSchema = z.union(
  EVERY_WEEKS.map((n) => z.literal(n)),
  standingOrderMessages.everyWeeks,
);
const ReminderHoursSchema = z
  .union(
    REMINDER_HOURS.map((n) => z.literal(n)),
    standingOrderMessages.reminderHours,
  )
  .nullable();

const ItemsSchema = z
  .array(OrderLineRequestSchema.omit({ dealStartTime: true }), "Add at least one product")
  .min(1, "Add at least one product")
  .max(MAX_STANDING_LINES, `A standing order may hold at most ${MAX_STANDING_LINES} different products`);

/** POST /api/standing-orders (header Idempotency-Key). */
export const StandingOrderCreateSchema = z.object({
  items: ItemsSchema,
  slotPatternIds: z
    .array(z.string().trim().min(1).max(100), standingOrderMessages.patternsRequired)
    .min(1, standingOrderMessages.patternsRequired)
    .max(MAX_STANDING_PATTERNS, standingOrderMessages.patternsRequired),
  everyWeeks: EveryWeeksSchema,
  startDate: ShopDateSchema,
  shipping: ShippingSchema,
  paymentMethod: PaymentMethodSchema,
  reminderHours: ReminderHoursSchema.optional(),
});
export type StandingOrderCreate = z.output<typeof StandingOrderCreateSchema>;

/** PATCH /api/standing-orders/:id: any of these; `pausedFrom` and `pausedUntil` together (both null: resume). */
export const StandingOrderPatchSchema = z
  .strictObject({
    items: ItemsSchema.optional(),
    shipping: ShippingSchema.optional(),
    reminderHours: ReminderHoursSchema.optional(),
    pausedFrom: ShopDateSchema.nullable().optional(),
    pausedUntil: ShopDateSchema.nullable().optional(),
    status: z.enum(["active", "ended"]).optional(),
    /** Other weekly slots of the same farmer (after the farmer deleted one, it is paused until this). */
    slotPatternIds: StandingOrderCreateSchema.shape.slotPatternIds.optional(),
  })
  .superRefine((patch, ctx) => {
    const from = patch.pausedFrom;
    const until = patch.pausedUntil;
    if ((from === undefined) !== (until === undefined) || (from === null) !== (until === null)) {
      ctx.addIssue({ code: "custom", path: ["pausedUntil"], message: standingOrderMessages.pauseBoth });
    } else if (from && until && until < from) {
      ctx.addIssue({ code: "custom", path: ["pausedUntil"], message: standingOrderMessages.pauseRange });
    }
  });
export type StandingOrderPatch = z.output<typeof StandingOrderPatchSchema>;

export const StandingOrderSkipSchema = z.strictObject({ date: ShopDateSchema });

/** The dated slot an occurrence is in. */
export const OccurrenceSlotSchema = z.object({
  ...datedSlotFields,
  /** When skipping and changing it closes (ISO, UTC). */
  cutoffAt: z.string(),
});

export const OccurrenceSchema = z.object({
  /** The occurrence's order, null when it was missed or skipped by a pause before it was made. */
  orderId: z.string().nullable(),
  date: z.string(),
  slot: OccurrenceSlotSchema,
  status: z.enum(OCCURRENCE_STATUSES),
  /** Rupees, "about" for weighed lines: the order's estimate, null when there is no order. */
  total: z.number().nullable(),
  reason: z.enum(OCCURRENCE_REASONS).optional(),
  /** `price_rise`: a line costs more than 10 % above the saved price; accept it or it is skipped at the cut-off. */
  held: z.literal("price_rise").optional(),
});
export type Occurrence = z.infer<typeof OccurrenceSchema>;

export const StandingOrderLineSchema = z.object({
  productId: z.string(),
  /** The product's name now ("" once it is deleted). */
  name: z.string(),
  quantity: z.number().int(),
  /** The unit price saved with the standing order (rupees). */
  unitPrice: z.number(),
});

export const StandingOrderSchema = z.object({
  id: z.string(),
  farmerId: z.string(),
  items: z.array(StandingOrderLineSchema),
  slotPatternIds: z.array(z.string()),
  everyWeeks: z.number().int(),
  startDate: z.string(),
  shipping: ShippingRecordSchema,
  paymentMethod: PaymentMethodSchema,
  reminderHours: z.number().int().nullable(),
  status: z.enum(STANDING_STATUSES),
  pausedFrom: z.string().optional(),
  pausedUntil: z.string().optional(),
  /** True when the farmer deleted one of its weekly slots: it is paused until its shopper chooses others. */
  slotRemoved: z.boolean(),
  /** Every occurrence within the 14-day horizon, in date order, skipped and missed ones too. */
  next: z.array(OccurrenceSchema),
});
export type StandingOrder = z.infer<typeof StandingOrderSchema>;

export const StandingOrderResponseSchema = z.object({ standingOrder: StandingOrderSchema });
export const StandingOrderListSchema = z.object({ standingOrders: z.array(StandingOrderSchema) });

/** A standing customer as their farmer sees them (GET /api/farmer/standing-orders). */
export const FarmerStandingOrderSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int() })),
  everyWeeks: z.number().int(),
  slotPatternIds: z.array(z.string()),
  status: z.enum(STANDING_STATUSES),
  /** Occurrences within the 14 days that are orders (scheduled or later, not skipped). */
  coming: z.number().int(),
});
export const FarmerStandingOrderListSchema = z.object({ standingOrders: z.array(FarmerStandingOrderSchema) });

export const DemandQuerySchema = z.strictObject({
  from: ShopDateSchema.optional(),
  to: ShopDateSchema.optional(),
});

/** GET /api/farmer/demand: per dated slot, per product, what is scheduled and what is pending already. */
export const DemandSchema = z.object({
  slots: z.array(
    z.object({
      slot: z.object({
        id: z.string(),
        kind: z.enum(SLOT_KINDS),
        date: z.string(),
        start: z.string(),
        end: z.string(),
      }),
      products: z.array(
        z.object({
          productId: z.string(),
          name: z.string(),
          unit: z.string(),
          /** Units in parts still scheduled (not final: they may be skipped or changed until the cut-off). */
          scheduled: z.number(),
          /** Units in parts pending: orders the farmer will fulfil. */
          pending: z.number(),
        }),
      ),
    }),
  ),
});
export type Demand = z.infer<typeof DemandSchema>;
