import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FarmerFulfilmentResponseSchema,
  FarmerOrderListQuerySchema,
  FarmerOrderListSchema,
  FarmerPendingCountSchema,
  FarmerProductListSchema,
  FarmerSummarySchema,
  FulfilmentPaymentChangeSchema,
  FulfilmentStatusChangeSchema,
} from "../../shared/schemas/farmer.ts";
import { requireUser } from "../auth/session.plugin.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import {
  countPendingForFarmer,
  listFarmerOrders,
  listOwnProducts,
  markPaid,
  moveFulfilment,
  summariseFarmer,
} from "./farmer.service.ts";

/** The signed-in farmer's workspace: /api/farmer/*. Every route is the caller's own data only. */
export async function farmerRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const partParams = z.object({ fulfilmentId: z.string().min(1).max(100) });
  const partResponse = { 200: FarmerFulfilmentResponseSchema };

  typed.get("/products", { schema: { response: { 200: FarmerProductListSchema } } }, async (request) => {
    const user = requireUser(request);
    return { items: await listOwnProducts(db.kysely, user.id) };
  });

  const ordersSchema = { querystring: FarmerOrderListQuerySchema, response: { 200: FarmerOrderListSchema } };
  typed.get("/orders", { schema: ordersSchema }, async (request) => {
    const user = requireUser(request);
    return listFarmerOrders(db.kysely, user.id, request.query);
  });

  const statusSchema = { params: partParams, body: FulfilmentStatusChangeSchema, response: partResponse };
  typed.post("/orders/:fulfilmentId/status", { schema: statusSchema }, async (request) => {
    const user = requireUser(request);
    return {
      fulfilment: await moveFulfilment(
        db.kysely,
        app.mailer,
        user,
        request.params.fulfilmentId,
        request.body,
      ),
    };
  });

  const paymentSchema = { params: partParams, body: FulfilmentPaymentChangeSchema, response: partResponse };
  typed.post("/orders/:fulfilmentId/payment", { schema: paymentSchema }, async (request) => {
    const user = requireUser(request);
    return { fulfilment: await markPaid(db.kysely, user, request.params.fulfilmentId) };
  });

  const countSchema = { response: { 200: FarmerPendingCountSchema } };
  typed.get("/pending-count", { schema: countSchema }, async (request) => {
    const user = requireUser(request);
    return { pending: await countPendingForFarmer(db.kysely, user.id) };
  });

  typed.get("/summary", { schema: { response: { 200: FarmerSummarySchema } } }, async (request) => {
    const user = requireUser(request);
    return summariseFarmer(db.kysely, user.id, config.shopTimeZone);
  });
}
