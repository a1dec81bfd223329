import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DealResponseSchema, ImageBytesSchema, ImageQuerySchema } from "../../shared/schemas/api.ts";
import { NoContentSchema } from "../../shared/schemas/auth.ts";
import { requireUser } from "../auth/index.ts";
import { allowOfflineCopy, documentOnly } from "../http/index.ts";
import { requestedWidth, sendImage } from "../images/index.ts";
import { dealAt, dealForApi, dealImageVariant } from "./deals.service.ts";

/**
 * NOTE: the deal's picture lives at a fixed URL, so it cannot be `immutable` like an uploaded image: a day's
 * caching plus its ETag lets a new picture reach browsers after a release.
 */
const DEAL_IMAGE_CACHE = "public, max-age=86400";

/** `/api/deal`: today's deal (the operator's plan for the shop's date, else the built-in one) and its picture. */
export async function dealsRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/", { schema: { response: { 200: DealResponseSchema } } }, async (request, reply) => {
    requireUser(request);
    allowOfflineCopy(reply);
    return { deal: dealForApi(await dealAt(request.ctx)) };
  });

  const imageSchema = {
    querystring: ImageQuerySchema,
    response: { 200: documentOnly(ImageBytesSchema), 304: documentOnly(NoContentSchema) },
  };
  typed.get("/image", { config: { public: true }, schema: imageSchema }, async (request, reply) => {
    const width = requestedWidth(request);
    return sendImage(request, reply, await dealImageVariant(width), DEAL_IMAGE_CACHE);
  });
}
