import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for a compression made per request: 5 took 0.5 ms for a signed-in /dashboard (65 KB →
 * 8.4 KB), 11 (what the build uses for its assets) 63 ms (decision 041).
 */
export const BROTLI_QUALITY = 5;

/**
 * Text the server writes itself: pages, JSON, CSV, scripts and styles without a precompressed copy. Never a
 * stream that must reach the browser as it is written (`text/event-stream`), nor pictures (already
 * compressed; @fastify/compress also asks mime-db, which marks JPEG and WebP incompressible).
 */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|javascript|xml))/i;

/**
 * The server's own answers (server-rendered pages, the API's JSON) go out compressed, Brotli or gzip as the
 * client's Accept-Encoding allows, with `Vary: accept-encoding` (decision 041). Built assets keep their
 * precompressed copies (`@fastify/static`'s `preCompressed`), which carry a Content-Encoding the plugin leaves
 * alone. Registered before the routes: @fastify/compress hooks into each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    customTypes: COMPRESSIBLE,
    // NOTE: request bodies stay as sent: a compressed upload would slip past the body limits, which count the
    // bytes received (JSON_BODY_LIMIT, the multipart limits).
    globalDecompression: false,
  });
}
