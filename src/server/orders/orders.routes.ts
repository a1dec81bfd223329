import type { FastifyInstance } from "fastify";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  OrderListQuerySchema,
  PlaceOrderSchema,
  QuoteRequestSchema,
} from "../../shared/schemas/orders.ts";
import { requireUser } from "../auth/session.plugin.ts";
import type { Db } from "../db/database.ts";
import { parseWith } from "../http/errors.ts";
import { getOwnOrder, listOwnOrders, placeOrder, quoteCart } from "./orders.service.ts";

export async function ordersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post("/", async (request, reply) => {
    const user = requireUser(request);
    const key = parseWith(IdempotencyKeySchema, request.headers[IDEMPOTENCY_HEADER] ?? "");
    const input = parseWith(PlaceOrderSchema, request.body);
    const { order, replayed } = await placeOrder(db.kysely, user.id, key, input);
    if (replayed) reply.header("idempotent-replayed", "true");
    return reply.status(replayed ? 200 : 201).send({ order });
  });

  app.post("/quote", async (request) => {
    requireUser(request);
    return quoteCart(db.kysely, parseWith(QuoteRequestSchema, request.body).items);
  });

  app.get("/", async (request) => {
    const user = requireUser(request);
    return listOwnOrders(db.kysely, user.id, parseWith(OrderListQuerySchema, request.query));
  });

  app.get<{ Params: { id: string } }>("/:id", async (request) => {
    const user = requireUser(request);
    return { order: await getOwnOrder(db.kysely, user.id, request.params.id) };
  });
}
