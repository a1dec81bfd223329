import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

/**
 * The routes a signed-out visitor may call. A new public route must be added here on purpose: the sweep
 * below fails for any route that is public without being listed, or listed without being public.
 */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "HEAD /api/health",
  "GET /api/ready",
  "HEAD /api/ready",
  "GET /api/images/:id",
  "HEAD /api/images/:id",
  "GET /api/deal/image",
  "HEAD /api/deal/image",
  "POST /api/auth/signup",
  "POST /api/auth/login",
  // NOTE: signed out is a normal state for the client's session probe: 200 with `user: null` (decision 011).
  "GET /api/auth/me",
  "HEAD /api/auth/me",
  // NOTE: the API's description and its interactive reference (every route under /api/docs) are public.
  "GET /api/openapi.json",
  "HEAD /api/openapi.json",
  // "Forgot password?" and the links mailed to people who may be signed out (decision 013).
  "POST /api/auth/password-reset",
  "POST /api/auth/password-reset/confirm",
  "POST /api/account/email/confirm",
  "POST /api/auth/operator-claim",
  "POST /api/auth/sign-in-link",
  // Signing in and up with a mobile number and a code (issue 37).
  "POST /api/auth/phone/code",
  "POST /api/auth/phone/verify",
  // NOTE: the payment gateway's return and webhook prove themselves by Razorpay's signature (decision 052).
  "GET /api/payments/return",
  "HEAD /api/payments/return",
  "POST /api/payments/webhook",
  // NOTE: the phone providers' webhooks prove themselves by WhatsApp's signature or MSG91's key (decision 063).
  "GET /api/notify/whatsapp/webhook",
  "HEAD /api/notify/whatsapp/webhook",
  "POST /api/notify/whatsapp/webhook",
  "POST /api/notify/sms/webhook",
]);
const isDocs = (name: string) => / \/api\/docs(\/|$)/.test(name);

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogIn(t.app, "Access Tester");
});
afterAll(() => t.close());

const apiRoutes = () => t.app.registeredRoutes.filter((route) => route.url.startsWith("/api"));
const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());

describe("every /api route needs a session unless it is declared public", () => {
  it("knows the routes it sweeps", () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it("answers a signed-out request with 401, whatever the route and however the path is cased", async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(name) || isDocs(name)) continue;
      const url = withIds(route.url);
      for (const spelling of [url, url.toUpperCase()]) {
        const res = await request(t.app, {
          method: route.method as "GET",
          url: spelling,
          ...(route.method === "GET" || route.method === "HEAD" ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401) failures.push(`${route.method} ${spelling} answered ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("declares public exactly the routes on the allow-list", () => {
    const docs = apiRoutes().filter((route) => isDocs(`${route.method} ${route.url}`));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((route) => route.public !== true)).toEqual([]);
    const declared = apiRoutes()
      .filter((route) => route.public !== undefined && !isDocs(`${route.method} ${route.url}`))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(declared).toEqual([...PUBLIC_ROUTES].sort());
  });
});

describe("the CSRF check cannot be sidestepped", () => {
  it("refuses POST /API/auth/login from a foreign origin without our header, and starts no session", async () => {
    for (const url of ["/API/auth/login", "/Api/Auth/Login", "/api/auth/login"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { origin: "https://evil.example" },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf_rejected");
      expect(res.cookies).toHaveLength(0);
    }
  });

  it("compares the Origin's scheme, host and port with the server's own", async () => {
    const login = (origin: string, host = "127.0.0.1:4103") =>
      request(t.app, {
        method: "POST",
        url: "/api/auth/login",
        headers: { origin, host },
        payload: { email: user.email, password: user.password },
      });
    expect((await login("https://127.0.0.1:4103")).statusCode).toBe(403);
    expect((await login("http://127.0.0.1:4104")).statusCode).toBe(403);
    expect((await login("http://localhost:4103")).statusCode).toBe(403);
    expect((await login("null")).statusCode).toBe(403);
    expect((await login("http://127.0.0.1:4103")).statusCode).toBe(200);
    expect((await login("http://127.0.0.1", "127.0.0.1:80")).statusCode).toBe(200);
  });

  it("compares with PUBLIC_ORIGIN when one is configured, whatever Host the request names", async () => {
    const shop = await createTestApp({ publicOrigin: "https://shop.example.com" });
    try {
      const signup = (origin: string) =>
        request(shop.app, {
          method: "POST",
          url: "/api/auth/signup",
          headers: { origin, host: "shop.example.com" },
          payload: { name: "Origin", email: `${randomUUID()}@example.com`, password: "long enough" },
        });
      expect((await signup("https://shop.example.com")).statusCode).toBe(201);
      expect((await signup("https://shop.example.com:443")).statusCode).toBe(201);
      expect((await signup("http://shop.example.com")).statusCode).toBe(403);
      expect((await signup("https://shop.example.com:8443")).statusCode).toBe(403);
      expect((await signup("https://evil.example")).statusCode).toBe(403);
    } finally {
      await shop.close();
    }
  });

  it("still needs our header on a same-origin request", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/quote",
      headers: { cookie: user.cookie },
      payload: { items: [] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("csrf_rejected");
  });
});

describe("private answers are never cached", () => {
  it("sends Cache-Control: no-store on orders, the inbox, me and errors", async () => {
    for (const url of ["/api/orders", "/api/messages/inbox", "/api/auth/me"]) {
      const res = await request(t.app, { method: "GET", url, cookie: user.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    // NOTE: the catalogue alone may be kept for offline use, privately and revalidated (cache.test.ts).
    const products = await request(t.app, { method: "GET", url: "/api/products", cookie: user.cookie });
    expect(products.headers["cache-control"]).toBe("private, no-cache");
    const signedOut = await request(t.app, { method: "GET", url: "/api/orders" });
    expect(signedOut.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the public picture cacheable", async () => {
    const res = await request(t.app, { method: "GET", url: "/api/deal/image" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/public/);
  });
});
