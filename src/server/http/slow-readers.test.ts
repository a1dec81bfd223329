import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { serverLimitDefaults } from "../config.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/** Larger than loopback's socket buffers on both ends, so its write waits on the client. */
const BIG = 32 * 1024 * 1024;
const RESPONSE_TIMEOUT_MS = 1000;
const SLOW_ADDRESS = "127.0.0.5";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A client that asks for `path` and then reads one small piece every 100 ms: bytes keep moving, so no idle
 * timeout notices it, but the answer would take minutes to arrive.
 */
function slowReader(port: number, path: string) {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: SLOW_ADDRESS });
  let received = 0;
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  socket.pause();
  const trickle = setInterval(() => {
    const piece = socket.read(1024) as Buffer | null;
    if (piece) received += piece.length;
  }, 100);
  socket.on("error", () => {});
  return {
    received: () => received,
    stop: () => {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

/**
 * When each connection from `address` is closed on the server's side, in ms after it opened. The client
 * cannot tell soon: the bytes already in its receive buffer come before the reset.
 */
function serverSideClosings(server: net.Server, address: string): Promise<number>[] {
  const closings: Promise<number>[] = [];
  server.on("connection", (socket) => {
    if (!socket.remoteAddress?.endsWith(address)) return;
    const opened = performance.now();
    closings.push(new Promise((resolve) => socket.once("close", () => resolve(performance.now() - opened))));
  });
  return closings;
}

describe("slow readers cannot hold the server (issue 40 #30)", () => {
  it("cuts a response not read within RESPONSE_TIMEOUT_MS, while a normal request is answered", {
    timeout: 30_000,
  }, async () => {
    t = await createTestApp({
      limits: {
        ...serverLimitDefaults,
        responseTimeoutMs: RESPONSE_TIMEOUT_MS,
        maxEventLoopDelayMs: 0,
      },
    });
    const body = Buffer.alloc(BIG, "x");
    t.app.get("/api/probe/big", { config: { public: true } }, async (_request, reply) =>
      reply.type("application/octet-stream").send(body),
    );
    const closings = serverSideClosings(t.app.server, SLOW_ADDRESS);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;

    const readers = Array.from({ length: 4 }, () => slowReader(port, "/api/probe/big"));
    try {
      // NOTE: the readers have started receiving (their answers are under way) before the normal request.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);

      const timedOut = new Promise<"still open">((resolve) =>
        setTimeout(() => resolve("still open"), RESPONSE_TIMEOUT_MS + 4000),
      );
      expect(closings).toHaveLength(readers.length);
      for (const [i, reader] of readers.entries()) {
        const closedAfter = await Promise.race([closings[i]!, timedOut]);
        expect(closedAfter).not.toBe("still open");
        expect(closedAfter).toBeLessThan(RESPONSE_TIMEOUT_MS + 2000);
        expect(reader.received()).toBeGreaterThan(0);
        expect(reader.received()).toBeLessThan(BIG);
      }
    } finally {
      for (const reader of readers) reader.stop();
    }
  });

  it("leaves a response read at full speed alone", { timeout: 30_000 }, async () => {
    t = await createTestApp({
      limits: { ...serverLimitDefaults, responseTimeoutMs: RESPONSE_TIMEOUT_MS, maxEventLoopDelayMs: 0 },
    });
    t.app.get("/api/probe/big", { config: { public: true } }, async (_request, reply) =>
      reply.type("application/octet-stream").send(Buffer.alloc(1024 * 1024, "x")),
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/probe/big`);
    expect((await res.arrayBuffer()).byteLength).toBe(1024 * 1024);
  });
});
