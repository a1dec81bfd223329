import { z } from "zod";
import { SLOT_KINDS, type SlotKind, WEEKDAY_NAMES, windowLabel } from "./slot-basics.ts";

export {
  DEFAULT_CUTOFF_HOURS,
  MAX_CUTOFF_HOURS,
  MAX_PIN_PREFIXES,
  MAX_SLOT_CAPACITY,
  SHOP_SLOT_KEY,
  SLOT_HORIZON_DAYS,
  SLOT_UNAVAILABLE_REASONS,
  type SlotUnavailableReason,
  slotMessages,
} from "./slot-messages.ts";

/**
 * Delivery slots and pickup points (decision 017): a farmer's (or the shop's) weekly slot patterns, the dated
 * slots made from them for the next SLOT_HORIZON_DAYS days, the pickup points and PIN prefixes they serve.
 * Every time is a wall-clock time in the shop's time zone (SHOP_TIME_ZONE).
 */
import {
  DEFAULT_CUTOFF_HOURS,
  MAX_CUTOFF_HOURS,
  MAX_PIN_PREFIXES,
  MAX_SLOT_CAPACITY,
  SLOT_UNAVAILABLE_REASONS,
  type SlotUnavailableReason,
  slotMessages,
} from "./slot-messages.ts";

// NOTE: the set-up's schemas answer for the basic ones too, so a reader of slots needs one import.
export * from "./slot-basics.ts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, slotMessages.tooLong(max))
    .optional()
    .transform((value) => value || undefined);

const MapUrlSchema = z
  .string()
  .trim()
  .max(500, slotMessages.tooLong(500))
  .refine((value) => value === "" || /^https:\/\/[^\s]+$/.test(value), slotMessages.mapUrl)
  .optional()
  .transform((value) => value || undefined);

const pickupPointFields = {
  name: z
    .string(slotMessages.nameRequired)
    .trim()
    .min(1, slotMessages.nameRequired)
    .max(100, slotMessages.tooLong(100)),
  address: z
    .string(slotMessages.addressRequired)
    .trim()
    .min(1, slotMessages.addressRequired)
    .max(300, slotMessages.tooLong(300)),
  directions: optionalText(500),
  mapUrl: MapUrlSchema,
  openingNote: optionalText(200),
};

/** POST /api/farmer/pickup-points. */
export const PickupPointInputSchema = z.strictObject(pickupPointFields);
export type PickupPointInput = z.input<typeof PickupPointInputSchema>;
/** PATCH /api/farmer/pickup-points/:id: any of the fields. */
export const PickupPointPatchSchema = z.strictObject(pickupPointFields).partial();

export const PickupPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  directions: z.string().nullable(),
  mapUrl: z.string().nullable(),
  openingNote: z.string().nullable(),
  /** When it was retired (it keeps its past orders, takes no new slot); null while in use. */
  retiredAt: z.string().nullable(),
});
export type PickupPoint = z.infer<typeof PickupPointSchema>;
export const PickupPointListSchema = z.object({ items: z.array(PickupPointSchema) });
export const PickupPointResponseSchema = z.object({ pickupPoint: PickupPointSchema });

/** GET/PUT /api/farmer/delivery-area: the PIN codes delivered to, as prefixes ("4110" covers 411001–411099). */
export const DeliveryAreaSchema = z.strictObject({
  pinPrefixes: z
    .array(
      z.string(slotMessages.pinPrefix).regex(/^\d{1,6}$/, slotMessages.pinPrefix),
      slotMessages.pinPrefix,
    )
    .max(MAX_PIN_PREFIXES, slotMessages.tooManyPrefixes),
});
export type DeliveryArea = z.infer<typeof DeliveryAreaSchema>;

/** An Indian PIN code: six digits, the first not 0. */
const PIN_CODE = /^[1-9]\d{5}$/;

/**
 * True when `pin` (a shipping PIN code) is a 6-digit PIN starting with one of `prefixes`: a prefix matched
 * as text alone would deliver to "41103", "4110-ABC" or "4110999999" (issue 40 #27).
 */
