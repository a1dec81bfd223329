import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { buildApp } from "../app.ts";
import { type Config, type PasswordHashing, serverLimitDefaults, sessionDefaults } from "../config.ts";
import type { Context } from "../context.ts";
import type { Db } from "../db/database.ts";
import { settleBeforeSnapshots } from "./db-snapshot.ts";
import { createTestDatabase } from "./test-db.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database's URL, for another process to open the same database. */
  databaseUrl: string;
  /** Where this app writes its mail (no SMTP_URL): a temporary folder of its own. */
  outboxDir: string;
  close(): Promise<void>;
}

/**
 * Argon2's least cost: a test suite signs up hundreds of accounts, and at the production cost (19 MiB, two
 * passes) each sign-up and sign-in took tens of milliseconds of a busy processor. config.test.ts proves the
 * production cost is the default, and auth.test.ts that an app hashes at the cost it is given.
 */
export const cheapPasswordHashing: PasswordHashing = { memoryCost: 8, timeCost: 1, parallelism: 1 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    databaseUrl: "",
    production: false,
    seedDemo: false,
    logLevel: "silent",
    authRateLimitPerMinute: 1000,
    trustProxy: 0,
    shopTimeZone: "Asia/Kolkata",
    shopCountries: ["IN"],
    operatorEmails: [],
    ...sessionDefaults,
    mailFrom: "Veggie Cart <no-reply@veggie-cart.test>",
    publicUrl: "http://shop.test",
    outboxDir: path.join(os.tmpdir(), "veggie-cart-outbox-unused"),
    passwordResetsPerHour: 1000,
    signUpsPerHour: 1000,
    phoneCodesPerAddressPerHour: 1000,
    ordersPerHour: 1000,
    // NOTE: a loaded test machine must not turn requests away as overload; the overload test turns it on.
    limits: { ...serverLimitDefaults, maxEventLoopDelayMs: 0 },
    redisPrefix: "veggie-cart-test:",
    passwordHashing: cheapPasswordHashing,
    payments: { gateway: "test" },
    paymentHoldMinutes: 20,
    shopCommissionBasisPoints: 0,
    ...overrides,
  };
}

/**
 * The real clock, but never the same millisecond twice: rows a test writes one after another (messages, orders)
 * are each newer than the one before, as a person's clicks would be. Two in one millisecond sorted by their
 * random ids, and a "newest first" assertion failed now and then.
 */
function steppingClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/** The real app on a fresh database of its own. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { clock = steppingClock() }: { clock?: () => Date } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-outbox-"));
  const app = await buildApp({
    config: testConfig({ databaseUrl: database.url, outboxDir, ...overrides }),
    db: database.db,
    clock,
  });
  settleBeforeSnapshots(database.db, () => app.mailer.settle());
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    outboxDir,
    close: async () => {
      await app.close();
      await database.dispose();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * A service's context on a test app, as a request would build it: at `now` (default: the app's clock) and in
 * the shop's `timeZone` (default: the app's); its mail goes to the app's outbox once committed.
 */
export function contextOf(t: TestApp, at: { now?: Date; timeZone?: string } = {}): Context {
  const ctx = t.app.makeContext();
  return {
    ...ctx,
    ...(at.now ? { now: at.now } : {}),
    ...(at.timeZone ? { settings: { ...ctx.settings, shopTimeZone: at.timeZone } } : {}),
  };
}

/** A request as our own client sends it: JSON, with the CSRF header, and the given session cookie. */
export function request(
  app: FastifyInstance,
  options: InjectOptions & { cookie?: string },
): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: { [CSRF_HEADER]: "1", ...(cookie ? { cookie } : {}), ...headers },
  });
}

let counter = 0;
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  password: string;
  cookie: string;
}

/** Signs a new user up and in; returns the user and the `cookie` header to send as them. */
export async function signUpAndLogIn(app: FastifyInstance, name = "Test Farmer"): Promise<SignedInUser> {
  counter += 1;
  const email = `user${counter}.${Date.now()}@example.com`;
  const password = "correct horse battery";
  const signup = await request(app, {
    method: "POST",
    url: "/api/auth/signup",
    payload: { name, email, password },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await request(app, { method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const { user } = login.json() as { user: { id: string } };
  return { id: user.id, email, name, password, cookie };
}
