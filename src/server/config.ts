import { type Env, readEnv, type TrustProxy } from "./config-env.ts";
import {
  type Msg91Settings,
  msg91Of,
  type ObjectStorageSettings,
  objectStorageOf,
  paymentsOf,
  type WhatsAppSettings,
  whatsappOf,
} from "./config-services.ts";
import type { PaymentSettings } from "./payments/index.ts";

export { originOf, type TrustProxy } from "./config-env.ts";
export type { Msg91Settings, ObjectStorageSettings, WhatsAppSettings } from "./config-services.ts";

/**
 * How long a client may take and how many connections it may hold (docs/configuration.md; the limits together in
 * docs/operations.md, "Production").
 */
export interface ServerLimits {
  /** A request whose headers and body have not all arrived by then is answered 408 and closed. */
  requestTimeoutMs: number;
  /** The same for the headers alone. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * A response not all written to the client by then has its connection cut, so a client that reads slowly
   * (or not at all) cannot hold it. Counted from the answer's start, not the request's.
   */
  responseTimeoutMs: number;
  /** How often Node checks the two timeouts above (its default, 30 s, would let a request run to 60 s). */
  timeoutCheckIntervalMs: number;
  /** Open connections in all; beyond, new ones are refused (file descriptors stay free for the database). */
  maxConnections: number;
  /**
   * Open connections per client address; high, since many shoppers may share one carrier-NAT address. Not
   * applied behind a reverse proxy (every connection comes from it).
   */
  maxConnectionsPerAddress: number;
  /** Event-loop delay above which requests are answered 503 with Retry-After; 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are cut (below
   * Docker's 10 s kill timeout). See http/shutdown.ts.
   */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long the server keeps serving while /api/ready answers 503 "draining", before it stops
   * accepting connections: as long as a load balancer takes to notice (its check interval times the failures
   * it waits for). 0 by default: one server has no balancer to tell. See http/shutdown.ts and docs/deploy.md.
   */
  shutdownDrainMs: number;
  /** An upload whose body sends nothing for this long is answered 408 and loses its place (images/). */
  uploadStallMs: number;
}

export const serverLimitDefaults: ServerLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  keepAliveTimeoutMs: 10_000,
  responseTimeoutMs: 60_000,
  timeoutCheckIntervalMs: 1000,
  maxConnections: 10_000,
  maxConnectionsPerAddress: 256,
  maxEventLoopDelayMs: 2000,
  shutdownGraceMs: 8000,
  shutdownDrainMs: 0,
  uploadStallMs: 5000,
};

/** What hashing a new password costs (argon2id); a stored hash carries its own, so old hashes keep verifying. */
export interface PasswordHashing {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
  /** Lanes (threads) per hash. */
  parallelism: number;
}

