import { z } from "zod";
import { pageQueryFields, pageSchemaOf } from "./common.ts";

/** The operators' append-only log (GET /api/admin/audit). */

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
  "deal.remove",
  // The shop's own delivery and pickup (decision 017); a farmer's changes to their own are not audited.
  "pickup_point.create",
  "pickup_point.update",
  "pickup_point.retire",
  "delivery_area.update",
  "slot_pattern.create",
  "slot_pattern.update",
  "slot_pattern.delete",
  "slot.capacity",
  "slot.close",
  // Where the shop's own money goes (issue 40): every operator change of a money setting.
  "shop_profile.update",
  // The shop pays a farmer what it collected online for them (decision 052).
  "payout.record",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = [
  "user",
  "product",
  "message",
  "fulfilment",
  "deal",
  "pickup_point",
  "delivery_area",
  "slot_pattern",
  "slot",
  "shop",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];

/** One operator action: who, what, when, on what, why. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** `id` is null for a change made on the command line (`npm run operator`). */
  /** `name`: the account's name now, when it still exists. */
  actor: z.object({ id: z.string().nullable(), email: z.string(), name: z.string().optional() }),
  action: z.enum(AUDIT_ACTIONS),
  /** `label`: what the target is called now (an account's name and e-mail, a product's name), if it exists. */
  target: z.object({ type: z.enum(AUDIT_TARGETS), id: z.string(), label: z.string().optional() }),
  reason: z.string().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = pageSchemaOf(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;
export const AuditListQuerySchema = z.strictObject({ ...pageQueryFields });
