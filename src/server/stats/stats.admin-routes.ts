import type { FastifyInstance } from "fastify";
import { ShopStatsSchema } from "../../shared/schemas/admin.ts";
import { requireOperator } from "../auth/session.plugin.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { shopStats } from "./stats.service.ts";

/** `/api/admin/stats`: the shop at a glance (operators only). */
export async function statsAdminRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.get("/stats", { schema: { response: { 200: ShopStatsSchema } } }, async (request) => {
    requireOperator(request);
    return shopStats(db.kysely, config.shopTimeZone);
  });
}
