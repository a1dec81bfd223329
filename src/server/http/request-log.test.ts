import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { request, testConfig } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-db.ts";

describe("the request log", () => {
  it("writes one line per request with id, method, path, status and time, and never a secret", async () => {
    const database = await createTestDatabase();
    const stream = new PassThrough();
    let log = "";
    stream.on("data", (chunk) => {
      log += chunk.toString();
    });
    const app = await buildApp({
      config: testConfig({ databaseUrl: database.url, logLevel: "info" }),
      db: database.db,
      logStream: stream,
    });
    try {
      const password = "a very secret passphrase 42";
      const email = `logged.${Date.now()}@example.com`;
      await request(app, {
        method: "POST",
        url: "/api/auth/signup",
        payload: { name: "Log", email, password },
      });
      const login = await request(app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
      const token = login.cookies[0]!.value;
      const me = await request(app, {
        method: "GET",
        url: "/api/auth/me?x=1",
        cookie: `vc_session=${token}`,
      });
      expect(me.statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const lines = log
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === "request");
      expect(lines).toHaveLength(3);
      expect(lines[2]).toMatchObject({ method: "GET", path: "/api/auth/me", status: 200 });
      for (const line of lines) {
        expect(line.reqId).toBeTruthy();
        expect(typeof line.ms).toBe("number");
      }
      expect(log).not.toContain(password);
      expect(log).not.toContain(token);
      expect(log.toLowerCase()).not.toContain("cookie");
      expect(log.toLowerCase()).not.toContain("password");
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
