import { z } from "zod";
import { fixedText, text } from "../i18n/text.ts";
import { UPI_ID_PATTERN } from "../weighing.ts";
import { REASON_MAX_LENGTH } from "./common.ts";
import { PhoneSchema } from "./messages.ts";
import { PAYMENT_RECORD_METHODS, PAYMENT_STATES, partMessages } from "./order-parts.ts";

/** Weighing and payments at the door (issue 22, decision 020): requests and the weekly reckoning. */
export const paymentMessages = {
  packedGramsInvalid: text(/*i18n*/ { id: "The packed weight must be a whole number of grams, 0 or more" }),
  linesRequired: text(/*i18n*/ { id: "Give the packed weight of at least one line" }),
  lineIdInvalid: text(/*i18n*/ { id: "A line is named by its number in the order" }),
  upiIdInvalid: text(/*i18n*/ { id: "Enter a UPI ID like name@bank" }),
  amountInvalid: text(/*i18n*/ { id: "Enter an amount in rupees, more than 0, with at most 2 decimals" }),
  methodInvalid: fixedText(
    /*i18n*/ { id: "The method must be one of: {methods}" },
    { methods: PAYMENT_RECORD_METHODS.join(", ") },
  ),
  referenceTooLong: text(/*i18n*/ { id: "The UPI reference can be at most 35 characters" }),
  weekInvalid: text(/*i18n*/ { id: "The week is a date, YYYY-MM-DD" }),
  undoReasonRequired: text(/*i18n*/ { id: "Please say why this payment is undone" }),
  runDateInvalid: text(/*i18n*/ { id: "The date is written YYYY-MM-DD" }),
  runStopsInvalid: text(/*i18n*/ { id: "List the run's delivery stops, each once" }),
  attemptReasonRequired: text(/*i18n*/ { id: "Please say what happened at the door" }),
} as const;

/** The most lines one request may weigh (an order holds at most 50). */
const WEIGH_LINES_MAX = 50;
/** A packed weight above this many grams is refused before any rule looks at it (no line is 100 t). */
const PACKED_GRAMS_MAX = 100_000_000;

/** POST /api/farmer/orders/:partId/weights: the packed weight of some of the part's weighed lines. */
export const WeighPartSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z
          .number(paymentMessages.lineIdInvalid)
          .int(paymentMessages.lineIdInvalid)
          .min(1, paymentMessages.lineIdInvalid)
          .max(10_000, paymentMessages.lineIdInvalid),
        packedGrams: z
          .number(paymentMessages.packedGramsInvalid)
          .int(paymentMessages.packedGramsInvalid)
          .min(0, paymentMessages.packedGramsInvalid)
          .max(PACKED_GRAMS_MAX, paymentMessages.packedGramsInvalid),
      }),
      paymentMessages.linesRequired,
    )
    .min(1, paymentMessages.linesRequired)
    .max(WEIGH_LINES_MAX, paymentMessages.linesRequired),
});
export type WeighPart = z.infer<typeof WeighPartSchema>;

/** Rupees with at most two decimals, at least ₹0.01 (so never 0 paise once rounded), at most ₹10,00,000. */
const amount = z
  .number(paymentMessages.amountInvalid)
  .gt(0, paymentMessages.amountInvalid)
  .max(1_000_000, paymentMessages.amountInvalid)
  .refine((rupees) => {
    const paise = Math.round(rupees * 100);
    return paise >= 1 && Math.abs(rupees * 100 - paise) < 1e-6;
  }, paymentMessages.amountInvalid);

/** POST /api/farmer/orders/:partId/payments: one payment received at the door. */
export const RecordPaymentSchema = z.strictObject({
  method: z.enum(PAYMENT_RECORD_METHODS, paymentMessages.methodInvalid),
  amount,
  reference: z.string().trim().max(35, paymentMessages.referenceTooLong).optional(),
});
export type RecordPayment = z.infer<typeof RecordPaymentSchema>;

/** POST /api/farmer/orders/:partId/payments/:paymentId/undo: why the record was wrong. */
export const UndoPaymentSchema = z.strictObject({
  reason: z
    .string(paymentMessages.undoReasonRequired)
    .trim()
    .min(1, paymentMessages.undoReasonRequired)
    .max(REASON_MAX_LENGTH, partMessages.reasonTooLong),
});

export const PaymentIdParamsSchema = z.strictObject({
  partId: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(100),
});

const UpiIdSchema = z
  .string(paymentMessages.upiIdInvalid)
  .trim()
  .regex(UPI_ID_PATTERN, paymentMessages.upiIdInvalid)
  .nullable();

/** GET/PUT /api/admin/shop-profile: the UPI ID buyers pay the shop's own part at (null: cash only). */
export const ShopProfileSchema = z.strictObject({ upiId: UpiIdSchema });
export type ShopProfile = z.infer<typeof ShopProfileSchema>;

/**
 * GET /api/farmer/profile: the UPI ID buyers pay this farmer at (null: cash only) and the contact phone their
 * buyers see (null: none given; issue 40).
 */
export const FarmerProfileSchema = z.strictObject({ upiId: UpiIdSchema, phone: z.string().nullable() });
export type FarmerProfile = z.infer<typeof FarmerProfileSchema>;

/** PUT /api/farmer/profile: what changes; a field left out stays as it is, null removes it. */
export const FarmerProfileUpdateSchema = z.strictObject({
  upiId: UpiIdSchema.optional(),
  phone: PhoneSchema.nullable().optional(),
});
export type FarmerProfileUpdate = z.infer<typeof FarmerProfileUpdateSchema>;

/** ?week=YYYY-MM-DD: any day of the week wanted (the shop's calendar, from Monday); this week without one. */
export const PaymentsWeekQuerySchema = z.strictObject({
  week: z.iso.date(paymentMessages.weekInvalid).optional(),
});

const Figures = {
  /** Rupees: the final totals of the parts delivered in the week. */
  delivered: z.number(),
  /** Rupees received for those parts, in cash and by UPI. */
  cash: z.number(),
  upi: z.number(),
  /** Rupees still owed for them. */
  owed: z.number(),
};

export const ReckoningPartSchema = z.object({
  partId: z.string(),
  orderId: z.string(),
  deliveredAt: z.string(),
  state: z.enum(PAYMENT_STATES),
  ...Figures,
});

/**
 * GET /api/farmer/payments?week=: the parts the farmer delivered in the week (Monday `week` to Sunday), buyer
 * by buyer, with what was received for them and what is still owed.
 */
export const FarmerReckoningSchema = z.object({
  week: z.string(),
  ...Figures,
  buyers: z.array(
    z.object({ buyerId: z.string(), buyerName: z.string(), ...Figures, parts: z.array(ReckoningPartSchema) }),
  ),
});
export type FarmerReckoning = z.infer<typeof FarmerReckoningSchema>;

/** GET /api/admin/payments?week=: the same figures per farmer (`farmerId` null: the shop's own part). */
export const ShopReckoningSchema = z.object({
  week: z.string(),
  ...Figures,
  farmers: z.array(z.object({ farmerId: z.string().nullable(), farmerName: z.string(), ...Figures })),
});
export type ShopReckoning = z.infer<typeof ShopReckoningSchema>;
