import { randomUUID } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { serverLimitDefaults } from "../config.ts";
import { type ServerProcess, startServerProcess } from "../test/server-process.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { closeGracefully, DRAIN_QUIET_MS, drainAndClose, GRACE_RAN_OUT } from "./shutdown.ts";

/**
 * SIGTERM on the real server process (serve.ts closes through http/shutdown.ts, as main.ts does). A request
 * is "in flight" once the server has routed it: it sends `Expect: 100-continue`, which Node answers the moment
 * it hands the request to Fastify, and holds back part of its body until the test lets it go.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // NOTE: only for a migrated database the server processes open.
});
afterAll(() => t.close());

interface HeldRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** Everything the server sent on this connection, once it closed it. */
  closed: Promise<string>;
}

/** A sign-up whose headers and first bytes of body are sent; resolves once the server has routed it. */
async function heldSignUp(port: number, email: string): Promise<HeldRequest> {
  const body = JSON.stringify({ name: "Late Arrival", email, password: "long enough pw" });
  const socket = net.connect({ host: "127.0.0.1", port });
  socket.on("error", () => {});
  let received = "";
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  const routed = new Promise<void>((resolve) =>
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.startsWith("HTTP/1.1 100 Continue")) resolve();
    }),
  );
  socket.write(
    [
      "POST /api/auth/signup HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      `${CSRF_HEADER}: 1`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
      "",
      body.slice(0, 10),
    ].join("\r\n"),
  );
  await routed;
  return { finish: () => socket.write(body.slice(10)), closed };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

/** Waits (bounded) until the process has stopped listening. */
async function untilRefused(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await refused(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("SIGTERM", () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.stop());

  it("lets a request in flight finish with its real answer, refuses new connections, and exits 0 before its grace period", {
    timeout: 60_000,
  }, async () => {
    server = await startServerProcess(t.databaseUrl, { LOG_LEVEL: "info", SHUTDOWN_GRACE_MS: "30000" });
    const email = `late.${randomUUID()}@example.com`;
    const held = await heldSignUp(server.port, email);

    server.signal("SIGTERM");
    expect(await untilRefused(server.port)).toBe(true);
    held.finish();

    const answer = await held.closed;
    expect(answer).toMatch(/HTTP\/1\.1 201 Created/);
    expect(answer).toContain(`"email":"${email}"`);
    expect(await server.exited).toBe(0);
    // NOTE: read once it has exited: its log comes through a pipe, which may be read after the port closed.
    expect(server.output()).toContain("SIGTERM received");
    // NOTE: the grace period (30 s) never ran out: the process closed as soon as the request was answered.
    expect(server.output()).not.toContain(GRACE_RAN_OUT);
    const row = await t.db.kysely
      .selectFrom("users")
      .select("name")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(row?.name).toBe("Late Arrival");
  });
});

describe("closing gracefully", () => {
  it("cuts a request that never finishes once the grace period runs out", { timeout: 30_000 }, async () => {
    const app = await createTestApp();
    await app.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.app.server.address() as AddressInfo;
    const email = `never.${randomUUID()}@example.com`;
    const held = await heldSignUp(port, email);
    try {
      expect(await closeGracefully(app.app, 300)).toEqual({ cut: true });
      expect(await held.closed).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
      const row = await app.db.kysely
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it("closes a keep-alive connection as soon as its request is answered", { timeout: 30_000 }, async () => {
    // NOTE: keep-alive far longer than the test may take, so only closing idle connections can end it in time.
    const app = await createTestApp({
      limits: { ...serverLimitDefaults, maxEventLoopDelayMs: 0, keepAliveTimeoutMs: 120_000 },
    });
    await app.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.app.server.address() as AddressInfo;
    const held = await heldSignUp(port, `soon.${randomUUID()}@example.com`);
    try {
      const closing = closeGracefully(app.app, 60_000);
      expect(await untilRefused(port)).toBe(true);
      held.finish();
      expect(await held.closed).toMatch(/HTTP\/1\.1 201 Created/);
      // NOTE: were the idle keep-alive connection left open, closing would wait for it (2 min) or the grace
      // period (1 min), and the test's own timeout (30 s) would fail it.
      expect(await closing).toEqual({ cut: false });
    } finally {
      await app.close();
    }
  });
});

describe("draining", () => {
  it("answers /api/ready and every other GET 503 draining for the drain period while still serving POSTs, each answer closing its connection, then closes", {
    timeout: 30_000,
  }, async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
      // NOTE: only setTimeout is faked, so the drain period passes when the test says, not on a clock.
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const closing = drainAndClose(app.app, { drainMs: 5_000, graceMs: 1_000 });
      const ready = await app.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: { code: "draining" } });
      const health = await app.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe("close");
      // A GET is left to another server (a balancer retries it there and stops sending here); a POST, which
      // no balancer resends, is handled.
      const products = await app.app.inject({ method: "GET", url: "/api/products" });
      expect(products.statusCode).toBe(503);
      expect(products.json()).toMatchObject({ error: { code: "draining" } });
      const signup = await app.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: { [CSRF_HEADER]: "1" },
        payload: {
          name: "Drain Time",
          email: `drain.${randomUUID()}@example.com`,
          password: "long enough pw",
        },
      });
      expect(signup.statusCode).toBe(201);
      expect(signup.headers.connection).toBe("close");
      // NOTE: the drain period, then its quiet time (no connection came: injected requests open none).
      await vi.advanceTimersByTimeAsync(5_000 + DRAIN_QUIET_MS);
      vi.useRealTimers();
      expect(await closing).toEqual({ cut: false });
      await expect(app.app.inject({ method: "GET", url: "/api/health" })).rejects.toThrow();
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
