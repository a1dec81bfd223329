export { messagesAdminRoutes } from "./messages.admin-routes.ts";
export { messagesRoutes } from "./messages.routes.ts";
export { countWaitingShopMessages } from "./messages.service.ts";
