import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("security headers (computed once, sent on every reply)", () => {
  it("are on an answer, a refusal and an unknown path alike", async () => {
    const replies = [
      await t.app.inject({ method: "GET", url: "/api/health" }),
      await t.app.inject({ method: "GET", url: "/api/products?limit=24" }),
      await t.app.inject({ method: "GET", url: "/api/no-such-thing" }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const reply of replies) {
      expect(reply.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(reply.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["referrer-policy"]).toBe("no-referrer");
    }
  });
});
