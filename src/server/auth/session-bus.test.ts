import { randomBytes } from "node:crypto";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import {
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
  testConfig,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Two servers on one database and one Redis, as behind a load balancer: `a` (with the database) and `b`. */
async function twoServers(overrides: Partial<Config>): Promise<{ a: TestApp; b: FastifyInstance }> {
  const a = await createTestApp(overrides);
  const b = await buildApp({
    config: testConfig({ databaseUrl: a.databaseUrl, outboxDir: a.outboxDir, ...overrides }),
    db: a.db,
  });
  return { a, b };
}

/**
 * The status of GET /api/account as `cookie`, asked over the network as a browser would: the request reaches
 * the server the way a real next request does, through its sockets (an injected one would not wait its turn).
 */
async function me(app: FastifyInstance, cookie: string): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as net.AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/account`, { headers: { cookie } });
  await res.arrayBuffer();
  return res.status;
}

/**
 * A TCP relay to Redis that the test can cut and restore: Redis going away for the servers (without
 * stopping the machine's Redis, which other tests share).
 */
async function redisRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe(`sessions across two servers with Redis (${testDialect})`, () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    ({ a, b } = await twoServers({
      redisUrl,
      redisPrefix: `veggie-cart-test:${randomBytes(6).toString("hex")}:`,
    }));
    await vi.waitFor(() => expect(b.sessionCache.caching && a.app.sessionCache.caching).toBe(true));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A user signed in through `a` whose session `b` has just read, so `b` holds it in its cache. */
  async function cachedOnB(): Promise<SignedInUser> {
    const user = await signUpAndLogIn(a.app);
    expect(await me(b, user.cookie)).toBe(200);
    expect(await me(b, user.cookie)).toBe(200);
    return user;
  }

  it("a logout through one server is a 401 on the other on the very next request", async () => {
    const user = await cachedOnB();
    const out = await request(a.app, { method: "POST", url: "/api/auth/logout", cookie: user.cookie });
    expect(out.statusCode).toBe(204);
    expect(await me(b, user.cookie)).toBe(401);
  });

  it("a password change through one server signs the other devices out on the other", async () => {
    const user = await cachedOnB();
    const phone = await request(a.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
    });
    const phoneCookie = phone.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect(await me(b, phoneCookie)).toBe(200);
    const change = await request(a.app, {
      method: "POST",
      url: "/api/account/password",
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: "a brand new passphrase" },
    });
    expect(change.statusCode).toBe(204);
    expect(await me(b, phoneCookie)).toBe(401);
    expect(await me(b, user.cookie)).toBe(200);
  });
});

describe(`a server that loses Redis stops caching sessions until it is back (${testDialect})`, () => {
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    relay = await redisRelay(new URL(redisUrl));
    ({ a, b } = await twoServers({
      redisUrl: relay.url,
      redisPrefix: `veggie-cart-test:${randomBytes(6).toString("hex")}:`,
    }));
    await vi.waitFor(() => expect(b.sessionCache.caching).toBe(true));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await relay?.close();
  });

  it("with Redis down, a session ended where no message can come from is a 401 at once", async () => {
    const user = await signUpAndLogIn(a.app);
    expect(await me(b, user.cookie)).toBe(200);
    await relay.cut();
    await vi.waitFor(() => expect(b.sessionCache.caching).toBe(false));
    // NOTE: the catalogue's prepared answers share the bus, and stop with it (decision 035).
    expect(b.answerCache.caching).toBe(false);
    // NOTE: the session ends with no message to b (as a server cut off from Redis would end it).
    await a.db.kysely.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    expect(await me(b, user.cookie)).toBe(401);

    await relay.restore();
    await vi.waitFor(() => expect(b.sessionCache.caching).toBe(true), { timeout: 10_000 });
    expect(b.answerCache.caching).toBe(true);
    const again = await signUpAndLogIn(a.app);
    expect(await me(b, again.cookie)).toBe(200);
    expect(b.sessionCache.get(hashOf(again.cookie), Date.now())).toBeDefined();
  });
});

describe("without REDIS_URL", () => {
  it("each server caches on its own, and sessions are cached", async () => {
    const { a, b } = await twoServers({});
    try {
      expect(b.sessionCache.caching).toBe(true);
      const user = await signUpAndLogIn(a.app);
      expect(await me(b, user.cookie)).toBe(200);
      expect(b.sessionCache.get(hashOf(user.cookie), Date.now())).toBeDefined();
      expect(a.app.sessionCache.get(hashOf(user.cookie), Date.now())).toBeUndefined();
    } finally {
      await b.close();
      await a.close();
    }
  });
});

import { hashSessionToken } from "./accounts.ts";

/** The session id (as the cache keys it) of a `cookie` header. */
function hashOf(cookie: string): string {
  const token = /vc_session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error("no session cookie");
  return hashSessionToken(token);
}
