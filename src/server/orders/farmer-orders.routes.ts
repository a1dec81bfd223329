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
import { requireUser } from "../auth/index.ts";
import { markPaid, movePart } from "./moves.service.ts";
import { countPendingForFarmer, listFarmerOrders, summariseFarmer } from "./views.service.ts";

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
    const user = requireUser(request);
    return { fulfilment: await markPaid(request.ctx, user, request.params.partId) };
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
