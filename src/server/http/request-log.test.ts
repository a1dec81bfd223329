import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { request, testConfig } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-db.ts";
import { maskPhone, maskPhonesIn } from "./phone-mask.ts";

/** An app logging at info level into a string (`logged()`). */
async function appWithLog() {
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
  return {
    app,
    logged: () => log,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

describe("the request log", () => {
  it("writes one line per request with id, method, path, status and time, and never a secret", async () => {
    const { app, logged, close } = await appWithLog();
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
      const lines = logged()
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
      expect(logged()).not.toContain(password);
      expect(logged()).not.toContain(token);
      expect(logged().toLowerCase()).not.toContain("cookie");
      expect(logged().toLowerCase()).not.toContain("password");
    } finally {
      await close();
    }
  });

  it("masks every phone number a line carries, in an error's detail too (issue 37)", async () => {
    const { app, logged, close } = await appWithLog();
    try {
      // NOTE: what PostgreSQL says of a second account with the same number, and what a provider may answer.
      const refused = Object.assign(new Error("duplicate key value violates unique constraint"), {
        detail: "Key (sign_in_phone)=(+919876543210) already exists.",
      });
      app.log.error({ err: refused }, "request failed");
      app.log.warn(
        { err: "MSG91 answered 400: error Invalid mobile 919876501234" },
        "phone news send failed",
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(logged()).not.toContain("9876543210");
      expect(logged()).not.toContain("9876501234");
      expect(logged()).toContain("Key (sign_in_phone)=(+91 98••• ••210) already exists.");
      expect(logged()).toContain("Invalid mobile +91 98••• ••234");
      // The line's time (13 digits) and other numbers stay as they were.
      expect(JSON.parse(logged().trim().split("\n")[0]!).time).toEqual(expect.any(Number));
    } finally {
      await close();
    }
  });

  it("masks a number as the issue shows it, and leaves times and ids alone", () => {
    expect(maskPhone("+919876543210")).toBe("+91 98••• ••210");
    expect(maskPhone("+447700900123")).toBe("+4477•••••123");
    expect(maskPhonesIn("to +91 98765 43210 at 1765101234567, order 4021")).toBe(
      "to +91 98••• ••210 at 1765101234567, order 4021",
    );
  });
});
