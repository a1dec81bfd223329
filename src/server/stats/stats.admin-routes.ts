import type { FastifyInstance } from "fastify";
import { ShopStatsSchema } from "../../shared/schemas/stats.ts";
import { requireOperator } from "../auth/index.ts";
import { shopStats } from "./stats.service.ts";

/** `/api/admin/stats`: the shop at a glance (operators only). */
export async function statsAdminRoutes(app: FastifyInstance) {
  app.get("/stats", { schema: { response: { 200: ShopStatsSchema } } }, async (request) => {
    requireOperator(request);
    return shopStats(request.ctx);
  });
}
