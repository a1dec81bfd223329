import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isAppPath } from "../../shared/app-routes.ts";
import { notFound } from "./errors.ts";

/**
 * Serves the built SPA: hashed assets are cached for a year, index.html never, and any other GET outside
 * /api answers with index.html so the client router can take the path: 200 for a path the app has a screen
 * for, 404 (the app then shows its not-found page) for any other, e.g. /backup.zip.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // NOTE: `npm run build` writes .br and .gz beside each asset; they are sent to clients that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (isPage && hasClient) {
      const known = isAppPath(request.url.split("?")[0] ?? "");
      return reply
        .status(known ? 200 : 404)
        .header("cache-control", "no-cache")
        .type("text/html")
        .sendFile("index.html");
    }
    throw notFound(`No route for ${request.method} ${request.url.split("?")[0]}`);
  });
}
