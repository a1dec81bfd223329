import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES } from "../shared/schemas/product-form.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { purgeExpiredSessions } from "./auth/auth.service.ts";
import { registerSessions } from "./auth/session.plugin.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { dealsRoutes } from "./deals/deals.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { registerCsrfCheck } from "./http/csrf.ts";
import { registerErrorHandler } from "./http/errors.ts";
import { registerSpa } from "./http/spa.ts";
import { imagesRoutes } from "./images/images.routes.ts";
import { messagesRoutes } from "./messages/messages.routes.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { productsRoutes } from "./products/products.routes.ts";

/** JSON bodies are small; uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export interface AppDeps {
  config: Config;
  db: Db;
}

/** Builds the whole server (API + SPA) without listening, so tests can `inject` into it. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  // NOTE: the API speaks JSON only; a text/plain body is refused with 415 instead of being parsed.
  app.removeContentTypeParser("text/plain");
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", "data:", "blob:"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // NOTE: react-toastify injects its stylesheet at run time, so inline styles must be allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.production,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, {
    // NOTE: one image and four short text fields; the size is checked while the file streams in, so an
    // oversized upload is refused after MAX_IMAGE_BYTES, never buffered whole.
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      fields: 8,
      parts: 10,
      fieldSize: 16 * 1024,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });
  registerCsrfCheck(app);
  registerSessions(app, db, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { prefix: "/auth", db, config });
      await api.register(messagesRoutes, { db });
      await api.register(ordersRoutes, { prefix: "/orders", db });
      await api.register(productsRoutes, { prefix: "/products", db });
      await api.register(imagesRoutes, { prefix: "/images", db });
      await api.register(dealsRoutes, { prefix: "/deal" });
    },
    { prefix: "/api" },
  );
  await registerSpa(app, config.clientDir);

  const purge = setInterval(() => {
    purgeExpiredSessions(db.kysely, config).catch((error) =>
      app.log.warn({ err: error }, "session purge failed"),
    );
  }, HOUR_MS);
  purge.unref();
  app.addHook("onClose", async () => clearInterval(purge));

  return app;
}
