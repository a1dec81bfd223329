import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/api/orders/:id` as OpenAPI writes it: `/api/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");
/** The state-changing routes that take no body: everything they need is the session. */
const NO_BODY = new Set([
  "POST /api/auth/logout",
  "POST /api/account/sessions/revoke-others",
  "PUT /api/likes/:productId",
  "POST /api/orders/:id/pay",
]);
/** Routes a browser is sent to, whose success is a redirect (302) their description names, not a JSON body. */
const REDIRECTS = new Set(["GET /api/payments/return"]);
const isDocs = (url: string) => url === "/api/openapi.json" || /^\/api\/docs(\/|$)/.test(url);

describe("the API describes itself", () => {
  it("answers the same document again with 304 to a reader who holds it", async () => {
    const first = await request(t.app, { method: "GET", url: "/api/openapi.json" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await request(t.app, {
      method: "GET",
      url: "/api/openapi.json",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const reference = await request(t.app, { method: "GET", url: "/api/docs/json" });
    expect(reference.statusCode).toBe(302);
    expect(reference.headers.location).toBe("/api/openapi.json");
  });

  it("answers the same document as YAML, tagged and revalidated the same way", async () => {
    const json = (await request(t.app, { method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, unknown>;
    };
    const yaml = await request(t.app, { method: "GET", url: "/api/docs/yaml" });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers["content-type"]).toMatch(/^application\/x-yaml/);
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0$/m);
    for (const path of Object.keys(json.paths)) expect(yaml.body).toContain(`${path}:`);
    const again = await request(t.app, {
      method: "GET",
      url: "/api/docs/yaml",
      headers: { "if-none-match": yaml.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("lists every /api route in /api/openapi.json with its request and response schemas", async () => {
    const res = await request(t.app, { method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApi;
    expect(doc.openapi).toMatch(/^3\./);

    const routes = t.app.registeredRoutes.filter(
      (route) => route.url.startsWith("/api/") && route.method !== "HEAD" && !isDocs(route.url),
    );
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
      if (success.length === 0 && !REDIRECTS.has(name))
        problems.push(`${name}: no success response declared`);
      if (!operation.responses["4XX"] && !operation.responses["4xx"]) {
        problems.push(`${name}: no error response declared`);
      }
      for (const param of route.url.match(/:([A-Za-z]+)/g) ?? []) {
        const declared = operation.parameters?.some((p) => p.in === "path" && p.name === param.slice(1));
        if (!declared) problems.push(`${name}: path parameter ${param} not declared`);
      }
      if (["POST", "PUT", "PATCH"].includes(route.method) && !NO_BODY.has(name)) {
        const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        if (!body) problems.push(`${name}: no request body declared`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("describes the bodies from the shared schemas: sign-up's fields, an order's reply, the error shape", async () => {
    const doc = (await request(t.app, { method: "GET", url: "/api/openapi.json" })).json() as OpenApi;
    const signup = doc.paths["/api/auth/signup"]?.post;
    expect(JSON.stringify(signup?.requestBody)).toContain('"password"');
    const order = doc.paths["/api/orders/{id}"]?.get;
    expect(JSON.stringify(order?.responses["200"])).toContain('"shippingAddress"');
    expect(JSON.stringify(order?.responses["4XX"] ?? order?.responses["4xx"])).toContain(
      '"validation_failed"',
    );
  });

  it("serves an interactive reference at /api/docs, signed out, under the app's Content-Security-Policy", async () => {
    const page = await request(t.app, { method: "GET", url: "/api/docs" });
    const html = page.statusCode === 302 ? await request(t.app, { method: "GET", url: "/api/docs/" }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.body).toContain("swagger-ui");
    const csp = String(html.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    // Every script the page loads comes from our own origin, so the policy lets it run.
    const scripts = [...html.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src.startsWith("http")).toBe(false);
    expect(html.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});
