export { statsAdminRoutes } from "./stats.admin-routes.ts";
