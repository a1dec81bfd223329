import type { FastifyReply, FastifyRequest } from "fastify";
import { ImageQuerySchema } from "../../shared/schemas/api.ts";
import { clientHasCurrent, parseWith } from "../http/index.ts";
import { IMAGE_CONTENT_TYPE } from "./images.service.ts";

/** An image id never changes its bytes (an edit would be a new id), so browsers may keep it for a year. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export const requestedWidth = (request: FastifyRequest) => parseWith(ImageQuerySchema, request.query).w;

/** Answers with a WebP variant, or 304 when the client's copy is current. */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  variant: { etag: string; bytes?: Uint8Array },
  cacheControl = IMMUTABLE_CACHE,
) {
  reply.header("etag", variant.etag).header("cache-control", cacheControl);
  if (clientHasCurrent(request, variant.etag) || !variant.bytes) return reply.status(304).send();
  return reply
    .header("content-type", IMAGE_CONTENT_TYPE)
    .send(Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.byteLength));
}
