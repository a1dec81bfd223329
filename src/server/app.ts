import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { MAX_IMAGE_BYTES } from "../shared/schemas/product-form.ts";
import { accountRoutes, passwordResetRoutes } from "./account/account.routes.ts";
import { purgeAccountLinks } from "./account/account.service.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { purgeExpiredSessions } from "./auth/auth.service.ts";
import { registerSessions } from "./auth/session.plugin.ts";
import type { Config, TrustProxy } from "./config.ts";
import type { Db } from "./db/database.ts";
import { dealsRoutes } from "./deals/deals.routes.ts";
import { farmerRoutes } from "./farmer/farmer.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { registerApiSchemas } from "./http/api-schemas.ts";
import { registerEtags } from "./http/cache.ts";
import { registerErrorHandler } from "./http/errors.ts";
import { registerLimitStore } from "./http/limit-store.ts";
import { registerLoadLimits, timeoutOptions } from "./http/limits.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { imagesRoutes } from "./images/images.routes.ts";
import { likesRoutes } from "./likes/likes.routes.ts";
import { registerMail } from "./mail/mail.plugin.ts";
import { messagesRoutes } from "./messages/messages.routes.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { productsRoutes } from "./products/products.routes.ts";

/** JSON bodies are small; uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export interface RegisteredRoute {
  method: string;
  url: string;
  public: true | "with-session" | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/**
 * NOTE: Fastify 5 treats a numeric `trustProxy` as "trust everything" for the protocol yet ignores
 * `X-Forwarded-For` for the address; a function makes a hop count mean what it says: the socket's peer and
 * the next `hops - 1` entries from the right are our proxies, the entry after them is the client.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

/** Builds the whole server (API + SPA) without listening, so tests can `inject` into it. */
export async function buildApp({ config, db, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // NOTE: one line per request, written in onResponse below, instead of Fastify's two; it names no header,
    // cookie, body or query string, so no password, session token or cookie can reach the log.
    // (Fastify 5.12 moved the switch from `disableRequestLogging` into a log controller.)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    ...timeoutOptions(config.limits),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  // NOTE: every route as registered, so a test can walk them all (the access-control sweep, the fuzz test).
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      // NOTE: read when asked, since a later onRoute hook may still declare the route public (the API docs).
      routes.push({
        method,
        url: route.url,
        get public() {
          return route.config?.public;
        },
      });
    }
  });

  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });

  registerErrorHandler(app);
  await registerLoadLimits(app, config.limits, config.trustProxy !== 0);
  // NOTE: the API speaks JSON only; a text/plain body is refused with 415 instead of being parsed.
  app.removeContentTypeParser("text/plain");
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // NOTE: blob: lets the add-product preview read the chosen file (Chromium fetches an undecodable one).
        connectSrc: ["'self'", "blob:"],
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
  const limitStore = registerLimitStore(app, config.redisUrl, config.redisPrefix);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(limitStore.redis ? { redis: limitStore.redis, nameSpace: "rate-limit:" } : {}),
  });
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
  registerSessions(app, db, config);
  registerEtags(app);
  await registerMail(app, db, config);

  await registerApiSchemas(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(authRoutes, { prefix: "/auth", db, config });
      await api.register(passwordResetRoutes, { prefix: "/auth/password-reset", db, config });
      await api.register(accountRoutes, { prefix: "/account", db, config });
      await api.register(messagesRoutes, { db });
      await api.register(ordersRoutes, { prefix: "/orders", db, config });
      await api.register(farmerRoutes, { prefix: "/farmer", db, config });
      await api.register(productsRoutes, { prefix: "/products", db, config });
      await api.register(imagesRoutes, { prefix: "/images", db });
      await api.register(likesRoutes, { prefix: "/likes", db });
      await api.register(dealsRoutes, { prefix: "/deal", db, config });
      await api.register(adminRoutes, { prefix: "/admin", db, config });
    },
    { prefix: "/api" },
  );
  await registerSpa(app, config.clientDir);

  const purge = setInterval(() => {
    purgeExpiredSessions(db.kysely, config).catch((error) =>
      app.log.warn({ err: error }, "session purge failed"),
    );
    purgeAccountLinks(db.kysely).catch((error) => app.log.warn({ err: error }, "link purge failed"));
  }, HOUR_MS);
  purge.unref();
  app.addHook("onClose", async () => clearInterval(purge));

  return app;
}
