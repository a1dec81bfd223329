import type { FastifyInstance } from "fastify";
import { auditAdminRoutes } from "../audit/index.ts";
import { requireOperator } from "../auth/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { dealsAdminRoutes } from "../deals/index.ts";
import { messagesAdminRoutes } from "../messages/index.ts";
import { accountsAdminRoutes } from "../moderation/index.ts";
import { ordersAdminRoutes } from "../orders/index.ts";
import { productsAdminRoutes } from "../products/index.ts";
import { shopSlotsAdminRoutes } from "../slots/index.ts";
import { statsAdminRoutes } from "../stats/index.ts";

/**
 * Everything under `/api/admin`: the shop operator's routes, each domain's own. Being an operator is checked
 * here once for the whole prefix (401 signed out, 403 for any other account) before a body is even read, and
 * again by each route.
 */
export async function adminRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const options = { db, config };
  app.addHook("onRequest", async (request) => {
    requireOperator(request);
  });
  await app.register(messagesAdminRoutes, options);
  await app.register(productsAdminRoutes, options);
  await app.register(accountsAdminRoutes, options);
  await app.register(ordersAdminRoutes, options);
  await app.register(dealsAdminRoutes, options);
  await app.register(statsAdminRoutes, options);
  await app.register(auditAdminRoutes, options);
  await app.register(shopSlotsAdminRoutes, { ...options, prefix: "/shop-slots" });
}
