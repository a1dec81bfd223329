import type { FastifyInstance } from "fastify";
import {
  IdParamsSchema,
  OperatorOrderListQuerySchema,
  OperatorOrderListSchema,
  OperatorOrderResponseSchema,
} from "../../shared/schemas/admin.ts";
import { FulfilmentStatusChangeSchema } from "../../shared/schemas/farmer.ts";
import { requireOperator } from "../auth/session.plugin.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { parseWith } from "../http/errors.ts";
import { listOrdersForOperator, moveOrderPartAsOperator } from "./orders.service.ts";

/**
 * `/api/admin/orders`: every order with its parts; `/api/admin/fulfilments/:id/status`: the operator moves a
 * part (the shop's own, the deal of the day) through the same statuses as a farmer does.
 */
export async function ordersAdminRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get(
    "/orders",
    { schema: { querystring: OperatorOrderListQuerySchema, response: { 200: OperatorOrderListSchema } } },
    async (request) => {
      requireOperator(request);
      const query = parseWith(OperatorOrderListQuerySchema, request.query);
      return listOrdersForOperator(db.kysely, config.shopTimeZone, query);
    },
  );

  app.post(
    "/fulfilments/:id/status",
    {
      schema: {
        params: IdParamsSchema,
        body: FulfilmentStatusChangeSchema,
        response: { 200: OperatorOrderResponseSchema },
      },
    },
    async (request) => {
      const operator = requireOperator(request);
      const { id } = parseWith(IdParamsSchema, request.params);
      const change = parseWith(FulfilmentStatusChangeSchema, request.body);
      return { order: await moveOrderPartAsOperator(db.kysely, app.mailer, operator, id, change) };
    },
  );
}
