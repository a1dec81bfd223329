export { notificationRoutes } from "./notifications.routes.ts";
export { accountRoutes, passwordResetRoutes } from "./profile.routes.ts";
