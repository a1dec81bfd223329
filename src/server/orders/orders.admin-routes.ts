import type { FastifyInstance } from "fastify";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { PartStatusChangeSchema } from "../../shared/schemas/farmer.ts";
import {
  OperatorOrderListQuerySchema,
  OperatorOrderListSchema,
  OperatorOrderResponseSchema,
} from "../../shared/schemas/operator-orders.ts";
import { requireOperator } from "../auth/index.ts";
import { parseWith } from "../http/index.ts";
import { moveOrderPartAsOperator } from "./moves.service.ts";
import { listOrdersForOperator } from "./views.service.ts";

/**
 * `/api/admin/orders`: every order with its parts; `/api/admin/fulfilments/:id/status`: the operator moves a
 * part (the shop's own, the deal of the day) through the same statuses as a farmer does.
 */
export async function ordersAdminRoutes(app: FastifyInstance) {
  app.get(
    "/orders",
    { schema: { querystring: OperatorOrderListQuerySchema, response: { 200: OperatorOrderListSchema } } },
    async (request) => {
      requireOperator(request);
      const query = parseWith(OperatorOrderListQuerySchema, request.query);
      return listOrdersForOperator(request.ctx, query);
    },
  );

  app.post(
    "/fulfilments/:id/status",
    {
      schema: {
        params: IdParamsSchema,
        body: PartStatusChangeSchema,
        response: { 200: OperatorOrderResponseSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = parseWith(IdParamsSchema, request.params);
      const change = parseWith(PartStatusChangeSchema, request.body);
      return { order: await moveOrderPartAsOperator(request.ctx, operator, id, change) };
    },
  );
}
