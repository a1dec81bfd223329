import { isIP } from "node:net";
import { z } from "zod";
import { NEWS_EVENTS, type NewsEvent } from "../shared/schemas/notifications.ts";
import { DEFAULT_COUNTRY } from "../shared/schemas/orders.ts";
import { DEFAULT_SHOP_TIME_ZONE } from "../shared/shop-calendar.ts";
import type { PaymentSettings } from "./payments/index.ts";

/** True for a time zone name this Node.js knows (its ICU data). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name !== "";
  } catch {
    return false;
  }
}

const booleanText = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, "must start with sqlite: or postgres://")
    .default("sqlite:./data/veggie-cart.sqlite"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SEED_DEMO: booleanText.optional(),
  SEED_DEMO_SLOTS: booleanText.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("0")
    .transform((value, ctx): TrustProxy => {
      if (value === "false" || value === "0" || value === "") return 0;
      if (/^\d+$/.test(value)) return Number(value);
      const ranges = value.split(",").map((range) => range.trim());
      if (ranges.every((range) => isIP(range.split("/", 1)[0] ?? "") !== 0 || PROXY_RANGE_NAMES.has(range))) {
        return ranges;
      }
      ctx.addIssue({
        code: "custom",
        message:
          "must be a hop count (e.g. 1 behind one reverse proxy) or the proxies' addresses/ranges, comma-separated (e.g. 10.0.0.0/8,loopback); `true` would let any client choose its own address",
      });
      return z.NEVER;
    }),
  SHOP_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIME_ZONE)
    .refine(isTimeZone, "must be an IANA time zone such as Asia/Kolkata or Europe/Berlin"),
  SHOP_COUNTRIES: z
    .string()
    .default(DEFAULT_COUNTRY)
    .transform((text) =>
      text
        .split(",")
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ""),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^[A-Z]{2}$/, "must be ISO 3166-1 alpha-2 codes, comma-separated (e.g. IN or IN,NP)"),
        )
        .min(1, "must name at least one country (e.g. IN)"),
    ),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  RESPONSE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(8000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  UPLOAD_STALL_MS: z.coerce.number().int().min(100).default(5000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  REDIS_PREFIX: z.string().min(1).default("veggie-cart:"),
  S3_URL: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: z.string().trim().url("must be a URL such as https://s3.example.com").optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      const origin = originOf(value);
      if (!origin) {
        ctx.addIssue({ code: "custom", message: "must be an origin such as https://shop.example.com" });
        return z.NEVER;
      }
      return value.replace(/\/+$/, "");
    }),
  OPERATOR_EMAILS: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ""),
    )
    .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("Veggie Cart <no-reply@veggie-cart.local>"),
  OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
  PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SIGNUP_PER_HOUR: z.coerce.number().int().min(1).default(5),
  PHONE_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  WHATSAPP_API_URL: z
    .string()
    .trim()
    .url("must be a URL such as https://graph.facebook.com/v21.0")
    .optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().optional(),
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_CODE_TEMPLATE: z.string().trim().optional(),
  WHATSAPP_NEWS_TEMPLATES: z.string().trim().optional(),
  WHATSAPP_APP_SECRET: z.string().trim().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
  MSG91_API_URL: z.string().trim().url("must be a URL such as https://control.msg91.com/api/v5").optional(),
  MSG91_AUTH_KEY: z.string().trim().optional(),
  MSG91_SENDER: z.string().trim().optional(),
  MSG91_CODE_TEMPLATE_EN: z.string().trim().optional(),
  MSG91_CODE_TEMPLATE_HI: z.string().trim().optional(),
  MSG91_CODE_TEMPLATE_MR: z.string().trim().optional(),
  MSG91_NEWS_TEMPLATES_EN: z.string().trim().optional(),
  MSG91_NEWS_TEMPLATES_HI: z.string().trim().optional(),
  MSG91_NEWS_TEMPLATES_MR: z.string().trim().optional(),
  MSG91_WEBHOOK_SECRET: z.string().trim().min(16, "must be at least 16 characters").optional(),
  ORDERS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(100).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(64).default(1),
  PAYMENT_GATEWAY: z.enum(["razorpay", "test", "none"]).optional(),
  RAZORPAY_KEY_ID: z.string().trim().optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  RAZORPAY_API_URL: z
    .string()
    .trim()
    .url("must be a URL such as https://api.razorpay.com")
    .default("https://api.razorpay.com"),
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(20),
  SHOP_COMMISSION_PERCENT: z
    .string()
    .trim()
    .default("0")
    .refine(
      (text) => /^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) <= 100,
      "must be a percentage from 0 to 100, at most two decimals (e.g. 5 or 2.5)",
    )
    .transform((text) => Math.round(Number(text) * 100)),
});

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** How many reverse proxies stand in front of us (0: none), or the addresses/ranges of the trusted ones. */
export type TrustProxy = number | string[];

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

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

