import type { FastifyInstance } from "fastify";
import { auditAdminRoutes } from "../audit/index.ts";
import { requireOperator } from "../auth/index.ts";
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
export async function adminRoutes(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    requireOperator(request);
  });
  await app.register(messagesAdminRoutes);
  await app.register(productsAdminRoutes);
  await app.register(accountsAdminRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(dealsAdminRoutes);
  await app.register(statsAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(shopSlotsAdminRoutes, { prefix: "/shop-slots" });
}
