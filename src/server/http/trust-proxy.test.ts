import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";

/**
 * Issue 25, item 6: X-Forwarded-For is believed only from the proxies TRUST_PROXY names (a hop count: from
 * private and loopback peers only), and a value that is not an IP address is never a client's key.
 */
const PER_MINUTE = 5;
const signIns = async (t: TestApp, remoteAddress: string, forwardedFor: (i: number) => string) => {
  const statuses: number[] = [];
  for (let i = 0; i < PER_MINUTE + 1; i += 1) {
    const res = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor(i) },
      payload: { email: `nobody.${randomUUID()}@example.com`, password: "a wrong guess" },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
};
const LIMITED = [...Array(PER_MINUTE).fill(401), 429];
const NOT_LIMITED = Array(PER_MINUTE + 1).fill(401);

describe("TRUST_PROXY=1 (a hop count)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1, authRateLimitPerMinute: PER_MINUTE });
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For from a peer on a public address, which reached the port directly", async () => {
    expect(await signIns(t, "198.51.100.50", (i) => `192.0.2.${i}`)).toEqual(LIMITED);
  });

  it("believes it from a proxy on a private address", async () => {
    expect(await signIns(t, "10.1.2.3", (i) => `192.0.2.${100 + i}`)).toEqual(NOT_LIMITED);
  });

  it("never takes a value that is not an IP address as the client's key", async () => {
    expect(await signIns(t, "10.1.2.4", (i) => `not-an-address-${i}`)).toEqual(LIMITED);
  });
});

describe("TRUST_PROXY naming the proxy's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ["10.9.9.9"], authRateLimitPerMinute: PER_MINUTE });
  });
  afterAll(() => t.close());

  it("believes X-Forwarded-For from that proxy only", async () => {
    expect(await signIns(t, "10.9.9.9", (i) => `198.51.100.${i}`)).toEqual(NOT_LIMITED);
    expect(await signIns(t, "10.9.9.8", (i) => `198.51.100.${i + 50}`)).toEqual(LIMITED);
    expect(await signIns(t, "10.9.9.9", (i) => `${"z".repeat(i + 1)}`)).toEqual(LIMITED);
  });
});
