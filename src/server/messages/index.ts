export { messagesAdminRoutes } from "./messages.admin-routes.ts";
export { forgetUser } from "./messages.repository.ts";
export { messagesRoutes } from "./messages.routes.ts";
export { countWaitingShopMessages } from "./messages.service.ts";
