export { farmerOrdersRoutes } from "./farmer-orders.routes.ts";
export { partsPerBucket, periodStarts, sumShopParts } from "./farmer-views.service.ts";
export { movePart, skipScheduledOrder, startDueScheduledParts } from "./moves.service.ts";
export { onlinePaymentsRoutes } from "./online-payments.routes.ts";
export { expireHolds } from "./online-payments.service.ts";
export { ordersAdminRoutes } from "./orders.admin-routes.ts";
export { findProductsByIds, forgetUser } from "./orders.repository.ts";
export { type OrderLimits, orderLimits, ordersRoutes, unlessAcknowledged } from "./orders.routes.ts";
export { payRestInCash, recordPayment, savePayeeProfile } from "./payments.service.ts";
export { placeOrder, refuseMissingEmail } from "./placement.service.ts";
export type { ProductLookup } from "./pricing.service.ts";
export { sendDueRefunds } from "./refunds.service.ts";
export {
  changeScheduledItems,
  priceScheduledLines,
  repriceScheduledOrder,
  type ScheduledOrderInput,
  writeScheduledOrder,
} from "./scheduled-orders.service.ts";
export { shippingOf } from "./views.service.ts";
export { weighPart } from "./weighing.service.ts";
