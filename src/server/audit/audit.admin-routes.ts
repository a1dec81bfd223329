import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AuditListQuerySchema, AuditListSchema } from "../../shared/schemas/audit.ts";
import { requireOperator } from "../auth/index.ts";
import { type AuditNamer, listAudit } from "./audit.service.ts";

/**
 * `/api/admin/audit`: read only. Nothing in the API changes the audit log (the database refuses it too).
 * NOTE: `namesOf` comes from the admin area: the domains that own accounts and products write the log, so the
 * audit domain cannot import them.
 */
export async function auditAdminRoutes(app: FastifyInstance, { namesOf }: { namesOf: AuditNamer }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/audit",
    { schema: { querystring: AuditListQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => {
      requireOperator(request);
      return listAudit(request.ctx, request.query, namesOf);
    },
  );
}