/**
 * PAYMENT_GATEWAY=razorpay needs its three RAZORPAY_* settings; unset, it is razorpay when they are given, else
 * the test gateway outside production and none (pay on delivery only) in production, which refuses the test
 * gateway (it would take orders as paid with no money moving).
 */
function paymentsOf(e: z.output<typeof EnvSchema>, production: boolean): PaymentSettings {
  const missing = RAZORPAY_KEYS.filter((key) => !e[key]);
  const chosen = e.PAYMENT_GATEWAY ?? (missing.length === 0 ? "razorpay" : production ? "none" : "test");
  if (chosen === "test" && production) {
    throw new Error(
      "Invalid configuration: PAYMENT_GATEWAY: the test gateway moves no money and is refused when NODE_ENV=production",
    );
  }
  if (chosen !== "razorpay") return { gateway: chosen };
  if (missing.length > 0) {
    throw new Error(`Invalid configuration: ${missing.join(", ")}: required when PAYMENT_GATEWAY=razorpay`);
  }
  return {
    gateway: "razorpay",
    keyId: e.RAZORPAY_KEY_ID ?? "",
    keySecret: e.RAZORPAY_KEY_SECRET ?? "",
    webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? "",
    apiUrl: e.RAZORPAY_API_URL,
  };
}

export interface WhatsAppSettings {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** The approved authentication template that carries a sign-in code (one per language, same name). */
  codeTemplate: string;
  /**
   * Order news (decisions 063, 066): an approved utility template per event (one per language, same name) whose
   * body's one variable is the news' text; its status webhook is checked with the app secret and set up with
   * the verify token. All three or none: without them WhatsApp carries codes only.
   */
  news?: { templates: NewsTemplates; appSecret: string; verifyToken: string };
}

export interface Msg91Settings {
  apiUrl: string;
  authKey: string;
  sender?: string;
  /** The DLT-registered template carrying a sign-in code, per language. */
  codeTemplates: { en: string; hi: string; mr: string };
  /**
   * Order news (decisions 063, 066): a DLT-registered template per event and language with one variable `text`,
   * and the secret the delivery-report webhook's address carries (`?key=`). All or none: without them SMS
   * carries codes only.
   */
  news?: { templates: { en: NewsTemplates; hi: NewsTemplates; mr: NewsTemplates }; webhookSecret: string };
}

/** A provider's template for each news event (decision 066). */
export type NewsTemplates = Record<NewsEvent, string>;

/**
 * `order_placed=vc_order_placed,new_part=vc_new_part,…`: a template for every news event, each named once; an
 * unknown or missing event stops the server naming the setting and the event.
 */
export function newsTemplatesOf(name: string, value: string): NewsTemplates {
  const templates: Partial<NewsTemplates> = {};
  for (const pair of value.split(",")) {
    if (!pair.trim()) continue;
    const [event = "", template = ""] = pair.split("=").map((part) => part.trim());
    if (!(NEWS_EVENTS as readonly string[]).includes(event) || !template) {
      throw new Error(
        `Invalid configuration: ${name}: "${pair.trim()}" is not event=template (events: ${NEWS_EVENTS.join(", ")})`,
      );
    }
    templates[event as NewsEvent] = template;
  }
  const lacking = NEWS_EVENTS.filter((event) => !templates[event]);
  if (lacking.length > 0) {
    throw new Error(`Invalid configuration: ${name}: no template for ${lacking.join(", ")}`);
  }
  return templates as NewsTemplates;
}

