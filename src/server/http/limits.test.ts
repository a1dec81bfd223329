import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { isTrustedProxy } from "../app.ts";
import { type ServerLimits, serverLimitDefaults } from "../config.ts";
import { idleConnection, slowClient } from "../test/slow-client.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { capConnectionsPerClient } from "./limits.ts";

/**
 * The slow-connection attacks, scaled down for `npm test` (short timeouts, a few hundred connections); the
 * full 3,000-connection version runs in `npm run fuzz` (scripts/attack-slow-connections.ts).
 */
const SLOW = 250;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(limits: Partial<ServerLimits>): Promise<{ port: number; base: string }> {
  t = await createTestApp({
    limits: {
      ...serverLimitDefaults,
      requestTimeoutMs: 3000,
      headersTimeoutMs: 1500,
      timeoutCheckIntervalMs: 250,
      maxEventLoopDelayMs: 0,
      ...limits,
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return { port, base: `http://127.0.0.1:${port}` };
}

const json = (base: string, path: string, body?: object, cookie?: string) =>
  fetch(`${base}${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      "content-type": "application/json",
      [CSRF_HEADER]: "1",
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("slow clients cannot hold the server", () => {
  it("answers 408 and closes every slow-body and slow-header connection, while a new client is served", {
    timeout: 60_000,
  }, async () => {
    const { port, base } = await listening({});
    const slow = [
      ...Array.from({ length: SLOW }, () =>
        slowClient({ port, from: "127.0.0.2", what: "body", everyMs: 500 }),
      ),
      ...Array.from({ length: 50 }, () =>
        slowClient({ port, from: "127.0.0.3", what: "headers", everyMs: 300 }),
      ),
    ];
    try {
      await Promise.all(slow.map((client) => client.opened));
      const email = `slow.${Date.now()}@example.com`;
      const signup = await json(base, "/api/auth/signup", { name: "New", email, password: "long enough" });
      expect(signup.status).toBe(201);
      const login = await json(base, "/api/auth/login", { email, password: "long enough" });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
      expect((await json(base, "/api/auth/me", undefined, cookie)).status).toBe(200);
      expect((await json(base, "/api/health")).status).toBe(200);

      const results = await Promise.all(slow.map((client) => client.closed));
      const answered408 = results.filter((result) => result.answer.startsWith("HTTP/1.1 408")).length;
      expect(answered408).toBe(slow.length);
    } finally {
      for (const client of slow) client.stop();
    }
  });

  it("caps open connections per client address, leaving other addresses served", {
    timeout: 30_000,
  }, async () => {
    const { port, base } = await listening({ maxConnectionsPerAddress: 20 });
    const held = Array.from({ length: 30 }, () => idleConnection(port, "127.0.0.4"));
    try {
      await Promise.all(held.map((connection) => connection.opened));
      // NOTE: the ten over the cap are closed by the server; if they were not, this would never finish.
      await Promise.all(held.slice(20).map((connection) => connection.closed));
      expect((await json(base, "/api/health")).status).toBe(200);
    } finally {
      for (const connection of held) connection.stop();
    }
  });
});

describe("the per-client connection cap", () => {
  /** A connection as the server sees it: its peer's address, closed by `destroy` or by its peer. */
  const connectFrom = (server: EventEmitter, remoteAddress: string) => {
    const socket = Object.assign(new EventEmitter(), {
      remoteAddress,
      destroyed: false,
      destroy() {
        socket.destroyed = true;
        return socket;
      },
    });
    server.emit("connection", socket);
    return socket;
  };

  it("counts an IPv6 client by its /64, and an IPv4 one by its address", () => {
    const server = new EventEmitter();
    capConnectionsPerClient(server, 2);
    const first = connectFrom(server, "2001:db8:1:2::a");
    expect(connectFrom(server, "2001:db8:1:2::b").destroyed).toBe(false);
    expect(connectFrom(server, "2001:db8:1:2:ffff:1:2:3").destroyed).toBe(true);
    expect(connectFrom(server, "2001:db8:1:3::a").destroyed).toBe(false);
    first.emit("close");
    expect(connectFrom(server, "2001:db8:1:2::c").destroyed).toBe(false);

    expect(connectFrom(server, "198.51.100.1").destroyed).toBe(false);
    expect(connectFrom(server, "::ffff:198.51.100.1").destroyed).toBe(false);
    expect(connectFrom(server, "198.51.100.1").destroyed).toBe(true);
    expect(connectFrom(server, "198.51.100.2").destroyed).toBe(false);
  });

  it("behind a proxy, caps every peer but the proxy (a client reaching the port directly; issue 25)", () => {
    const server = new EventEmitter();
    capConnectionsPerClient(server, 2, isTrustedProxy(["10.9.9.9"]));
    for (let i = 0; i < 5; i += 1) expect(connectFrom(server, "10.9.9.9").destroyed).toBe(false);
    expect(connectFrom(server, "198.51.100.3").destroyed).toBe(false);
    expect(connectFrom(server, "198.51.100.3").destroyed).toBe(false);
    expect(connectFrom(server, "198.51.100.3").destroyed).toBe(true);
  });
});

describe("overload", () => {
  it("answers 503 with Retry-After while the event loop lags, and recovers", {
    timeout: 30_000,
  }, async () => {
    const lagging = await createTestApp({ limits: { ...serverLimitDefaults, maxEventLoopDelayMs: 100 } });
    t = lagging;
    await lagging.app.ready();
    let refused:
      | { statusCode: number; headers: Record<string, unknown>; json(): { error: { code: string } } }
      | undefined;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      // NOTE: the event loop blocked for 400 ms, as a flood of CPU-bound work would block it (Atomics.wait
      // blocks without spinning); then one turn of the loop, in which the overload guard takes its sample.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
      await new Promise((resolve) => setImmediate(resolve));
      const res = await t.app.inject({ method: "GET", url: "/api/health" });
      if (res.statusCode === 503) refused = res;
    }
    expect(refused?.statusCode).toBe(503);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused?.json().error.code).toBe("overloaded");
    // NOTE: recovery is the guard's next sample without lag; it is asked until then.
    await vi.waitFor(
      async () =>
        expect((await lagging.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200),
      { timeout: 10_000, interval: 100 },
    );
  });
});
