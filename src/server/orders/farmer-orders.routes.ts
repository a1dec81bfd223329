import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import type { User } from "../../shared/schemas/auth.ts";
import {
  FarmerOrderListQuerySchema,
  FarmerOrderListSchema,
  type FarmerPart,
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
import type { Context } from "../context.ts";
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

const typedApp = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type TypedApp = ReturnType<typeof typedApp>;

/**
 * One change to a part, made once per Idempotency-Key and answered as the part (`{ fulfilment }`). NOTE: the
 * body is cast: over a generic schema the type provider cannot resolve what it checked, the schema's output.
 */
function partChange<Body extends ZodType>(
  typed: TypedApp,
  path: string,
  body: Body,
  status: 200 | 201,
  change: (ctx: Context, user: User, partId: string, body: z.output<Body>) => Promise<FarmerPart>,
): void {
  const response = status === 201 ? { 201: FarmerPartResponseSchema } : partResponse;
  typed.post(path, { schema: { headers, params: partParams, body, response } }, async (request, reply) => {
    const user = requireUser(request);
    return sendOnce(request, reply, status, async (ctx) => ({
      fulfilment: await change(ctx, user, request.params.partId, request.body as z.output<Body>),
    }));
  });
}

/** A farmer's changes to a part: its status, weights, payments at the door and their undo, a delivery attempt. */
function partChangeRoutes(app: FastifyInstance): void {
  const typed = typedApp(app);
  partChange(typed, "/orders/:partId/status", PartStatusChangeSchema, 200, movePart);
  partChange(typed, "/orders/:partId/payment", PartPaymentChangeSchema, 200, (ctx, _user, partId) =>
    payRestInCash(ctx, partId),
  );
  // NOTE: weights and payments are the part's farmer's, or an operator's on the shop's own part (the service checks).
  partChange(typed, "/orders/:partId/weights", WeighPartSchema, 200, (ctx, _user, partId, body) =>
    weighPart(ctx, partId, body),
  );
  partChange(typed, "/orders/:partId/payments", RecordPaymentSchema, 201, (ctx, _user, partId, body) =>
    recordPayment(ctx, partId, body),
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

  partChange(typed, "/orders/:partId/attempts", AttemptSchema, 201, (ctx, user, partId, body) =>
    recordAttempt(ctx, user, partId, body.reason),
  );
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
