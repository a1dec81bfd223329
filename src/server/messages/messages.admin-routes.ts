import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import {
  OperatorMessageListSchema as ListOut,
  MessagePatchSchema,
  OperatorMessageResponseSchema as OneOut,
  OperatorMessageListQuerySchema,
} from "../../shared/schemas/operator-inbox.ts";
import { requireOperator } from "../auth/index.ts";
import { listOperatorInbox, updateOperatorMessage } from "./messages.service.ts";

/** `/api/admin/messages`: the shop's inbox (FAQ messages, contact messages without a farmer). */
export async function messagesAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/messages",
    { schema: { querystring: OperatorMessageListQuerySchema, response: { 200: ListOut } } },
    async (request) => {
      requireOperator(request);
      return listOperatorInbox(request.ctx, request.query);
    },
  );

  typed.patch(
    "/messages/:id",
    { schema: { params: IdParamsSchema, body: MessagePatchSchema, response: { 200: OneOut } } },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = request.params;
      const patch = request.body;
      return { message: await updateOperatorMessage(request.ctx, operator, id, patch) };
    },
  );
}
