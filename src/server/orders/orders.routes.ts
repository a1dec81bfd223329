import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderMessages } from "../../shared/messages.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { OrderCancelSchema } from "../../shared/schemas/farmer.ts";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderResponseSchema,
  PlaceOrderSchema,
  QuoteRequestSchema,
  QuoteSchema,
} from "../../shared/schemas/orders.ts";
import { requireUser } from "../auth/index.ts";
import type { Config } from "../config.ts";
import { documentOnly, parseWith, rateLimited } from "../http/index.ts";
import { cancelOwnOrder } from "./moves.service.ts";
import { payAgain } from "./online-payments.service.ts";
import { isAcknowledgedKey, placeOrder } from "./placement.service.ts";
import { quoteCart } from "./pricing.service.ts";
import { changeScheduledItems } from "./scheduled-orders.service.ts";
import { getOwnOrder, listOwnOrders } from "./views.service.ts";

const HOUR_MS = 60 * 60_000;
/** A client address may place this many times an account's orders: shoppers share addresses (carrier NAT). */
const ADDRESS_SHARE = 4;

/** The limit on placing orders (see `orderLimits`): counts a request, or answers 429 `rate_limited`. */
export type OrderLimits = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The limit on placing orders: generous for a shopper (a few orders a day), and the end of a script placing a
 * thousand a minute. Made once per app (app.ts) and handed to every route that places: checkout and a new
 * standing order (issue 35) count against the same limiters (a limiter made twice would count apart, in
 * memory).
 */
export function orderLimits(app: FastifyInstance, config: Pick<Config, "ordersPerHour">): OrderLimits {
  return rateLimited(
    [
      app.createRateLimit({
        max: config.ordersPerHour,
        timeWindow: HOUR_MS,
        keyGenerator: (request) => `orders-account:${request.user?.id ?? ""}`,
      }),
      app.createRateLimit({
        max: config.ordersPerHour * ADDRESS_SHARE,
        timeWindow: HOUR_MS,
        keyGenerator: (request) => `orders-ip:${request.clientKey}`,
      }),
    ],
    orderMessages.tooManyOrders,
  );
}

/**
 * `limits` as a preValidation hook, but a request whose Idempotency-Key `isAcknowledged` (already answered)
 * is not counted: its answer is what it made, even over the limit (issue 40 #33).
 */
export function unlessAcknowledged(
  limits: OrderLimits,
  isAcknowledged: (request: FastifyRequest, userId: string, key: string) => Promise<boolean>,
): OrderLimits {
  return async (request, reply) => {
    const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_HEADER]);
    if (request.user && key.success && (await isAcknowledged(request, request.user.id, key.data))) return;
    await limits(request, reply);
  };
}

export async function ordersRoutes(app: FastifyInstance, { limits }: { limits: OrderLimits }) {
  const placementLimits = unlessAcknowledged(limits, (request, userId, key) =>
    isAcknowledgedKey(request.ctx, userId, key),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const placeSchema = {
    // NOTE: the header is read and checked by the handler (its message names the header); declared for the docs.
    headers: documentOnly(z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema })),
    body: PlaceOrderSchema,
    response: { 200: OrderResponseSchema, 201: OrderResponseSchema },
  };
  typed.post("/", { preValidation: placementLimits, schema: placeSchema }, async (request, reply) => {
    const user = requireUser(request);
    const key = parseWith(IdempotencyKeySchema, request.headers[IDEMPOTENCY_HEADER] ?? "");
    const input = request.body;
    // NOTE: the order's confirmation is queued in the transaction that writes it (decision 018).
    const { order, replayed } = await placeOrder(request.ctx, {
      userId: user.id,
      idempotencyKey: key,
      input,
    });
    if (replayed) reply.header("idempotent-replayed", "true");
    return reply.status(replayed ? 200 : 201).send({ order });
  });

  const quoteSchema = { body: QuoteRequestSchema, response: { 200: QuoteSchema } };
  typed.post("/quote", { schema: quoteSchema }, async (request) => {
    requireUser(request);
    return quoteCart(request.ctx, request.body.items);
  });

  const listSchema = { querystring: OrderListQuerySchema, response: { 200: OrderListSchema } };
  typed.get("/", { schema: listSchema }, async (request) => {
    const user = requireUser(request);
    return listOwnOrders(request.ctx, user.id, request.query);
  });

  /** The buyer cancels every part of the order still pending (409 when none is). */
  const cancelSchema = {
    params: IdParamsSchema,
    // NOTE: the body is optional: a cancel without a reason sends none.
    body: OrderCancelSchema.optional(),
    response: { 200: OrderResponseSchema },
  };
  typed.post("/:id/cancel", { schema: cancelSchema }, async (request) => {
    const user = requireUser(request);
    const reason = request.body?.reason;
    return { order: await cancelOwnOrder(request.ctx, user, request.params.id, reason) };
  });

  /** Try again: a new payment link for a Pay now order while its hold lasts (decision 052). */
  const paySchema = { params: IdParamsSchema, response: { 200: OrderResponseSchema } };
  typed.post("/:id/pay", { schema: paySchema }, async (request) => {
    const user = requireUser(request);
    return { order: await payAgain(request.ctx, user.id, request.params.id) };
  });

  /** A standing order's occurrence, changed before its cut-off (issue 35): 409 cutoff_passed after it. */
  const changeSchema = {
    params: IdParamsSchema,
    body: z.strictObject({ items: QuoteRequestSchema.shape.items }),
    response: { 200: OrderResponseSchema },
  };
  typed.patch("/:id", { schema: changeSchema }, async (request) => {
    const user = requireUser(request);
    return { order: await changeScheduledItems(request.ctx, user.id, request.params.id, request.body.items) };
  });

  const oneSchema = { params: IdParamsSchema, response: { 200: OrderResponseSchema } };
  typed.get("/:id", { schema: oneSchema }, async (request) => {
    const user = requireUser(request);
    return { order: await getOwnOrder(request.ctx, user.id, request.params.id) };
  });
}
