import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { PartStatusChangeSchema } from "../../shared/schemas/farmer.ts";
import { UnsettledMoneySchema } from "../../shared/schemas/online-payments.ts";
import {
  OperatorOrderListQuerySchema,
  OperatorOrderListSchema,
  OperatorOrderResponseSchema,
} from "../../shared/schemas/operator-orders.ts";
import {
  PaymentsWeekQuerySchema,
  RecordPayoutSchema,
  ShopProfileSchema,
  ShopReckoningSchema,
} from "../../shared/schemas/payments.ts";
import { requireOperator } from "../auth/index.ts";
import { callerLanguage, sendCsv } from "../http/index.ts";
import { moveOrderPartAsOperator } from "./moves.service.ts";
import { getShopProfile, saveShopProfile } from "./payments.service.ts";
import { recordPayout, shopReckoning } from "./reckoning.service.ts";
import { shopReckoningCsv } from "./reckoning-csv.service.ts";
import { unsettledMoney } from "./refunds.service.ts";
import { listOrdersForOperator } from "./views.service.ts";

/**
 * `/api/admin/orders`: every order with its parts; `/api/admin/fulfilments/:id/status`: the operator moves a
 * part (the shop's own, the deal of the day) through the same statuses as a farmer does.
 */
export async function ordersAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/orders",
    { schema: { querystring: OperatorOrderListQuerySchema, response: { 200: OperatorOrderListSchema } } },
    async (request) => {
      requireOperator(request);
      return listOrdersForOperator(request.ctx, request.query);
    },
  );

  typed.post(
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
      const { id } = request.params;
      const change = request.body;
      return { order: await moveOrderPartAsOperator(request.ctx, operator, id, change) };
    },
  );

  shopMoneyRoutes(app);
}

/** The shop's money (decision 052): the week's reckoning and its CSV, payouts, what to settle by hand. */
function shopMoneyRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/payments",
    { schema: { querystring: PaymentsWeekQuerySchema, response: { 200: ShopReckoningSchema } } },
    async (request) => {
      requireOperator(request);
      return shopReckoning(request.ctx, request.query.week);
    },
  );

  typed.get(
    "/payments.csv",
    {
      schema: {
        querystring: PaymentsWeekQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string().describe("The week's payments as CSV, one row per farmer") },
      },
    },
    async (request, reply) => {
      requireOperator(request);
      const { week, csv } = await shopReckoningCsv(request.ctx, request.query.week, callerLanguage(request));
      return sendCsv(reply, `shop-payments-${week}.csv`, csv);
    },
  );

  /** The shop paid a farmer (decision 052): never more than it owes them; answers the payout's week. */
  typed.post(
    "/payouts",
    { schema: { body: RecordPayoutSchema, response: { 201: ShopReckoningSchema } } },
    async (request, reply) => {
      const operator = requireOperator(request);
      return reply.status(201).send(await recordPayout(request.ctx, operator, request.body));
    },
  );

  /** Money to settle by hand: refunds the gateway failed, payments not taken as paid (decision 052). */
  typed.get(
    "/payments/unsettled",
    { schema: { response: { 200: UnsettledMoneySchema } } },
    async (request) => {
      requireOperator(request);
      return unsettledMoney(request.ctx);
    },
  );

  /** The UPI ID buyers pay the shop's own part (the deal of the day) at: set beside the deal. */
  typed.get("/shop-profile", { schema: { response: { 200: ShopProfileSchema } } }, async (request) => {
    requireOperator(request);
    return getShopProfile(request.ctx);
  });
  typed.put(
    "/shop-profile",
    { schema: { body: ShopProfileSchema, response: { 200: ShopProfileSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      return saveShopProfile(request.ctx, operator, request.body);
    },
  );
}
