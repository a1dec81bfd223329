import type { FastifyInstance } from "fastify";
import { AuditListQuerySchema, AuditListSchema } from "../../shared/schemas/admin.ts";
import { requireOperator } from "../auth/session.plugin.ts";
import type { Db } from "../db/database.ts";
import { parseWith } from "../http/errors.ts";
import { listAudit } from "./audit.service.ts";

/** `/api/admin/audit`: read only. Nothing in the API changes the audit log (the database refuses it too). */
export async function auditAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    "/audit",
    { schema: { querystring: AuditListQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => {
      requireOperator(request);
      return listAudit(db.kysely, parseWith(AuditListQuerySchema, request.query));
    },
  );
}