const missing = (name: string, because: string) =>
  new Error(`Invalid configuration: ${name}: required when ${because} is set`);

/** WhatsApp's settings: all or none (a channel half set up stops the server, naming what is missing). */
function whatsappOf(e: z.output<typeof EnvSchema>): WhatsAppSettings | undefined {
  const { WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_TOKEN: token } = e;
  if (!phoneNumberId && !token && !e.WHATSAPP_CODE_TEMPLATE && !e.WHATSAPP_NEWS_TEMPLATES) return undefined;
  if (!phoneNumberId) throw missing("WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_TOKEN or WHATSAPP_CODE_TEMPLATE");
  if (!token) throw missing("WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID");
  if (!e.WHATSAPP_CODE_TEMPLATE) throw missing("WHATSAPP_CODE_TEMPLATE", "WHATSAPP_PHONE_NUMBER_ID");
  return {
    apiUrl: (e.WHATSAPP_API_URL ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, ""),
    phoneNumberId,
    token,
    codeTemplate: e.WHATSAPP_CODE_TEMPLATE,
    ...whatsappNewsOf(e),
  };
}

/** WhatsApp's order news: the template, the app secret and the verify token, all or none. */
function whatsappNewsOf(e: z.output<typeof EnvSchema>): Pick<WhatsAppSettings, "news"> {
  const { WHATSAPP_NEWS_TEMPLATES: templates, WHATSAPP_APP_SECRET: appSecret } = e;
  const verifyToken = e.WHATSAPP_VERIFY_TOKEN;
  if (!templates && !appSecret && !verifyToken) return {};
  if (!templates) throw missing("WHATSAPP_NEWS_TEMPLATES", "WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN");
  if (!appSecret) throw missing("WHATSAPP_APP_SECRET", "WHATSAPP_NEWS_TEMPLATES");
  if (!verifyToken) throw missing("WHATSAPP_VERIFY_TOKEN", "WHATSAPP_NEWS_TEMPLATES");
  return {
    news: { templates: newsTemplatesOf("WHATSAPP_NEWS_TEMPLATES", templates), appSecret, verifyToken },
  };
}

/** MSG91's order news: a DLT template per event and language, and the webhook's secret, all or none. */
function msg91NewsOf(e: z.output<typeof EnvSchema>): Pick<Msg91Settings, "news"> {
  const templates = {
    en: e.MSG91_NEWS_TEMPLATES_EN,
    hi: e.MSG91_NEWS_TEMPLATES_HI,
    mr: e.MSG91_NEWS_TEMPLATES_MR,
  };
  if (!e.MSG91_WEBHOOK_SECRET && !Object.values(templates).some(Boolean)) return {};
  if (!templates.en)
    throw missing("MSG91_NEWS_TEMPLATES_EN", "MSG91_WEBHOOK_SECRET or a MSG91_NEWS_TEMPLATES_*");
  if (!templates.hi) throw missing("MSG91_NEWS_TEMPLATES_HI", "MSG91_NEWS_TEMPLATES_EN");
  if (!templates.mr) throw missing("MSG91_NEWS_TEMPLATES_MR", "MSG91_NEWS_TEMPLATES_EN");
  if (!e.MSG91_WEBHOOK_SECRET) throw missing("MSG91_WEBHOOK_SECRET", "MSG91_NEWS_TEMPLATES_EN");
  return {
    news: {
      templates: {
        en: newsTemplatesOf("MSG91_NEWS_TEMPLATES_EN", templates.en),
        hi: newsTemplatesOf("MSG91_NEWS_TEMPLATES_HI", templates.hi),
        mr: newsTemplatesOf("MSG91_NEWS_TEMPLATES_MR", templates.mr),
      },
      webhookSecret: e.MSG91_WEBHOOK_SECRET,
    },
  };
}

