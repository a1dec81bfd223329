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
import { AttemptSchema, RunOrderSchema, RunQuerySchema, RunSchema } from "../../shared/schemas/run.ts";
import { requireUser } from "../auth/index.ts";
import { callerLanguage, sendCsv } from "../http/index.ts";
import { idempotencyHeaders, sendOnce } from "../idempotency/index.ts";
import { countPendingForFarmer, listFarmerOrders, summariseFarmer } from "./farmer-views.service.ts";
import { movePart } from "./moves.service.ts";
import {
  getPayeeProfile,
  payRestInCash,
  recordPayment,
  savePayeeProfile,
  undoPayment,
} from "./payments.service.ts";
import { farmerReckoning } from "./reckoning.service.ts";
import { farmerReckoningCsv } from "./reckoning-csv.service.ts";
import { getRun, recordAttempt, saveRunOrder } from "./run.service.ts";
import { weighPart } from "./weighing.service.ts";

/**
 * The signed-in farmer's parts of orders: /api/farmer/orders, /pending-count and /summary, the changes to a
 * part, the delivery run and the farmer's payments. Every route is the caller's own data only. (The
 * workspace's /api/farmer/products is the products domain's.)
 */
export async function farmerOrdersRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const ordersSchema = { querystring: FarmerOrderListQuerySchema, response: { 200: FarmerOrderListSchema } };
  typed.get("/orders", { schema: ordersSchema }, async (request) => {
    const user = requireUser(request);
    return listFarmerOrders(request.ctx, user.id, request.query);
  });

  partChangeRoutes(app);
  runRoutes(app);
  farmerPaymentRoutes(app);

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

const partParams = z.object({ partId: z.string().min(1).max(100) });
const partResponse = { 200: FarmerPartResponseSchema };
// NOTE: every change below takes an Idempotency-Key (`sendOnce`, decision 046): a phone that lost the
// answer sends it again, and the change is made once.
const headers = idempotencyHeaders;

/** A farmer's changes to a part: its status, weights, payments at the door and their undo, a delivery attempt. */
function partChangeRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const statusSchema = { headers, params: partParams, body: PartStatusChangeSchema, response: partResponse };
  typed.post("/orders/:partId/status", { schema: statusSchema }, async (request, reply) => {
    const user = requireUser(request);
    return sendOnce(request, reply, 200, async (ctx) => ({
      fulfilment: await movePart(ctx, user, request.params.partId, request.body),
    }));
  });

  const paymentSchema = {
    headers,
    params: partParams,
    body: PartPaymentChangeSchema,
    response: partResponse,
  };
  typed.post("/orders/:partId/payment", { schema: paymentSchema }, async (request, reply) =>
    sendOnce(request, reply, 200, async (ctx) => ({
      fulfilment: await payRestInCash(ctx, request.params.partId),
    })),
  );

  // NOTE: weights and payments are the part's farmer's, or an operator's on the shop's own part (the service checks).
  const weighSchema = { headers, params: partParams, body: WeighPartSchema, response: partResponse };
  typed.post("/orders/:partId/weights", { schema: weighSchema }, async (request, reply) =>
    sendOnce(request, reply, 200, async (ctx) => ({
      fulfilment: await weighPart(ctx, request.params.partId, request.body),
    })),
  );

  const paySchema = {
    headers,
    params: partParams,
    body: RecordPaymentSchema,
    response: { 201: FarmerPartResponseSchema },
  };
  typed.post("/orders/:partId/payments", { schema: paySchema }, async (request, reply) =>
    sendOnce(request, reply, 201, async (ctx) => ({
      fulfilment: await recordPayment(ctx, request.params.partId, request.body),
    })),
  );

  const undoSchema = {
    headers,
    params: PaymentIdParamsSchema,
    body: UndoPaymentSchema,
    response: partResponse,
  };
  typed.post("/orders/:partId/payments/:paymentId/undo", { schema: undoSchema }, async (request, reply) => {
    const { partId, paymentId } = request.params;
    return sendOnce(request, reply, 200, async (ctx) => ({
      fulfilment: await undoPayment(ctx, partId, paymentId, request.body.reason),
    }));
  });

  const attemptSchema = {
    headers,
    params: partParams,
    body: AttemptSchema,
    response: { 201: FarmerPartResponseSchema },
  };
  typed.post("/orders/:partId/attempts", { schema: attemptSchema }, async (request, reply) => {
    const user = requireUser(request);
    return sendOnce(request, reply, 201, async (ctx) => ({
      fulfilment: await recordAttempt(ctx, user, request.params.partId, request.body.reason),
    }));
  });
}

/** The delivery run (issue 38, decision 046): the date's stops in the farmer's order, and that order. */
function runRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const runSchema = { querystring: RunQuerySchema, response: { 200: RunSchema } };
  typed.get("/run", { schema: runSchema }, async (request) => {
    const user = requireUser(request);
    return getRun(request.ctx, user.id, request.query.date, callerLanguage(request));
  });
  const runOrderSchema = { headers, body: RunOrderSchema, response: { 200: RunSchema } };
  typed.put("/run/order", { schema: runOrderSchema }, async (request, reply) => {
    const user = requireUser(request);
    return sendOnce(request, reply, 200, (ctx) =>
      saveRunOrder(ctx, user.id, request.body, callerLanguage(request)),
    );
  });
}

/** Where a farmer is paid (their UPI ID), and their week's reckoning, as JSON and as CSV. */
function farmerPaymentRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const profileResponse = { 200: FarmerProfileSchema };
  typed.get("/profile", { schema: { response: profileResponse } }, async (request) => {
    const user = requireUser(request);
    return getPayeeProfile(request.ctx, user.id);
  });
  typed.put(
    "/profile",
    { schema: { headers, body: FarmerProfileUpdateSchema, response: profileResponse } },
    async (request, reply) => {
      const user = requireUser(request);
      return sendOnce(request, reply, 200, (ctx) => savePayeeProfile(ctx, user.id, request.body));
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
    return sendCsv(reply, `payments-${week}.csv`, csv);
  });
}
