import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Veggie Cart</title>");
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("health", () => {
  it("answers 200 when the database answers, naming the database in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: testDialect });
  });
});

describe("the SPA and its headers", () => {
  it("serves index.html for any page path, uncached, with a Content-Security-Policy", async () => {
    for (const url of ["/", "/dashboard", "/addproduct", "/orders/123"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>Veggie Cart</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers an unknown API path with a JSON 404, not the SPA", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});
