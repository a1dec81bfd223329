import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FarmerOrderListQuerySchema,
  FarmerOrderListSchema,
  FarmerPartResponseSchema,
  FarmerPendingCountSchema,
  FarmerSummarySchema,
  PartPaymentChangeSchema,
  PartStatusChangeSchema,
} from "../../shared/schemas/farmer.ts";
import {
  FarmerProfileSchema,
  FarmerProfileUpdateSchema,
  FarmerReckoningSchema,
  PaymentIdParamsSchema,
  PaymentsWeekQuerySchema,
  RecordPaymentSchema,
  UndoPaymentSchema,
  WeighPartSchema,
} from "../../shared/schemas/payments.ts";
import { requireUser } from "../auth/index.ts";
import { callerLanguage } from "../http/index.ts";
import { movePart } from "./moves.service.ts";
import {
  farmerReckoning,
  farmerReckoningCsv,
  getPayeeProfile,
  payRestInCash,
  recordPayment,
  savePayeeProfile,
  undoPayment,
} from "./payments.service.ts";
import { countPendingForFarmer, listFarmerOrders, summariseFarmer } from "./views.service.ts";
import { weighPart } from "./weighing.service.ts";

/**
 * The signed-in farmer's parts of orders: /api/farmer/orders, /pending-count and /summary. Every route is the
 * caller's own data only. (The workspace's /api/farmer/products is the products domain's.)
 */
export async function farmerOrdersRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const partParams = z.object({ partId: z.string().min(1).max(100) });
  const partResponse = { 200: FarmerPartResponseSchema };

  const ordersSchema = { querystring: FarmerOrderListQuerySchema, response: { 200: FarmerOrderListSchema } };
  typed.get("/orders", { schema: ordersSchema }, async (request) => {
    const user = requireUser(request);
    return listFarmerOrders(request.ctx, user.id, request.query);
  });

  const statusSchema = { params: partParams, body: PartStatusChangeSchema, response: partResponse };
  typed.post("/orders/:partId/status", { schema: statusSchema }, async (request) => {
    const user = requireUser(request);
    return {
      fulfilment: await movePart(request.ctx, user, request.params.partId, request.body),
    };
  });

  const paymentSchema = { params: partParams, body: PartPaymentChangeSchema, response: partResponse };
  typed.post("/orders/:partId/payment", { schema: paymentSchema }, async (request) => {
    requireUser(request);
    return { fulfilment: await payRestInCash(request.ctx, request.params.partId) };
  });

  // NOTE: weights and payments are the part's farmer's, or an operator's on the shop's own part (the service checks).
  const weighSchema = { params: partParams, body: WeighPartSchema, response: partResponse };
  typed.post("/orders/:partId/weights", { schema: weighSchema }, async (request) => {
    requireUser(request);
    return { fulfilment: await weighPart(request.ctx, request.params.partId, request.body) };
  });

  const paySchema = {
    params: partParams,
    body: RecordPaymentSchema,
    response: { 201: FarmerPartResponseSchema },
  };
  typed.post("/orders/:partId/payments", { schema: paySchema }, async (request, reply) => {
    requireUser(request);
    const fulfilment = await recordPayment(request.ctx, request.params.partId, request.body);
    return reply.status(201).send({ fulfilment });
  });

  const undoSchema = { params: PaymentIdParamsSchema, body: UndoPaymentSchema, response: partResponse };
  typed.post("/orders/:partId/payments/:paymentId/undo", { schema: undoSchema }, async (request) => {
    requireUser(request);
    const { partId, paymentId } = request.params;
    return { fulfilment: await undoPayment(request.ctx, partId, paymentId, request.body.reason) };
  });

  const profileResponse = { 200: FarmerProfileSchema };
  typed.get("/profile", { schema: { response: profileResponse } }, async (request) => {
    const user = requireUser(request);
    return getPayeeProfile(request.ctx, user.id);
  });
  typed.put(
    "/profile",
    { schema: { body: FarmerProfileUpdateSchema, response: profileResponse } },
    async (request) => {
      const user = requireUser(request);
      return savePayeeProfile(request.ctx, user.id, request.body);
    },
  );

  const weekSchema = { querystring: PaymentsWeekQuerySchema, response: { 200: FarmerReckoningSchema } };
  typed.get("/payments", { schema: weekSchema }, async (request) => {
    const user = requireUser(request);
    return farmerReckoning(request.ctx, user.id, request.query.week);
  });
  const csvSchema = {
    querystring: PaymentsWeekQuerySchema,
    produces: ["text/csv"],
    response: { 200: z.string().describe("The week's payments as CSV, one row per part delivered") },
  };
  typed.get("/payments.csv", { schema: csvSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { week, csv } = await farmerReckoningCsv(
      request.ctx,
      user.id,
      request.query.week,
      callerLanguage(request),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="payments-${week}.csv"`)
      .send(csv);
  });

  const countSchema = { response: { 200: FarmerPendingCountSchema } };
  typed.get("/pending-count", { schema: countSchema }, async (request) => {
    const user = requireUser(request);
    return { pending: await countPendingForFarmer(request.ctx.db, user.id) };
  });

  typed.get("/summary", { schema: { response: { 200: FarmerSummarySchema } } }, async (request) => {
    const user = requireUser(request);
    return summariseFarmer(request.ctx, user.id);
  });
}
