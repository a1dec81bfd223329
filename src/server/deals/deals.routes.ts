import type { FastifyInstance } from "fastify";
import { requireUser } from "../auth/session.plugin.ts";
import { requestedWidth, sendImage } from "../images/image-reply.ts";
import { pickWidth } from "../images/images.service.ts";
import { dealImage } from "./deal-image.ts";
import { currentDeal, dealForApi } from "./deals.service.ts";

export const DEAL_IMAGE_URL = "/api/deal/image";
/**
 * NOTE: the deal's picture lives at a fixed URL, so it cannot be `immutable` like an uploaded image: a day's
 * caching plus its ETag lets a new picture reach browsers after a release.
 */
const DEAL_IMAGE_CACHE = "public, max-age=86400";

export async function dealsRoutes(app: FastifyInstance) {
  app.get("/", async (request) => {
    requireUser(request);
    return { deal: dealForApi(currentDeal(), DEAL_IMAGE_URL) };
  });

  app.get("/image", { config: { public: true } }, async (request, reply) => {
    const width = requestedWidth(request);
    const image = await dealImage();
    const chosen = pickWidth(
      image.variants.map((variant) => variant.width),
      width,
    );
    const variant = image.variants.find((v) => v.width === chosen)!;
    return sendImage(request, reply, variant, DEAL_IMAGE_CACHE);
  });
}
