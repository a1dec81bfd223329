import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { buildApp } from "../app.ts";
import { type Config, sessionDefaults } from "../config.ts";
import type { Db } from "../db/database.ts";
import { createTestDatabase } from "./test-db.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: "127.0.0.1",
    databaseUrl: "",
    production: false,
    seedDemo: false,
    logLevel: "silent",
    authRateLimitPerMinute: 1000,
    trustProxy: false,
    ...sessionDefaults,
    ...overrides,
  };
}

/** The real app on a fresh database of its own. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ databaseUrl: database.url, ...overrides }),
    db: database.db,
  });
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.dispose();
    },
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
