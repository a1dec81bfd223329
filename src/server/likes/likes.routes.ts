import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { LikeParamsSchema, LikesResponseSchema, MergeLikesBodySchema } from "../../shared/schemas/likes.ts";
import { requireUser } from "../auth/index.ts";
import { likeProduct, listLikes, mergeLikes, unlikeProduct } from "./likes.service.ts";

/** The signed-in account's liked products (decision 011). */
export async function likesRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get("/", { schema: { response: { 200: LikesResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    return { productIds: await listLikes(request.ctx, user.id) };
  });

  const oneSchema = { params: LikeParamsSchema, response: { 204: NoContentSchema } };
  typed.put("/:productId", { schema: oneSchema }, async (request, reply) => {
    const user = requireUser(request);
    await likeProduct(request.ctx, user, request.params.productId);
    return reply.status(204).send(null);
  });

  typed.delete("/:productId", { schema: oneSchema }, async (request, reply) => {
    const user = requireUser(request);
    await unlikeProduct(request.ctx, user.id, request.params.productId);
    return reply.status(204).send(null);
  });

  const mergeSchema = { body: MergeLikesBodySchema, response: { 200: LikesResponseSchema } };
  typed.post("/merge", { schema: mergeSchema }, async (request) => {
    const user = requireUser(request);
    return { productIds: await mergeLikes(request.ctx, user, request.body.productIds) };
  });
}
