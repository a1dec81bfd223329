import { isIP } from "node:net";
import { z } from "zod";
import { LANGUAGES, type Language } from "../shared/i18n/languages.ts";
import { DEFAULT_COUNTRY } from "../shared/schemas/orders.ts";
import { DEFAULT_SHOP_TIME_ZONE } from "../shared/shop-calendar.ts";

// The environment variables config.ts reads, each checked (docs/configuration.md lists them).

/** True for a time zone name this Node.js knows (its ICU data). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name !== "";
  } catch {
    return false;
  }
}

/** `<prefix>_EN`, `<prefix>_HI`…: an optional setting for each of the shop's languages. */
function perLanguage<P extends string>(prefix: P) {
  return Object.fromEntries(
    LANGUAGES.map((language) => [`${prefix}_${language.toUpperCase()}`, z.string().trim().optional()]),
  ) as Record<`${P}_${Uppercase<Language>}`, z.ZodOptional<z.ZodString>>;
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
  // NOTE: a DLT template per language (`MSG91_CODE_TEMPLATE_EN`, `_HI`…), one setting per language spoken.
  ...perLanguage("MSG91_CODE_TEMPLATE"),
  ...perLanguage("MSG91_NEWS_TEMPLATES"),
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

/** The environment as EnvSchema reads it. */
export type Env = z.output<typeof EnvSchema>;

/** The environment read and checked: a bad value, or one a shop may not run with, stops the server. */
export function readEnv(env: NodeJS.ProcessEnv): Env {
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
  return e;
}

/** Names proxy-addr knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** How many reverse proxies stand in front of us (0: none), or the addresses/ranges of the trusted ones. */
export type TrustProxy = number | string[];

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
