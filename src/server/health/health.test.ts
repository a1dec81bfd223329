import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { createDb, type Db, migrateUpTo } from "../db/index.ts";
import { createTestApp, type TestApp, testConfig } from "../test/test-app.ts";
import { createTestDatabase, type TestDatabase, testDialect } from "../test/test-db.ts";

let t: TestApp;
const appScript = `console.log(${JSON.stringify("fresh ".repeat(500))});`;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Veggie Cart</title>");
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "assets", "app-1234.js"), appScript);
  fs.writeFileSync(path.join(clientDir, "assets", "app-1234.js.br"), zlib.brotliCompressSync(appScript));
  fs.writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(path.join(clientDir, "manifest.webmanifest"), '{"name":"Veggie Cart"}');
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

  it("answers a path outside the app's routes 404 with the app (its not-found page), app routes 200 (issue 25, item 12)", async () => {
    for (const url of [
      "/backup.zip",
      "/.env",
      "/wp-login.php",
      "/dashboard/extra",
      "/orders/1/2",
      "/admin/nope",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain("<title>Veggie Cart</title>");
    }
    for (const url of [
      "/login",
      "/Shop/",
      "/products/abc",
      "/admin/inbox",
      "/farmer/slots/s1/packing-list",
      "/account/confirm-operator",
      "/contact?type=returns",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("sends built assets Brotli-compressed to browsers that accept it, cached for a year", async () => {
    const compressed = await t.app.inject({
      method: "GET",
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(compressed.rawPayload.length).toBeLessThan(appScript.length / 5);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(appScript);
    const plain = await t.app.inject({ method: "GET", url: "/assets/app-1234.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(appScript);
  });

  it("serves the service worker and the web app manifest as themselves, revalidated on every visit", async () => {
    const worker = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    // NOTE: never the assets' year-long immutable caching: a new version must reach the browser.
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.body).toContain("addEventListener");
    const manifest = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const page = await t.app.inject({ method: "GET", url: "/dashboard" });
    const csp = String(page.headers["content-security-policy"]);
    // The worker and the manifest come from our own origin, which the policy allows.
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });

  it("answers an unknown API path with a JSON 404, not the SPA", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});

describe("readiness", () => {
  it("is separate from liveness: ready once the database answers with every migration run", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: testDialect });
  });

  /**
   * The real app on a database of its own (empty, or a copy of the migrated template), which `prepare` may leave
   * behind or break before the check.
   */
  async function readyWhen(prepare: (database: TestDatabase) => Promise<Db>, { migrated = false } = {}) {
    const database = await createTestDatabase({ migrate: migrated });
    const db = await prepare(database);
    const app = await buildApp({ config: testConfig({ databaseUrl: database.url }), db });
    try {
      return {
        ready: await app.inject({ method: "GET", url: "/api/ready" }),
        health: await app.inject({ method: "GET", url: "/api/health" }),
      };
    } finally {
      await app.close();
      await database.dispose();
    }
  }

  it("answers 503 while migrations are pending, naming them, though the process is alive", async () => {
    const { ready, health } = await readyWhen(async (database) => {
      await migrateUpTo(database.db, "0008-likes");
      return database.db;
    });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe("database_unavailable");
    expect(ready.json().error.message).toContain("0009-catalogue-search");
    expect(health.statusCode).toBe(200);
  });

  it("answers 503 when the database does not answer", async () => {
    const { ready, health } = await readyWhen(
      async (database) => {
        // NOTE: a connection of the app's own, used once and closed: every later query fails, as it would with
        // a database that went away.
        // The database is migrated (a copy of the template, not migrated here: that took 10 s on PostgreSQL), so
        // only the closed connection can make the check fail.
        // It answers once before it closes: a pool never used would open afresh at the next query.
        const gone = createDb(database.url);
        await gone.kysely.selectFrom("users").select("id").limit(1).execute();
        await gone.close();
        return gone;
      },
      { migrated: true },
    );
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe("database_unavailable");
    expect(health.statusCode).toBe(503);
  });
});
