import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AuditListQuerySchema, AuditListSchema } from "../../shared/schemas/audit.ts";
import { requireOperator } from "../auth/index.ts";
import { listAudit } from "./audit.service.ts";

/** `/api/admin/audit`: read only. Nothing in the API changes the audit log (the database refuses it too). */
export async function auditAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/audit",
    { schema: { querystring: AuditListQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => {
      requireOperator(request);
      return listAudit(request.ctx, request.query);
    },
  );
}
