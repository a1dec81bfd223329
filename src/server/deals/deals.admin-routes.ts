import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DealPlanInputSchema, DealPlanningSchema } from "../../shared/schemas/deal-plans.ts";
import { requireOperator } from "../auth/index.ts";
import { dealPlanning, planDeal } from "./deals.service.ts";

/** `/api/admin/deal`: today's deal and the plans; plan the deal from a shop date on (operators only). */
export async function dealsAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/deal", { schema: { response: { 200: DealPlanningSchema } } }, async (request) => {
    requireOperator(request);
    return dealPlanning(request.ctx);
  });

  typed.put(
    "/deal",
    { schema: { body: DealPlanInputSchema, response: { 200: DealPlanningSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      const input = request.body;
      return planDeal(request.ctx, operator, input);
    },
  );
}
