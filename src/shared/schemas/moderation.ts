import { z } from "zod";
import { pageQueryFields, pageSchemaOf, searchText } from "./common.ts";

/** Accounts as the operator sees them: suspension and the operator role (/api/admin/users). */

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
export const OperatorUserListSchema = pageSchemaOf(OperatorUserSchema);
export type OperatorUserList = z.infer<typeof OperatorUserListSchema>;
export const OperatorUserListQuerySchema = z.strictObject({
  q: searchText,
  status: z.enum(["all", "active", "suspended"], "Status must be all, active or suspended").default("all"),
  ...pageQueryFields,
});
export const OperatorUserResponseSchema = z.object({ user: OperatorUserSchema });