/** MSG91's settings: the key and a DLT template per language, or none of them. */
function msg91Of(e: z.output<typeof EnvSchema>): Msg91Settings | undefined {
  const templates = {
    en: e.MSG91_CODE_TEMPLATE_EN,
    hi: e.MSG91_CODE_TEMPLATE_HI,
    mr: e.MSG91_CODE_TEMPLATE_MR,
  };
  if (!e.MSG91_AUTH_KEY && !Object.values(templates).some(Boolean) && !e.MSG91_NEWS_TEMPLATES_EN)
    return undefined;
  if (!e.MSG91_AUTH_KEY) throw missing("MSG91_AUTH_KEY", "a MSG91_CODE_TEMPLATE_*");
  if (!templates.en) throw missing("MSG91_CODE_TEMPLATE_EN", "MSG91_AUTH_KEY");
  if (!templates.hi) throw missing("MSG91_CODE_TEMPLATE_HI", "MSG91_AUTH_KEY");
  if (!templates.mr) throw missing("MSG91_CODE_TEMPLATE_MR", "MSG91_AUTH_KEY");
  return {
    apiUrl: (e.MSG91_API_URL ?? "https://control.msg91.com/api/v5").replace(/\/+$/, ""),
    authKey: e.MSG91_AUTH_KEY,
    ...(e.MSG91_SENDER ? { sender: e.MSG91_SENDER } : {}),
    codeTemplates: { en: templates.en, hi: templates.hi, mr: templates.mr },
    ...msg91NewsOf(e),
  };
}

/** An S3-compatible bucket for pictures, from S3_URL or the S3_* and AWS_* settings. */
export interface ObjectStorageSettings {
  bucket: string;
  /** Anything but AWS itself (MinIO, Garage, R2…): its URL. */
  endpoint?: string;
  region: string;
  /** Undefined: the SDK's own chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted servers need it). */
  forcePathStyle: boolean;
}

const S3_URL_HELP =
  "must name the bucket: s3://BUCKET (AWS) or http(s)://[KEY:SECRET@]HOST[:PORT]/BUCKET (any S3-compatible server)";

/**
 * The bucket from S3_URL (which wins) or S3_BUCKET and friends; undefined when neither is set. S3_URL takes
 * `s3://BUCKET` (AWS) or `https://KEY:SECRET@host:port/BUCKET` (path style, an S3-compatible server).
 */
function objectStorageOf(e: z.output<typeof EnvSchema>): ObjectStorageSettings | undefined {
  const region = e.S3_REGION ?? "us-east-1";
  const fromEnv = {
    accessKeyId: e.AWS_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY || undefined,
  };
  if (e.S3_URL) {
    let url: URL;
    try {
      url = new URL(e.S3_URL);
    } catch {
      throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
    }
    const userinfo = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : fromEnv;
    if (url.protocol === "s3:") {
      if (!url.hostname) throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
      return { bucket: url.hostname, region, forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false, ...userinfo };
    }
    const bucket = url.pathname.split("/").filter(Boolean)[0];
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !bucket) {
      throw new Error(`Invalid configuration: S3_URL: ${S3_URL_HELP}`);
    }
    return {
      bucket: decodeURIComponent(bucket),
      endpoint: `${url.protocol}//${url.host}`,
      region,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
      ...userinfo,
    };
  }
  if (e.S3_BUCKET) {
    return {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      ...fromEnv,
    };
  }
  if (e.S3_ENDPOINT) throw new Error("Invalid configuration: S3_BUCKET: required when S3_ENDPOINT is set");
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const sessionDefaults = { sessionIdleMs: 7 * DAY_MS, sessionAbsoluteMs: 30 * DAY_MS };

/** Reads and validates the environment; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.PUBLIC_ORIGIN) {
    throw new Error(
      "Invalid configuration: PUBLIC_ORIGIN: required when NODE_ENV=production (e.g. https://shop.example.com)",
    );
  }
  if (production && e.TEST_CLOCK_OFFSET_MS !== 0) {
    throw new Error("Invalid configuration: TEST_CLOCK_OFFSET_MS: tests only; a shop runs on the real clock");
  }
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
    limits: {
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
    },
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

/** `scheme://host:port` with the default port made explicit, or undefined for anything unparsable. */
export function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return `${url.protocol}//${url.hostname}:${port}`;
  } catch {
    return undefined;
  }
}
