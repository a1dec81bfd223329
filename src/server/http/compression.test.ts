import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../demo/index.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/**
 * A render entry standing in for the built one (dist/ssr/entry-server.js, decision 037): every first screen
 * it is asked for is a long list, so the page is well over the compression threshold.
 */
const FAKE_ENTRY = `
export function setApiTransport() {}
export async function render(request) {
  const items = Array.from({ length: 400 }, (_, i) => "<li>Tomato " + i + " from farm " + (i % 7) + "</li>");
  return {
    kind: "page",
    language: "en",
    signedIn: false,
    html: "<main><h1>" + request.url + "</h1><ul>" + items.join("") + "</ul></main>",
    state: JSON.stringify({ url: request.url }),
    modules: [],
  };
}
`;

let t: TestApp;
let shopper: SignedInUser;
let root: string;
const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(4096, 7)]);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-compress-"));
  const clientDir = path.join(root, "client");
  fs.mkdirSync(clientDir);
  fs.writeFileSync(
    path.join(clientDir, "index.html"),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Veggie Cart</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, "picture.png"), png);
  fs.mkdirSync(path.join(root, "ssr"));
  fs.writeFileSync(path.join(root, "ssr", "entry-server.js"), FAKE_ENTRY);
  t = await createTestApp({ clientDir });
  await seedDemoCatalogue(t.db);
  shopper = await signUpAndLogIn(t.app, "Compressed Shopper");
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const decoded = (res: LightMyRequestResponse): string => {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(res.rawPayload).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(res.rawPayload).toString("utf8");
  return res.body;
};

describe("the server's own answers go out compressed when the client accepts it", () => {
  const asked = (url: string, acceptEncoding?: string) =>
    request(t.app, {
      method: "GET",
      url,
      cookie: shopper.cookie,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  for (const [what, url] of [
    ["a server-rendered page", "/login"],
    ["a large JSON answer", "/api/products?limit=48"],
  ] as const) {
    it(`sends ${what} as Brotli, gzip or plain as Accept-Encoding says, the same once decompressed`, async () => {
      const plain = await asked(url);
      const brotli = await asked(url, "gzip, deflate, br");
      const gzip = await asked(url, "gzip");
      for (const res of [plain, brotli, gzip]) expect(res.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(4096);
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      for (const res of [brotli, gzip]) {
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(decoded(res)).toBe(plain.body);
      }
    });
  }

  it("names Accept-Encoding in a page's Vary even when it goes plain, once", async () => {
    const plain = await asked("/signup");
    const brotli = await asked("/signup", "br");
    for (const res of [plain, brotli]) {
      expect(String(res.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    }
  });

  it("keeps one ETag for the catalogue, compressed or not, and answers 304 without a body to it", async () => {
    const brotli = await asked("/api/products?limit=48", "br");
    const plain = await asked("/api/products?limit=48");
    expect(brotli.headers.etag).toBeDefined();
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    const again = await request(t.app, {
      method: "GET",
      url: "/api/products?limit=48",
      cookie: shopper.cookie,
      headers: { "accept-encoding": "br", "if-none-match": String(brotli.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves small answers and pictures as they are", async () => {
    const small = await asked("/api/auth/me", "br");
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const picture = await asked("/picture.png", "br, gzip");
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-encoding"]).toBeUndefined();
    expect(picture.rawPayload.equals(png)).toBe(true);
  });

  it("answers HEAD for a page with its headers and no body", async () => {
    const head = await request(t.app, {
      method: "HEAD",
      url: "/login",
      headers: { "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(head.rawPayload.length).toBe(0);
  });

  it("still answers an unknown API path with a JSON 404, whatever its case", async () => {
    for (const url of ["/api/nope", "/API/nope", "/api"]) {
      const res = await asked(url, "br");
      expect(res.statusCode, url).toBe(404);
      expect(decoded(res), url).toContain('"not_found"');
    }
  });
});