/** OWASP's argon2id baseline, 19 MiB, two passes, one lane: the default, and the least production accepts. */
export const passwordHashingDefaults: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  production: boolean;
  seedDemo: boolean;
  /** Whether the demo farmer gets demo pickup points and slots (with the demo data; decision 017). */
  seedDemoSlots?: boolean;
  /**
   * Moves the server's clock (TEST_CLOCK_OFFSET_MS; never in production): a test of built servers sets the
   * shop's midnight a few seconds ahead instead of waiting for it (the cluster test, decision 033).
   */
  clockOffsetMs?: number;
  logLevel: string;
  /** Sign-in and sign-up attempts per client address per minute; per account it is a fifth of it. */
  authRateLimitPerMinute: number;
  /** Reverse proxies whose `X-Forwarded-For` entries are believed: a hop count or address ranges. */
  trustProxy: TrustProxy;
  /**
   * The origin browsers reach the shop at (`https://shop.example.com`); a state-changing request from any
   * other origin is refused. Undefined (development only): the request's own scheme, host and port.
   */
  publicOrigin?: string;
  /** Where the shop is: "today" and "this week" (harvest dates, the farmer's summary) are its calendar days. */
  shopTimeZone: string;
  /**
   * The countries addresses may be in (ISO 3166-1 alpha-2, `SHOP_COUNTRIES`, decision 047): India's with a PIN
   * and a state from the list, another's as a free form. With India alone, checkout does not ask the country.
   */
  shopCountries: readonly string[];
  limits: ServerLimits;
  /** Lower-cased e-mails of accounts that are operators whatever the database says. */
  operatorEmails: readonly string[];
  /** Rate limits are counted in this Redis when set (shared by every instance), else in memory. */
  redisUrl?: string;
  /** Prefix of every key written to Redis. */
  redisPrefix: string;
  /** Where the built SPA lives; undefined serves the API only. */
  clientDir?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Mail goes through this SMTP server when set; otherwise (outside production) to `outboxDir`. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where the shop is reached; links in e-mails start with it (never with a request's Host header). */
  publicUrl: string;
  /** Development's outbox: every mail written here as a file when no SMTP server is configured. */
  outboxDir: string;
  /** Password-reset requests per e-mail address per hour (and per client address per minute as sign-in). */
  passwordResetsPerHour: number;
  /**
   * Sign-ups per typed e-mail address per hour, whether or not it has an account: each one with a known
   * address mails its owner, so this caps those mails as the reset limit caps resets.
   */
  signUpsPerHour: number;
  /**
   * Sign-in codes one client address may ask for per hour, whatever the numbers (issue 37): each is a WhatsApp
   * or SMS message the shop pays for. A number itself gets at most 5 an hour, counted in the database.
   */
  phoneCodesPerAddressPerHour: number;
  /** Meta's WhatsApp Cloud API (issue 37, decision 054); absent: no WhatsApp provider. */
  whatsapp?: WhatsAppSettings;
  /** MSG91's Flow API for SMS under India's DLT rules (decision 054); absent: no SMS provider. */
  msg91?: Msg91Settings;
  /** Orders one account may place per hour; a client address may place four times as many (carrier NAT). */
  ordersPerHour: number;
  passwordHashing: PasswordHashing;
  /** Pictures' bytes go to this S3-compatible bucket when set; otherwise into the database (decision 029). */
  objectStorage?: ObjectStorageSettings;
  /** Which gateway takes Pay now (decision 052): Razorpay, the built-in test gateway, or none. */
  payments: PaymentSettings;
  /** How long a Pay now order holds its stock and slot places while the buyer pays. */
  paymentHoldMinutes: number;
  /** The shop's commission on what each part kept of its online payment, in basis points (2.5 % → 250). */
  shopCommissionBasisPoints: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const sessionDefaults = { sessionIdleMs: 7 * DAY_MS, sessionAbsoluteMs: 30 * DAY_MS };

/** Reads and validates the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnv(env);
  const production = e.NODE_ENV === "production";
  const passwordHashing = passwordHashingOf(e, production);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    production,
    // NOTE: demo products never reach a real shop, so production ignores SEED_DEMO.
    seedDemo: !production && (e.SEED_DEMO ?? true),
    seedDemoSlots: e.SEED_DEMO_SLOTS ?? true,
    clockOffsetMs: e.TEST_CLOCK_OFFSET_MS,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    publicOrigin: e.PUBLIC_ORIGIN,
    shopTimeZone: e.SHOP_TIME_ZONE,
    shopCountries: e.SHOP_COUNTRIES,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    limits: limitsOf(e),
    operatorEmails: e.OPERATOR_EMAILS,
    ...sessionDefaults,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // NOTE: links in mails need an absolute address even when PUBLIC_ORIGIN is not set (development).
    publicUrl: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    outboxDir: e.OUTBOX_DIR,
    passwordResetsPerHour: e.PASSWORD_RESET_PER_HOUR,
    signUpsPerHour: e.SIGNUP_PER_HOUR,
    phoneCodesPerAddressPerHour: e.PHONE_CODES_PER_ADDRESS_PER_HOUR,
    whatsapp: whatsappOf(e),
    msg91: msg91Of(e),
    ordersPerHour: e.ORDERS_PER_HOUR,
    passwordHashing,
    objectStorage: objectStorageOf(e),
    payments: paymentsOf(e, production),
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    shopCommissionBasisPoints: e.SHOP_COMMISSION_PERCENT,
  };
}

/** ARGON2_*, no cheaper than OWASP's baseline in production. */
function passwordHashingOf(e: Env, production: boolean): PasswordHashing {
  const passwordHashing = {
    memoryCost: e.ARGON2_MEMORY_KIB,
    timeCost: e.ARGON2_TIME_COST,
    parallelism: e.ARGON2_PARALLELISM,
  };
  if (passwordHashing.memoryCost < 8 * passwordHashing.parallelism) {
    throw new Error("Invalid configuration: ARGON2_MEMORY_KIB: must be at least 8 × ARGON2_PARALLELISM");
  }
  // NOTE: tests and development may hash cheaply (a test suite signs up hundreds of accounts); a shop may not.
  if (
    production &&
    (passwordHashing.memoryCost < passwordHashingDefaults.memoryCost ||
      passwordHashing.timeCost < passwordHashingDefaults.timeCost)
  ) {
    throw new Error(
      `Invalid configuration: ARGON2_MEMORY_KIB, ARGON2_TIME_COST: at least ${passwordHashingDefaults.memoryCost} KiB and ${passwordHashingDefaults.timeCost} passes (OWASP's argon2id baseline) when NODE_ENV=production`,
    );
  }
  return passwordHashing;
}

/** The server's limits: the defaults, with what the environment sets. */
function limitsOf(e: Env): ServerLimits {
  return {
    ...serverLimitDefaults,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    responseTimeoutMs: e.RESPONSE_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    uploadStallMs: e.UPLOAD_STALL_MS,
  };
}
