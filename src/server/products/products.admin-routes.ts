import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema, ReasonSchema } from "../../shared/schemas/common.ts";
import { OperatorProductListQuerySchema } from "../../shared/schemas/operator-products.ts";
import { ProductListSchema, ProductSchema } from "../../shared/schemas/products.ts";
import { requireOperator } from "../auth/index.ts";
import { listProductsForOperator, setProductHidden } from "./products.service.ts";

const changeSchema = {
  params: IdParamsSchema,
  body: ReasonSchema,
  response: { 200: z.object({ product: ProductSchema }) },
};

/** `/api/admin/products`: every product, hidden ones too; hide and unhide with a reason. */
export async function productsAdminRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/products",
    { schema: { querystring: OperatorProductListQuerySchema, response: { 200: ProductListSchema } } },
    async (request) => {
      const operator = requireOperator(request);
      return listProductsForOperator(request.ctx, operator, request.query);
    },
  );

  typed.post("/products/:id/hide", { schema: changeSchema }, async (request) => {
    const operator = requireOperator(request);
    const { id } = request.params;
    const { reason } = request.body;
    return {
      product: await setProductHidden(request.ctx, { operator, productId: id, hidden: true, reason }),
    };
  });

  typed.post("/products/:id/unhide", { schema: changeSchema }, async (request) => {
    const operator = requireOperator(request);
    const { id } = request.params;
    const { reason } = request.body;
    return {
      product: await setProductHidden(request.ctx, { operator, productId: id, hidden: false, reason }),
    };
  });
}
