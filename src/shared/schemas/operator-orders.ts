import { z } from "zod";
import { pageQueryFields, pageSchemaOf } from "./common.ts";
import { ORDER_STATUSES } from "./order-parts.ts";
import { OrderSchema } from "./orders.ts";
import { isCalendarDate } from "./product-form.ts";

/** Every order as the operator sees it (/api/admin/orders). */

/** An order as the operator sees it: the buyer's order with every part, and the buyer's account. */
export const OperatorOrderSchema = OrderSchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type OperatorOrder = z.infer<typeof OperatorOrderSchema>;
export const OperatorOrderListSchema = pageSchemaOf(OperatorOrderSchema);
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
  ...pageQueryFields,
});
export type OperatorOrderListQuery = z.input<typeof OperatorOrderListQuerySchema>;

/** POST /api/admin/fulfilments/:id/status takes PartStatusChangeSchema, as a farmer's move does. */
export const OperatorOrderResponseSchema = z.object({ order: OperatorOrderSchema });
