import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ImageBytesSchema, ImageQuerySchema } from "../../shared/schemas/api.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { IdParamsSchema } from "../../shared/schemas/common.ts";
import { clientHasCurrent, documentOnly, notFound } from "../http/index.ts";
import { requestedWidth, sendImage } from "./image-reply.ts";
import { chooseVariant, variantBytes } from "./images.service.ts";

const imageNotFound = () => notFound("This image does not exist");

export async function imagesRoutes(app: FastifyInstance) {
  // NOTE: images are public (the API contract in docs/architecture.md): an <img> URL must work from a cached page and costs no session lookup.
  const schema = {
    params: IdParamsSchema,
    querystring: ImageQuerySchema,
    response: { 200: documentOnly(ImageBytesSchema), 304: documentOnly(NoContentSchema) },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/:id", { config: { public: true }, schema }, async (request, reply) => {
      const width = requestedWidth(request);
      const tag = await chooseVariant(request.ctx, request.params.id, width);
      if (!tag) throw imageNotFound();
      if (clientHasCurrent(request, tag.etag)) return sendImage(request, reply, { etag: tag.etag });
      const variant = await variantBytes(request.ctx, request.params.id, tag.width);
      if (!variant) throw imageNotFound();
      return sendImage(request, reply, variant);
    });
}