export const pinCovered = (prefixes: readonly string[], pin: string) => {
  const code = pin.trim();
  return PIN_CODE.test(code) && prefixes.some((prefix) => code.startsWith(prefix));
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeSchema = z.string(slotMessages.time).regex(TIME, slotMessages.time);

const patternFields = {
  kind: z.enum(SLOT_KINDS, slotMessages.kind),
  pickupPointId: z.string().min(1).max(100).optional(),
  /** 0 = Sunday … 6 = Saturday, as JavaScript's getDay(). */
  weekday: z
    .number(slotMessages.weekday)
    .int(slotMessages.weekday)
    .min(0, slotMessages.weekday)
    .max(6, slotMessages.weekday),
  start: TimeSchema,
  end: TimeSchema,
  capacity: z
    .number(slotMessages.capacity)
    .int(slotMessages.capacity)
    .min(1, slotMessages.capacity)
    .max(MAX_SLOT_CAPACITY, slotMessages.capacity),
  cutoffHours: z
    .number(slotMessages.cutoff)
    .int(slotMessages.cutoff)
    .min(0, slotMessages.cutoff)
    .max(MAX_CUTOFF_HOURS, slotMessages.cutoff)
    .default(DEFAULT_CUTOFF_HOURS),
};

type PatternShape = {
  kind?: SlotKind;
  pickupPointId?: string;
  start?: string;
  end?: string;
};

/** The rules across fields: the end after the start, a pickup point for pickup slots and only for them. */
function checkPattern(value: PatternShape, ctx: z.RefinementCtx) {
  const isTime = (time: string | undefined): time is string => time !== undefined && TIME.test(time);
  if (isTime(value.start) && isTime(value.end) && value.end <= value.start) {
    ctx.addIssue({ code: "custom", path: ["end"], message: slotMessages.endAfterStart });
  }
  if (value.kind === "pickup" && !value.pickupPointId) {
    ctx.addIssue({ code: "custom", path: ["pickupPointId"], message: slotMessages.pickupPointRequired });
  }
  if (value.kind === "delivery" && value.pickupPointId) {
    ctx.addIssue({
      code: "custom",
      path: ["pickupPointId"],
      message: slotMessages.pickupPointNotForDelivery,
    });
  }
}

/** POST /api/farmer/slot-patterns. */
export const SlotPatternInputSchema = z.strictObject(patternFields).superRefine(checkPattern);
export type SlotPatternInput = z.input<typeof SlotPatternInputSchema>;
/**
 * PATCH /api/farmer/slot-patterns/:id: any of the fields; the service checks the merged pattern with
 * SlotPatternInputSchema again (an end before a start that is not in the body).
 */
export const SlotPatternPatchSchema = z
  .strictObject({ ...patternFields, cutoffHours: patternFields.cutoffHours.removeDefault() })
  .partial()
  .extend({ pickupPointId: z.string().min(1).max(100).nullable().optional() });
export type SlotPatternPatch = z.input<typeof SlotPatternPatchSchema>;

export const SlotPatternSchema = z.object({
  id: z.string(),
  kind: z.enum(SLOT_KINDS),
  pickupPointId: z.string().nullable(),
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  cutoffHours: z.number().int(),
});
export type SlotPattern = z.infer<typeof SlotPatternSchema>;

/** "Saturday 8–10 am · Pickup at Farm gate · 5 orders · ordering closes 12 h before". */
export function weeklySlotLabel(
  pattern: Omit<SlotPattern, "id" | "pickupPointId">,
  pointName?: string,
): string {
  const where = pattern.kind === "pickup" ? `Pickup at ${pointName ?? "a retired point"}` : "Delivery";
  return `${WEEKDAY_NAMES[pattern.weekday]} ${windowLabel(pattern.start, pattern.end)} · ${where} · ${pattern.capacity} orders · ordering closes ${pattern.cutoffHours} h before`;
}
export const SlotPatternListSchema = z.object({ items: z.array(SlotPatternSchema) });
export const SlotPatternResponseSchema = z.object({ slotPattern: SlotPatternSchema });

/** A pickup point as a slot shows it to a buyer. */
export const SlotPickupPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  directions: z.string().nullable().optional(),
  mapUrl: z.string().nullable().optional(),
  openingNote: z.string().nullable().optional(),
});

/** A dated slot's own fields, as its farmer's list and a standing order's occurrence show it. */
export const datedSlotFields = {
  id: z.string(),
  patternId: z.string().nullable(),
  kind: z.enum(SLOT_KINDS),
  /** The shop's calendar day, YYYY-MM-DD, and the wall-clock window on it (HH:MM). */
  date: z.string(),
  start: z.string(),
  end: z.string(),
};

