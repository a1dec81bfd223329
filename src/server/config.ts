import { z } from "zod";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: booleanText.default(false),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  production: boolean;
  seedDemo: boolean;
  logLevel: string;
  /** Sign-in and sign-up attempts per client address per minute; per account it is a fifth of it. */
  authRateLimitPerMinute: number;
  trustProxy: boolean;
  /** Where the built SPA lives; undefined serves the API only. */
  clientDir?: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    production,
    // NOTE: demo products never reach a real shop, so production ignores SEED_DEMO.
    seedDemo: !production && (e.SEED_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    ...sessionDefaults,
  };
}
