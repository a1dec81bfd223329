import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from "../../shared/schemas/orders.ts";
import {
  DemandQuerySchema,
  DemandSchema,
  FarmerStandingOrderListSchema,
  StandingOrderCreateSchema,
  StandingOrderListSchema,
  StandingOrderPatchSchema,
  StandingOrderResponseSchema,
  StandingOrderSkipSchema,
} from "../../shared/schemas/standing-orders.ts";
import { requireUser } from "../auth/index.ts";
import { documentOnly, parseWith } from "../http/index.ts";
import { type OrderLimits, unlessAcknowledged } from "../orders/index.ts";
import { createStandingOrder, existsWithKey } from "./creation.service.ts";
import { farmerDemand, listFarmerStandingOrders } from "./farmer.service.ts";
import { acceptPrice, endStandingOrder, patchStandingOrder, skipDate } from "./standing-orders.service.ts";
import { getStandingOrder, listStandingOrders } from "./views.service.ts";

/** A shopper's standing orders (issue 35): /api/standing-orders. */
export async function standingOrdersRoutes(app: FastifyInstance, { limits }: { limits: OrderLimits }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // NOTE: making one counts once against the orders an hour, as a checkout does (a replayed key does not);
  // its occurrences are made by the timer and never count (issue 35).
  const placementLimits = unlessAcknowledged(limits, (request, userId, key) =>
    existsWithKey(request.ctx, userId, key),
  );
  const createSchema = {
    headers: documentOnly(z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema })),
    body: StandingOrderCreateSchema,
    response: { 200: StandingOrderResponseSchema, 201: StandingOrderResponseSchema },
  };
  typed.post("/", { preValidation: placementLimits, schema: createSchema }, async (request, reply) => {
    const user = requireUser(request);
    const key = parseWith(IdempotencyKeySchema, request.headers[IDEMPOTENCY_HEADER] ?? "");
    const { standingOrder, replayed } = await createStandingOrder(request.ctx, user.id, key, request.body);
    if (replayed) reply.header("idempotent-replayed", "true");
    return reply.status(replayed ? 200 : 201).send({ standingOrder });
  });

  typed.get("/", { schema: { response: { 200: StandingOrderListSchema } } }, async (request) => {
    const user = requireUser(request);
    return { standingOrders: await listStandingOrders(request.ctx, user.id) };
  });

  const oneSchema = { params: IdParamsSchema, response: { 200: StandingOrderResponseSchema } };
  typed.get("/:id", { schema: oneSchema }, async (request) => {
    const user = requireUser(request);
    return { standingOrder: await getStandingOrder(request.ctx, user.id, request.params.id) };
  });

  const patchSchema = { ...oneSchema, body: StandingOrderPatchSchema };
  typed.patch("/:id", { schema: patchSchema }, async (request) => {
    const user = requireUser(request);
    return {
      standingOrder: await patchStandingOrder(request.ctx, user.id, request.params.id, request.body),
    };
  });

  typed.delete("/:id", { schema: oneSchema }, async (request) => {
    const user = requireUser(request);
    return { standingOrder: await endStandingOrder(request.ctx, user.id, request.params.id) };
  });

  const skipSchema = { ...oneSchema, body: StandingOrderSkipSchema };
  typed.post("/:id/skip", { schema: skipSchema }, async (request) => {
    const user = requireUser(request);
    return { standingOrder: await skipDate(request.ctx, user.id, request.params.id, request.body.date) };
  });
}

/** A farmer's standing customers and the demand ahead (issue 35): under /api/farmer. */
export async function farmerStandingOrdersRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/standing-orders",
    { schema: { response: { 200: FarmerStandingOrderListSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { standingOrders: await listFarmerStandingOrders(request.ctx, user.id) };
    },
  );
  typed.get(
    "/demand",
    { schema: { querystring: DemandQuerySchema, response: { 200: DemandSchema } } },
    async (request) => {
      const user = requireUser(request);
      return farmerDemand(request.ctx, user.id, request.query);
    },
  );
}

/** POST /api/orders/:id/accept-price (issue 35): under /api/orders, the rules being the standing order's. */
export async function occurrencePriceRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    params: IdParamsSchema,
    // NOTE: nothing to send: the prices accepted are the occurrence's own.
    body: z.strictObject({}).optional(),
    response: { 200: StandingOrderResponseSchema },
  };
  typed.post("/:id/accept-price", { schema }, async (request) => {
    const user = requireUser(request);
    return { standingOrder: await acceptPrice(request.ctx, user.id, request.params.id) };
  });
}
