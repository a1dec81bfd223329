import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, LogController } from "fastify";
import { MAX_IMAGE_BYTES } from "../shared/schemas/product-form.ts";
import { addressesRoutes } from "./addresses/index.ts";
import { adminRoutes } from "./admin/index.ts";
import { AnswerCache, answersBusMember } from "./answer-cache.ts";
import {
  accountPhoneRoutes,
  authRoutes,
  purgeExpiredSessions,
  registerSessions,
  sessionBusMember,
} from "./auth/index.ts";
import { connectBus } from "./bus.ts";
import type { Config, TrustProxy } from "./config.ts";
import { registerContext, settingsOf } from "./context.ts";
import type { Db } from "./db/index.ts";
import { classifyDbError } from "./db/index.ts";
import { dealsRoutes } from "./deals/index.ts";
import { healthRoutes } from "./health/index.ts";
import {
  addressMatcher,
  BOOT_SCRIPT_SOURCE,
  isPrivateAddress,
  maskPhonesIn,
  registerApiSchemas,
  registerClosing,
  registerCompression,
  registerDraining,
  registerErrorHandler,
  registerEtags,
  registerLimitStore,
  registerLoadLimits,
  registerSecurityHeaders,
  registerSpa,
  requireRedis,
  timeoutOptions,
} from "./http/index.ts";
import { imagesRoutes } from "./images/index.ts";
import { likesRoutes } from "./likes/index.ts";
import { registerMail } from "./mail/index.ts";
import { messagesRoutes } from "./messages/index.ts";
import { notifyWebhookRoutes, registerNotify } from "./notify/index.ts";
import { openObjectStore } from "./object-store.ts";
import {
  expireHolds,
  farmerOrdersRoutes,
  onlinePaymentsRoutes,
  orderLimits,
  ordersRoutes,
  sendDueRefunds,
} from "./orders/index.ts";
import { openGateway, type TestGateway, testGatewayRoutes } from "./payments/index.ts";
import { farmerProductsRoutes, productPreview, productsRoutes, sharedProductId } from "./products/index.ts";
import { accountRoutes, notificationRoutes, passwordResetRoutes } from "./profile/index.ts";
import { ensureSlots, farmerSlotRoutes, slotsRoutes } from "./slots/index.ts";
import {
  farmerStandingOrdersRoutes,
  occurrencePriceRoutes,
  runStandingOrders,
  standingOrdersRoutes,
} from "./standing-orders/index.ts";

/** JSON bodies are small; uploads go through multipart with their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;
const HOUR_MS = 60 * 60 * 1000;
/** How often ended Pay now holds are looked for (decision 052). */
const HOLD_CHECK_MS = 30_000;
const MINUTE_MS = 60 * 1000;

export interface RegisteredRoute {
  method: string;
  url: string;
  public: true | "with-session" | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
    /** The server's clock: the real one, or a fixed one a test gives (slot cut-offs, decision 017). */
    clock: () => Date;
    /** Set when the server starts shutting down (http/shutdown.ts): /api/ready then answers 503 "draining". */
    lifecycle: { draining: boolean };
    /** This server's prepared catalogue answers (answer-cache.ts). */
    answerCache: AnswerCache;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** The clock (default: the real one); tests set the time instead of sleeping. */
  clock?: () => Date;
}

/**
 * NOTE: Fastify 5 treats a numeric `trustProxy` as "trust everything" for the protocol yet ignores
 * `X-Forwarded-For` for the address; a function makes a hop count mean what it says: the socket's peer and
 * the next `hops - 1` entries from the right are our proxies, the entry after them is the client. Each of
 * those proxies must stand on a private or loopback address: a peer elsewhere reached the port directly and
 * would choose its own address (issue 25). Addresses named in TRUST_PROXY are trusted as they are.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust === 0) return false;
  return (address, hop) => hop < trust && isPrivateAddress(address);
}

/** Whether a peer is one of the proxies TRUST_PROXY names (a hop count: any private or loopback peer). */
export const isTrustedProxy = (trust: TrustProxy): ((address: string) => boolean) =>
  Array.isArray(trust) ? addressMatcher(trust) : trust === 0 ? () => false : isPrivateAddress;

