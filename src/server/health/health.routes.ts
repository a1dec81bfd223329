import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/health", { config: { public: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: "ok", database: db.dialect };
    } catch (error) {
      request.log.error({ err: error }, "health check: database did not answer");
      return reply
        .status(503)
        .send({ error: { code: "database_unavailable", message: "The database did not answer" } });
    }
  });
}