/** A dated slot as its farmer sees it (GET /api/farmer/slots). */
export const FarmerSlotSchema = z.object({
  ...datedSlotFields,
  pickupPoint: SlotPickupPointSchema.nullable(),
  capacity: z.number().int(),
  taken: z.number().int(),
  /** The instant ordering closes (ISO, UTC). */
  cutoffAt: z.string(),
  closedAt: z.string().nullable(),
  closedReason: z.string().nullable(),
});
export type FarmerSlot = z.infer<typeof FarmerSlotSchema>;
export const FarmerSlotListSchema = z.object({ items: z.array(FarmerSlotSchema) });
export const FarmerSlotResponseSchema = z.object({ slot: FarmerSlotSchema });

const DateSchema = z.string(slotMessages.date).regex(/^\d{4}-\d{2}-\d{2}$/, slotMessages.date);
/** GET /api/farmer/slots?from=&to=: days of the shop's calendar, both included (default: the next 14 days). */
export const FarmerSlotsQuerySchema = z.strictObject({
  from: DateSchema.optional(),
  to: DateSchema.optional(),
});

/** PATCH /api/farmer/slots/:id: a new capacity, or close it (with `confirm` when orders have a place in it). */
export const SlotPatchSchema = z.union([
  z.strictObject({ capacity: patternFields.capacity }),
  z.strictObject({
    closed: z.literal(true),
    reason: z
      .string(slotMessages.reasonRequired)
      .trim()
      .min(1, slotMessages.reasonRequired)
      .max(500, slotMessages.tooLong(500)),
    confirm: z.boolean().optional(),
  }),
]);
export type SlotPatch = z.infer<typeof SlotPatchSchema>;

/**
 * What to pack of one product or line: a count of units, and for a unit that is a weight the grams it makes
 * (`packed`: weighed at packing, so the grams are the packed weight; issue 40).
 */
const PackedAmountSchema = z.object({
  unit: z.string(),
  quantity: z.number(),
  /** The weight to pack in grams (packed weight once weighed, else ordered); null for a unit that is not a weight. */
  grams: z.number().nullable(),
  packed: z.boolean(),
});

/**
 * The packing list of one dated slot: what to harvest and pack in all, then each order. Lines weighed at 0 g
 * (dropped from the bill) are left out, and each order shows its current bill (`billFinal` false: an estimate).
 */
export const PackingListSchema = z.object({
  slot: FarmerSlotSchema,
  totals: z.array(PackedAmountSchema.extend({ productId: z.string(), name: z.string() })),
  orders: z.array(
    z.object({
      partId: z.string(),
      orderId: z.string(),
      status: z.string(),
      buyer: z.string(),
      phone: z.string(),
      /** The delivery address; for a pickup slot, the pickup point's name and address. */
      address: z.string(),
      lines: z.array(PackedAmountSchema.extend({ name: z.string(), amount: z.number() })),
      total: z.number(),
      billFinal: z.boolean(),
    }),
  ),
});
export type PackingList = z.infer<typeof PackingListSchema>;

/** GET /api/slots?farmerIds=a,b&pin=411038 (a farmer id, or "shop" for the shop's own part). */
export const SlotsQuerySchema = z.strictObject({
  farmerIds: z
    .string()
    .max(2000)
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(100)).max(50, "At most 50 farmers")),
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "A PIN code is 6 digits")
    .optional(),
});

export const SlotChoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(SLOT_KINDS),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  pickupPoint: SlotPickupPointSchema.optional(),
  available: z.boolean(),
  reason: z.enum(SLOT_UNAVAILABLE_REASONS).optional(),
  /** Places left. */
  left: z.number().int(),
  /**
   * The weekly pattern it was made from and that pattern's weekday (0 Sunday … 6 Saturday), so a shopper can
   * choose the weekly slot a standing order repeats in (issue 35); absent for a slot of no pattern.
   */
  patternId: z.string().optional(),
  weekday: z.number().int().optional(),
});
export type SlotChoice = z.infer<typeof SlotChoiceSchema>;
export const FarmerSlotChoicesSchema = z.object({
  farmerId: z.string(),
  /** The farmer's name ("Veggie Cart" for the shop); "" for an id that is no account. */
  farmerName: z.string(),
  /** False when the farmer has set up no slots: they deliver within 24 hours, and no choice is asked. */
  usesSlots: z.boolean(),
  slots: z.array(SlotChoiceSchema),
});
export type FarmerSlotChoices = z.infer<typeof FarmerSlotChoicesSchema>;
export const SlotChoicesSchema = z.object({ farmers: z.array(FarmerSlotChoicesSchema) });

export const slotUnavailableLabels: Record<SlotUnavailableReason, string> = {
  full: "Full",
  closed: "Closed by the farmer",
  cutoff: "Ordering has closed",
  area: "Not delivered to your PIN code",
};
