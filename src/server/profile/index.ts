export { accountRoutes, passwordResetRoutes } from "./profile.routes.ts";
