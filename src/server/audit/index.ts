export { auditAdminRoutes } from "./audit.admin-routes.ts";
export {
  type Actor,
  type AuditNamer,
  type AuditRecord,
  COMMAND_LINE_ACTOR,
  recordAudit,
} from "./audit.service.ts";
