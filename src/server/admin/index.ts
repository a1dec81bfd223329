export { adminRoutes } from "./admin.routes.ts";
