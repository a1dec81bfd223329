import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database.ts";
import { notFound } from "../http/errors.ts";
import { clientHasCurrent, requestedWidth, sendImage } from "./image-reply.ts";
import * as repo from "./images.repository.ts";
import { pickWidth } from "./images.service.ts";

const imageNotFound = () => notFound("This image does not exist");

export async function imagesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // NOTE: images are public (DESIGN.md §5): an <img> URL must work from a cached page and costs no session lookup.
  app.get<{ Params: { id: string } }>("/:id", { config: { public: true } }, async (request, reply) => {
    const width = requestedWidth(request);
    const tags = await repo.findVariantTags(db.kysely, request.params.id);
    const chosen = pickWidth(
      tags.map((tag) => tag.width),
      width,
    );
    const tag = tags.find((t) => t.width === chosen);
    if (!tag) throw imageNotFound();
    if (clientHasCurrent(request, tag.etag)) return sendImage(request, reply, { etag: tag.etag });
    const variant = await repo.findVariantBytes(db.kysely, request.params.id, tag.width);
    if (!variant) throw imageNotFound();
    return sendImage(request, reply, variant);
  });
}
