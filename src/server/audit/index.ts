export { auditAdminRoutes } from "./audit.admin-routes.ts";
export { type Actor, COMMAND_LINE_ACTOR, recordAudit } from "./audit.service.ts";
