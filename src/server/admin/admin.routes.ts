import type { FastifyInstance } from "fastify";
import { accountsAdminRoutes } from "../accounts/accounts.admin-routes.ts";
import { auditAdminRoutes } from "../audit/audit.admin-routes.ts";
import { requireOperator } from "../auth/session.plugin.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { dealsAdminRoutes } from "../deals/deals.admin-routes.ts";
import { messagesAdminRoutes } from "../messages/messages.admin-routes.ts";
import { ordersAdminRoutes } from "../orders/orders.admin-routes.ts";
import { productsAdminRoutes } from "../products/products.admin-routes.ts";
import { statsAdminRoutes } from "../stats/stats.admin-routes.ts";

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
}
