export { farmerOrdersRoutes } from "./farmer-orders.routes.ts";
export { markPaid, movePart } from "./moves.service.ts";
export { ordersAdminRoutes } from "./orders.admin-routes.ts";
export { findProductsByIds, forgetUser } from "./orders.repository.ts";
export { ordersRoutes } from "./orders.routes.ts";
export { placeOrder } from "./placement.service.ts";
export type { ProductLookup } from "./pricing.service.ts";
export { partsPerBucket, periodStarts, sumShopParts } from "./views.service.ts";
