import type { FastifyInstance } from "fastify";
import { ShopStatsSchema } from "../../shared/schemas/stats.ts";
import { requireOperator } from "../auth/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { shopStats } from "./stats.service.ts";

/** `/api/admin/stats`: the shop at a glance (operators only). */
export async function statsAdminRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get("/stats", { schema: { response: { 200: ShopStatsSchema } } }, async (request) => {
    requireOperator(request);
    return shopStats(db.kysely, config.shopTimeZone);
  });
}
