import type { MessageDescriptor } from "@lingui/core";
import type { PartStatus } from "../../shared/schemas/order-parts.ts";

/**
 * A part of an order's status in words, as the screens label it: said in the buyer's mails and, in every
 * language but English (which keeps the status as the API names it), in the packing list's Status column.
 */
export const PART_STATUS_TEXTS: Record<PartStatus, MessageDescriptor> = {
  scheduled: /*i18n*/ { id: "Scheduled", comment: "A part of an order's status (mails, packing list)" },
  pending: /*i18n*/ { id: "Pending", comment: "A part of an order's status (mails, packing list)" },
  confirmed: /*i18n*/ { id: "Confirmed", comment: "A part of an order's status (mails, packing list)" },
  out_for_delivery: /*i18n*/ {
    id: "Out for delivery",
    comment: "A part of an order's status (mails, packing list)",
  },
  delivered: /*i18n*/ { id: "Delivered", comment: "A part of an order's status (mails, packing list)" },
  cancelled: /*i18n*/ { id: "Cancelled", comment: "A part of an order's status (mails, packing list)" },
};
