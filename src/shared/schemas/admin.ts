import { z } from "zod";
import { ORDER_STATUSES } from "./fulfilments.ts";
import { OrderSchema } from "./orders.ts";
import {
  descriptionSchema,
  isCalendarDate,
  nameSchema,
  priceSchema,
  productMessages,
} from "./product-form.ts";
import { DealSchema } from "./products.ts";

/** Text an operator types: trimmed, never a NUL byte (PostgreSQL cannot store one). */
const operatorText = (max: number, what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((text) => !text.includes("\u0000"), `${what} cannot contain a NUL character`);

export const REASON_MAX_LENGTH = 500;
export const NOTE_MAX_LENGTH = 2000;

/** The body of hide, unhide, suspend and reinstate: why, for the audit log and the person affected. */
export const ReasonSchema = z.strictObject({
  reason: operatorText(REASON_MAX_LENGTH, "Reason").pipe(z.string().min(1, "Please give a reason")),
});
export type ReasonInput = z.input<typeof ReasonSchema>;

/** Every operator list pages with an opaque cursor. */
export const ADMIN_PAGE_MAX = 100;
const pageFields = {
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(20),
};
/** An optional search text, trimmed, as typed into an operator's search box. */
const searchText = operatorText(100, "Search").optional();

/** `{ items, nextCursor }`: the answer of every operator list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

// ---- audit log ----

export const AUDIT_ACTIONS = [
  "operator.grant",
  "operator.revoke",
  "message.read",
  "message.unread",
  "message.handle",
  "message.reopen",
  "message.note",
  "product.hide",
  "product.unhide",
  "user.suspend",
  "user.reinstate",
  "fulfilment.status",
  "deal.update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = ["user", "product", "message", "fulfilment", "deal"] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];

/** One operator action: who, what, when, on what, why. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** `id` is null for a change made on the command line (`npm run operator`). */
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGETS), id: z.string() }),
  reason: z.string().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = pageOf(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;
export const AuditListQuerySchema = z.strictObject({ ...pageFields });

// ---- inbox ----

export const INBOX_FILTERS = ["all", "unread", "open", "handled"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** A message to the shop (FAQ, or contact without a farmer) as the operator reads it. */
export const OperatorMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(["faq", "contact"]),
  name: z.string(),
  email: z.string(),
  /** contact only */
  phone: z.string().nullable(),
  /** faq only */
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  handled: z.boolean(),
  note: z.string(),
});
export type OperatorMessage = z.infer<typeof OperatorMessageSchema>;
export const OperatorMessageListSchema = pageOf(OperatorMessageSchema).extend({
  /** Messages to the shop nobody has read yet (the header's count). */
  unread: z.number(),
});
export type OperatorMessageList = z.infer<typeof OperatorMessageListSchema>;
export const OperatorMessageListQuerySchema = z.strictObject({
  filter: z.enum(INBOX_FILTERS, "Filter must be all, unread, open or handled").default("all"),
  ...pageFields,
});

/** PATCH /api/admin/messages/:id: any of read, handled and note. */
export const MessagePatchSchema = z
  .strictObject({
    read: z.boolean("read must be true or false").optional(),
    handled: z.boolean("handled must be true or false").optional(),
    note: operatorText(NOTE_MAX_LENGTH, "Note").optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one of read, handled and note");
export type MessagePatch = z.input<typeof MessagePatchSchema>;

// ---- accounts ----

export const OperatorUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  operator: z.boolean(),
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  products: z.number(),
  orders: z.number(),
});
export type OperatorUser = z.infer<typeof OperatorUserSchema>;
export const OperatorUserListSchema = pageOf(OperatorUserSchema);
export type OperatorUserList = z.infer<typeof OperatorUserListSchema>;
export const OperatorUserListQuerySchema = z.strictObject({
  q: searchText,
  status: z.enum(["all", "active", "suspended"], "Status must be all, active or suspended").default("all"),
  ...pageFields,
});

// ---- products ----

export const OperatorProductListQuerySchema = z.strictObject({
  q: searchText,
  status: z.enum(["all", "visible", "hidden"], "Status must be all, visible or hidden").default("all"),
  ...pageFields,
});

/** The `:id` of an operator route: an id this server made (no NUL byte, nothing huge). */
export const IdParamsSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100, "Unknown id")
    .regex(/^[A-Za-z0-9_-]+$/, "Unknown id"),
});

export const OperatorMessageResponseSchema = z.object({ message: OperatorMessageSchema });
export const OperatorUserResponseSchema = z.object({ user: OperatorUserSchema });

// ---- orders ----

