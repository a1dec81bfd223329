import { z } from "zod";
import { operatorText, pageQueryFields, pageSchemaOf } from "./common.ts";

/** Messages to the shop as the operator reads and handles them (/api/admin/messages). */

export const NOTE_MAX_LENGTH = 2000;

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
export const OperatorMessageListSchema = pageSchemaOf(OperatorMessageSchema).extend({
  /** Messages to the shop nobody has read yet (the header's count). */
  unread: z.number(),
});
export type OperatorMessageList = z.infer<typeof OperatorMessageListSchema>;
export const OperatorMessageListQuerySchema = z.strictObject({
  filter: z.enum(INBOX_FILTERS, "Filter must be all, unread, open or handled").default("all"),
  ...pageQueryFields,
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
export const OperatorMessageResponseSchema = z.object({ message: OperatorMessageSchema });
