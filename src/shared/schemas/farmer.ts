import { z } from "zod";
import { REASON_MAX_LENGTH } from "./common.ts";
import {
  PART_STATUSES,
  PartBillShape,
  PartHistoryEntrySchema,
  PartPaymentSchema,
  PartUpiSchema,
  partMessages,
} from "./order-parts.ts";
import { PaymentMethodSchema, PlacedLineSchema, ShippingRecordSchema } from "./orders.ts";
import { ProductSchema } from "./products.ts";
import { PartSlotSchema } from "./slot-basics.ts";

/** GET /api/farmer/products: every product the signed-in farmer owns, newest first (no paging). */
export const FarmerProductListSchema = z.object({ items: z.array(ProductSchema) });
export type FarmerProductList = z.infer<typeof FarmerProductListSchema>;

/** The signed-in farmer's part of an order, as GET /api/farmer/orders lists it. */
/** Whether a part's buyer was reached by WhatsApp or SMS about it: the newest message's channel and status. */
export const BuyerReachedSchema = z.object({
  channel: z.enum(["whatsapp", "sms"]),
  status: z.enum(["queued", "sent", "delivered", "read", "failed"]),
});
export type BuyerReached = z.infer<typeof BuyerReachedSchema>;

export const FarmerPartSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(PART_STATUSES),
  /** Only this farmer's lines. */
  items: z.array(PlacedLineSchema),
  ...PartBillShape,
  /** The buyer's account: "Deleted account" and an empty e-mail once the buyer deleted it. */
  buyer: z.object({ name: z.string(), email: z.string() }),
  /** The checkout form's delivery details, phone included (emptied once the buyer deleted the account). */
  shipping: ShippingRecordSchema,
  paymentMethod: PaymentMethodSchema,
  payment: PartPaymentSchema,
  upi: PartUpiSchema,
  createdAt: z.string(),
  history: z.array(PartHistoryEntrySchema),
  /** The slot the buyer chose; absent for a farmer who delivers within 24 hours. */
  slot: PartSlotSchema.optional(),
  /**
   * Whether the buyer was reached by WhatsApp or SMS about this part (issue 37, decision 063): the newest
   * message's channel and status; null when none was sent by phone (e-mail only, or no phone channel).
   */
  buyerReached: BuyerReachedSchema.nullable().optional(),
});
export type FarmerPart = z.infer<typeof FarmerPartSchema>;
/** The answer to moving one of my parts (its status or payment): the part as it is now. */
export const FarmerPartResponseSchema = z.object({ fulfilment: FarmerPartSchema });

export const FARMER_ORDERS_PAGE_MAX = 50;
export const FARMER_ORDERS_PAGE_DEFAULT = 10;

/** GET /api/farmer/orders?status=&cursor=&limit=: newest first; no status means every status. */
export const FarmerOrderListQuerySchema = z.strictObject({
  status: z.enum(PART_STATUSES, `Status must be one of: ${PART_STATUSES.join(", ")}`).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(FARMER_ORDERS_PAGE_MAX).default(FARMER_ORDERS_PAGE_DEFAULT),
});
export type FarmerOrderListQuery = z.input<typeof FarmerOrderListQuerySchema>;

export const FarmerOrderListSchema = z.object({
  fulfilments: z.array(FarmerPartSchema),
  nextCursor: z.string().nullable(),
});
export type FarmerOrderList = z.infer<typeof FarmerOrderListSchema>;

const reason = z
  .string(partMessages.reasonRequired)
  .trim()
  .max(REASON_MAX_LENGTH, partMessages.reasonTooLong);

/** POST /api/farmer/orders/:fulfilmentId/status. A cancel needs a reason (400 naming `reason` without one). */
export const PartStatusChangeSchema = z
  .strictObject({
    status: z.enum(PART_STATUSES, `Status must be one of: ${PART_STATUSES.join(", ")}`),
    reason: reason.optional(),
  })
  .refine((change) => change.status !== "cancelled" || (change.reason ?? "") !== "", {
    message: partMessages.reasonRequired,
    path: ["reason"],
  });
export type PartStatusChange = z.infer<typeof PartStatusChangeSchema>;

/**
 * POST /api/farmer/orders/:fulfilmentId/payment: the farmer records that the buyer paid the rest (in cash; the
 * older, one-step form of POST …/payments).
 */
export const PartPaymentChangeSchema = z.strictObject({
  state: z.literal("paid", 'The only payment change is to "paid"'),
});
export type PartPaymentChange = z.infer<typeof PartPaymentChangeSchema>;

/** POST /api/orders/:id/cancel (the buyer): an optional reason. */
export const OrderCancelSchema = z.strictObject({ reason: reason.optional() });

/** GET /api/farmer/pending-count: how many of my parts wait for me (the header's badge). */
export const FarmerPendingCountSchema = z.object({ pending: z.number().int() });

const SummaryPeriodSchema = z.object({
  /** Parts of orders that hold my products, cancelled ones left out. */
  orders: z.number().int(),
  /** Rupees; my lines in those parts. */
  revenue: z.number(),
});

/**
 * GET /api/farmer/summary: today and this week (from Monday) are the shop's calendar (SHOP_TIME_ZONE);
 * cancelled parts count in neither orders nor revenue.
 */
export const FarmerSummarySchema = z.object({
  today: SummaryPeriodSchema,
  week: SummaryPeriodSchema,
  all: SummaryPeriodSchema,
});
export type FarmerSummary = z.infer<typeof FarmerSummarySchema>;