/** An order as the operator sees it: the buyer's order with every part, and the buyer's account. */
export const OperatorOrderSchema = OrderSchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type OperatorOrder = z.infer<typeof OperatorOrderSchema>;
export const OperatorOrderListSchema = pageOf(OperatorOrderSchema);
export type OperatorOrderList = z.infer<typeof OperatorOrderListSchema>;

const shopDateText = (what: string) =>
  z.string().refine(isCalendarDate, `${what} must be a date written YYYY-MM-DD`);

/**
 * GET /api/admin/orders: newest first. `status` is the order's status; `part=shop` keeps orders holding the
 * shop's own part (the deal of the day); `from` and `to` are days of the shop's calendar, both included.
 */
export const OperatorOrderListQuerySchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, `Status must be one of: ${ORDER_STATUSES.join(", ")}`).optional(),
  part: z.enum(["all", "shop"], "Part must be all or shop").default("all"),
  from: shopDateText("From").optional(),
  to: shopDateText("To").optional(),
  ...pageFields,
});
export type OperatorOrderListQuery = z.input<typeof OperatorOrderListQuerySchema>;

/** POST /api/admin/fulfilments/:id/status takes FulfilmentStatusChangeSchema, as a farmer's move does. */
export const OperatorOrderResponseSchema = z.object({ order: OperatorOrderSchema });

// ---- deal of the day ----

/** One planned deal: from its shop date on, until a later plan takes over. */
export const DealPlanSchema = z.object({
  id: z.string(),
  /** The first shop day (`YYYY-MM-DD`, SHOP_TIME_ZONE) this plan is the deal. */
  date: z.string(),
  name: z.string(),
  description: z.string(),
  /** Rupees. */
  price: z.number(),
  originalPrice: z.number(),
  /** The picture's URL. */
  image: z.string(),
  /** The stored picture; null for the built-in cabbage. */
  imageId: z.string().nullable(),
  createdAt: z.string(),
  /** The operator's name; null when the account is gone. */
  plannedBy: z.string().nullable(),
});
export type DealPlan = z.infer<typeof DealPlanSchema>;

/** GET /api/admin/deal: today's deal as shoppers see it, and the plan in force today followed by later ones. */
export const DealPlanningSchema = z.object({
  /** Today in the shop's calendar, and the shop's time zone: a deal turns over at its midnight. */
  today: z.string(),
  timeZone: z.string(),
  current: DealSchema,
  plans: z.array(DealPlanSchema),
});
export type DealPlanning = z.infer<typeof DealPlanningSchema>;

export const dealPlanMessages = {
  dateInvalid: "Please enter the date as YYYY-MM-DD",
  dateInPast: "The date cannot be before today",
  originalBelowPrice: "The original price cannot be below the deal price",
  unknownPicture: "This picture does not exist",
} as const;

/**
 * PUT /api/admin/deal: the deal from `date` on (today or later in the shop's calendar). `imageId` is the
 * picture of a product in the shop (or of an earlier plan); null keeps the built-in cabbage.
 */
export const DealPlanInputSchema = z
  .strictObject({
    date: z.string(dealPlanMessages.dateInvalid).trim().refine(isCalendarDate, dealPlanMessages.dateInvalid),
    name: nameSchema(productMessages.nameRequired),
    description: descriptionSchema(productMessages.descriptionRequired),
    price: priceSchema(productMessages.priceRequired),
    originalPrice: priceSchema(productMessages.priceRequired),
    imageId: IdParamsSchema.shape.id.nullable().default(null),
  })
  .refine((plan) => plan.originalPrice >= plan.price, {
    message: dealPlanMessages.originalBelowPrice,
    path: ["originalPrice"],
  });
export type DealPlanInput = z.input<typeof DealPlanInputSchema>;

// ---- the shop at a glance ----

const PeriodStatsSchema = z.object({
  /** Orders placed, leaving out those cancelled in full. */
  orders: z.number().int(),
  /** Rupees: every part of those orders that is not cancelled. */
  revenue: z.number(),
  /** Accounts made. */
  accounts: z.number().int(),
  /** Products listed. */
  products: z.number().int(),
});
export type PeriodStats = z.infer<typeof PeriodStatsSchema>;

export const STATS_DAYS = 30;

/** One day of the shop's calendar in the 30-day series. */
export const DayStatsSchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
  accounts: z.number().int(),
});
export type DayStats = z.infer<typeof DayStatsSchema>;

/**
 * GET /api/admin/stats: today, this week (from Monday) and all time in the shop's calendar, messages
 * waiting (not handled), and the last 30 shop days, oldest first, today last.
 */
export const ShopStatsSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  totals: z.object({ today: PeriodStatsSchema, week: PeriodStatsSchema, all: PeriodStatsSchema }),
  messagesWaiting: z.number().int(),
  days: z.array(DayStatsSchema),
});
export type ShopStats = z.infer<typeof ShopStatsSchema>;
