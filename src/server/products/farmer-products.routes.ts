import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { FarmerProductListSchema } from "../../shared/schemas/farmer.ts";
import { requireUser } from "../auth/index.ts";
import { listOwnProducts } from "./own-products.service.ts";

/** The signed-in farmer's stall: /api/farmer/products, every product of theirs, hidden ones included. */
export async function farmerProductsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/products", { schema: { response: { 200: FarmerProductListSchema } } }, async (request) => {
    const user = requireUser(request);
    return { items: await listOwnProducts(request.ctx, user.id) };
  });
}
