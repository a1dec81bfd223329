import { z } from "zod";

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
