import type { FastifyInstance } from "fastify";
import { type AuditNamer, auditAdminRoutes } from "../audit/index.ts";
import { namesOfUsers, requireOperator } from "../auth/index.ts";
import { dealsAdminRoutes } from "../deals/index.ts";
import { messagesAdminRoutes } from "../messages/index.ts";
import { accountsAdminRoutes } from "../moderation/index.ts";
import { ordersAdminRoutes } from "../orders/index.ts";
import { namesOfProducts, productsAdminRoutes } from "../products/index.ts";
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
  await app.register(auditAdminRoutes, { namesOf: auditNames });
  await app.register(shopSlotsAdminRoutes, { prefix: "/shop-slots" });
}

/** The audit log's accounts and products by name, from the domains that own them. */
const auditNames: AuditNamer = async ({ db }, ids) => {
  const [users, products] = await Promise.all([
    namesOfUsers(db, ids.users),
    namesOfProducts(db, ids.products),
  ]);
  return {
    users: new Map(users.map((user) => [user.id, { name: user.name, email: user.email }])),
    products: new Map(products.map((product) => [product.id, product.name])),
  };
};