/** Builds the whole server (API + SPA) without listening, so tests can `inject` into it. */
export async function buildApp({ config, db, logStream, clock }: AppDeps): Promise<FastifyInstance> {
  // NOTE: first, so that a bucket that does not answer stops the start before anything is opened.
  const imageObjects = config.objectStorage ? await openObjectStore(config.objectStorage) : undefined;
  const app = Fastify(fastifyOptions(config, logStream));
  app.decorate("clock", clock ?? (() => new Date()));
  registerDraining(app);
  recordRoutesAndRequests(app);
  registerErrorHandler(app, classifyDbError);
  registerClosing(app);
  await registerLoadLimits(app, config.limits, isTrustedProxy(config.trustProxy));
  if (typeof config.trustProxy === "number" && config.trustProxy > 0) {
    app.log.warn(
      "TRUST_PROXY is a hop count: X-Forwarded-For is believed from any private or loopback peer, so anyone who reaches this port from such an address chooses their own. Name the proxy's address instead (e.g. TRUST_PROXY=10.0.0.5) and listen where only it reaches (HOST).",
    );
  }
  // NOTE: before any route, since it hooks into each route as it is added.
  await registerCompression(app);
  // NOTE: the API speaks JSON only; a text/plain body is refused with 415 instead of being parsed.
  app.removeContentTypeParser("text/plain");
  await registerSecurityHeaders(app, securityHeaders(config));
  const limitStore = await registerPlugins(app, config);
  registerSessions(app, db, config);
  const answers = new AnswerCache();
  app.decorate("answerCache", answers);
  // NOTE: with Redis, what one server forgets or drops every server does (decisions 029 and 035).
  if (limitStore.redis) {
    connectBus(app, limitStore.redis, config.redisPrefix, [
      sessionBusMember(app.sessionCache),
      answersBusMember(answers),
    ]);
  }
  registerEtags(app);
  await registerMail(app, db, config);
  registerNotify(app, db, config);
  const gateway = openGatewayOf(app, config);
  registerContext(app, {
    db: db.kysely,
    ...(gateway ? { gateway } : {}),
    answers,
    settings: settingsOf(config),
    publicOrigin: config.publicOrigin,
    ...(imageObjects ? { imageObjects } : {}),
  });
  if (imageObjects) app.addHook("onClose", async () => imageObjects.close());

  await registerApiSchemas(app);
  // NOTE: one limit on placing orders, counted by checkout and by making a standing order (issue 35).
  const limits = orderLimits(app, config);
  await app.register(apiRoutes(db, config, limits), { prefix: "/api" });
  // NOTE: the test gateway's hosted page, on our own server (development, the demo, the journeys).
  if (gateway?.name === "test") await app.register(testGatewayRoutes, { gateway: gateway as TestGateway });
  // NOTE: a shared product link previews as the product, also on the sign-in page it sends a signed-out
  // visitor to (issue 40 item 22).
  await registerSpa(app, config.clientDir, async (request) => {
    const id = sharedProductId(request.url);
    return id === undefined ? undefined : productPreview(request.ctx, id, config.publicUrl);
  });

  startTimers(app, db, config);
  return app;
}

/** Cookies, rate limits (in Redis when configured) and multipart uploads; answers the limits' store. */
async function registerPlugins(app: FastifyInstance, config: Config) {
  await app.register(fastifyCookie);
  const limitStore = registerLimitStore(app, config.redisUrl, config.redisPrefix);
  if (config.production && limitStore.redis && config.redisUrl) {
    await requireRedis(limitStore.redis, config.redisUrl);
  }
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
  return limitStore;
}

/** The Fastify instance's options: its log, body and time limits, its proxies, and its router. */
function fastifyOptions(config: Config, logStream: AppDeps["logStream"]) {
  return {
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            // NOTE: a number can reach a line inside an error (a database's "Key (sign_in_phone)=(+91…)", a
            // provider's answer): every line is written with its numbers masked (issue 37).
            hooks: { streamWrite: maskPhonesIn },
          },
    // NOTE: one line per request, written in onResponse (recordRoutesAndRequests), instead of Fastify's two; it names no header,
    // cookie, body or query string, so no password, session token or cookie can reach the log.
    // (Fastify 5.12 moved the switch from `disableRequestLogging` into a log controller.)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    ...timeoutOptions(config.limits),
    // NOTE: a request on a connection accepted before the listener closed gets its real answer, not 503: a
    // proxy does not resend a POST that reached a server, so a 503 there would be the client's failure.
    return503OnClosing: false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  };
}

/** Records every route as registered and writes one log line per request. */
function recordRoutesAndRequests(app: FastifyInstance): void {
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
}

/** The security headers: the content security policy, and HSTS in production. */
function securityHeaders(config: Config) {
  return {
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
        // NOTE: and a server-rendered page's one inline script, by its hash (decision 037).
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        scriptSrcAttr: ["'none'"],
        // NOTE: react-toastify injects its stylesheet at run time, so inline styles must be allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.production,
  };
}

