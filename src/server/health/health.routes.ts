import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { HealthSchema, ReadySchema } from "../../shared/schemas/api.ts";
import type { Db } from "../db/index.ts";
import { pendingMigrations } from "../db/index.ts";
import { AppError } from "../http/index.ts";

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const schema = { response: { 200: HealthSchema } };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/health", { config: { public: true }, schema }, async (request) => {
      try {
        await sql`select 1`.execute(db.kysely);
        return { status: "ok" as const, database: db.dialect };
      } catch (error) {
        request.log.error({ err: error }, "health check: database did not answer");
        throw new AppError("database_unavailable", "The database did not answer");
      }
    });

  /**
   * Readiness, for a load balancer or orchestrator: 200 only when the database answers and every migration
   * has run; /api/health above only says the process is alive.
   */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/ready",
      { config: { public: true }, schema: { response: { 200: ReadySchema } } },
      async (request) => {
        if (app.lifecycle.draining) throw new AppError("draining", "This server is shutting down");
        let pending: string[];
        try {
          pending = await pendingMigrations(db);
        } catch (error) {
          request.log.error({ err: error }, "readiness: database did not answer");
          throw new AppError("database_unavailable", "The database did not answer");
        }
        if (pending.length > 0) {
          throw new AppError("database_unavailable", `Migrations not yet run: ${pending.join(", ")}`);
        }
        return { status: "ready" as const, database: db.dialect };
      },
    );
}
