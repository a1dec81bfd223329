import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema, ReasonSchema } from "../../shared/schemas/common.ts";
import {
  OperatorUserListQuerySchema,
  OperatorUserListSchema,
  OperatorUserResponseSchema,
} from "../../shared/schemas/moderation.ts";
import { requireOperator } from "../auth/index.ts";
import { listAccounts, reinstateAccount, suspendAccount } from "./moderation.service.ts";

const changeSchema = {
  params: IdParamsSchema,
  body: ReasonSchema,
  response: { 200: OperatorUserResponseSchema },
};

/** `/api/admin/users`: search accounts, suspend and reinstate them (operators only). */
export async function accountsAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/users",
    { schema: { querystring: OperatorUserListQuerySchema, response: { 200: OperatorUserListSchema } } },
    async (request) => {
      requireOperator(request);
      return listAccounts(request.ctx, request.query);
    },
  );

  typed.post("/users/:id/suspend", { schema: changeSchema }, async (request) => {
    const operator = requireOperator(request);
    const { id } = request.params;
    const { reason } = request.body;
    return { user: await suspendAccount(request.ctx, operator, id, reason) };
  });

  typed.post("/users/:id/reinstate", { schema: changeSchema }, async (request) => {
    const operator = requireOperator(request);
    const { id } = request.params;
    const { reason } = request.body;
    return { user: await reinstateAccount(request.ctx, operator, id, reason) };
  });
}