/** The payment gateway configured, if any, said in the log. */
function openGatewayOf(app: FastifyInstance, config: Config) {
  const gateway = openGateway(config.payments, config.publicUrl);
  if (!gateway && config.production) {
    app.log.warn(
      "No payment gateway (PAYMENT_GATEWAY=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET): shoppers pay on delivery only",
    );
  } else if (gateway) {
    app.log.info(
      `Pay now goes through the ${gateway.name === "test" ? "built-in test" : "Razorpay"} payment gateway`,
    );
  }
  return gateway;
}

/** Every domain's routes under /api. */
function apiRoutes(db: Db, config: Config, limits: ReturnType<typeof orderLimits>): FastifyPluginAsync {
  return async (api) => {
    await api.register(healthRoutes, { db });
    await api.register(authRoutes, { prefix: "/auth", config });
    await api.register(passwordResetRoutes, { prefix: "/auth/password-reset", config });
    await api.register(accountRoutes, { prefix: "/account", config });
    await api.register(accountPhoneRoutes, { prefix: "/account/phone", config });
    await api.register(notificationRoutes, { prefix: "/account/notifications" });
    await api.register(addressesRoutes, { prefix: "/account/addresses" });
    await api.register(messagesRoutes);
    await api.register(ordersRoutes, { prefix: "/orders", limits });
    await api.register(occurrencePriceRoutes, { prefix: "/orders" });
    await api.register(farmerProductsRoutes, { prefix: "/farmer" });
    await api.register(farmerOrdersRoutes, { prefix: "/farmer" });
    await api.register(farmerSlotRoutes, { prefix: "/farmer" });
    await api.register(farmerStandingOrdersRoutes, { prefix: "/farmer" });
    await api.register(slotsRoutes, { prefix: "/slots" });
    await api.register(standingOrdersRoutes, { prefix: "/standing-orders", limits });
    await api.register(productsRoutes, { prefix: "/products", config });
    await api.register(imagesRoutes, { prefix: "/images" });
    await api.register(likesRoutes, { prefix: "/likes" });
    await api.register(dealsRoutes, { prefix: "/deal" });
    await api.register(adminRoutes, { prefix: "/admin" });
    await api.register(onlinePaymentsRoutes, { prefix: "/payments" });
    await api.register(notifyWebhookRoutes, { prefix: "/notify", config });
  };
}

/** The work due at times: dated slots, expired sessions, Pay now holds and refunds, standing orders. */
function startTimers(app: FastifyInstance, db: Db, config: Config): void {
  // NOTE: dated slots for the next 14 days are made from the weekly patterns at start and every hour (and
  // whenever a set-up screen or checkout reads them); making them twice is harmless (decision 017).
  const makeSlots = () =>
    ensureSlots(app.makeContext()).catch((error) =>
      app.log.warn({ err: error }, "making dated slots failed"),
    );
  app.addHook("onReady", async () => {
    await makeSlots();
  });
  const purge = setInterval(() => {
    void makeSlots();
    purgeExpiredSessions(db.kysely, config).catch((error) =>
      app.log.warn({ err: error }, "session purge failed"),
    );
  }, HOUR_MS);
  purge.unref();
  app.addHook("onClose", async () => clearInterval(purge));

  // NOTE: Pay now holds end within a minute, by the server's clock, and refunds owed are sent (or retried);
  // every server runs it, and the database lets one of them expire each order and send each refund (decision 052).
  const expiry = setInterval(() => {
    expireHolds(app.makeContext(), (error) =>
      app.log.warn({ err: error }, "cancelling a payment link failed"),
    )
      .catch((error) => app.log.warn({ err: error }, "expiring payment holds failed"))
      .then(() => sendDueRefunds(app.makeContext(), (message, details) => app.log.warn(details, message)))
      .catch((error) => app.log.warn({ err: error }, "sending refunds failed"));
  }, HOLD_CHECK_MS);
  expiry.unref();
  app.addHook("onClose", async () => clearInterval(expiry));
  // NOTE: standing orders' occurrences are made and their scheduled parts turn pending at cut-off "within a
  // minute" (issue 35), on every server at once: the database's unique key and conditional moves make each
  // happen once (decision 050).
  const standingPass = () =>
    runStandingOrders(app.makeContext()).catch((error) =>
      app.log.warn({ err: error }, "standing orders pass failed"),
    );
  // NOTE: and once as a server starts, so one that was down catches up at once rather than a minute later.
  app.addHook("onReady", async () => {
    await standingPass();
  });
  const standing = setInterval(() => void standingPass(), MINUTE_MS);
  standing.unref();
  app.addHook("onClose", async () => clearInterval(standing));
}
