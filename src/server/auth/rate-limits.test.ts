import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { clientKey } from "../http/index.ts";
import { SIGN_IN_LINK_SUBJECT } from "../mail/index.ts";
import { linkToken, mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";

/**
 * The rate-limit attacks of issue 9, behind one trusted reverse proxy (TRUST_PROXY=1): the proxy appends the
 * address it saw to X-Forwarded-For, and everything before it is the client's own say.
 */
const PER_MINUTE = 15;
const PROXY_SEES = "203.0.113.9";

let t: TestApp;
const owner = { email: `owner.${randomUUID()}@example.com`, password: "owner's long password" };
const OWNER_ADDRESS = "198.51.100.7";
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, authRateLimitPerMinute: PER_MINUTE });
  const signup = await request(t.app, {
    method: "POST",
    url: "/api/auth/signup",
    headers: { "x-forwarded-for": OWNER_ADDRESS },
    payload: { name: "Owner", ...owner },
  });
  expect(signup.statusCode).toBe(201);
});
afterAll(() => t.close());

const login = (forwardedFor: string, email = owner.email, password = "a wrong guess") =>
  request(t.app, {
    method: "POST",
    url: "/api/auth/login",
    headers: { "x-forwarded-for": forwardedFor },
    payload: { email, password },
  });

describe("client addresses behind a proxy", () => {
  it("ignores what the client writes before the proxy's entry in X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await login(`10.0.${i}.${i}, ${PROXY_SEES}`, `x${randomUUID()}@example.com`)).statusCode,
      );
    }
    const guesses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      guesses.push((await login(`192.0.2.${i}, ${PROXY_SEES}`, `victim@example.com`)).statusCode);
    }
    // NOTE: per account and address the budget is a fifth of PER_MINUTE: the fourth guess is refused.
    expect(guesses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(guesses.slice(3)).toEqual([429, 429, 429]);
  });

  it("counts IPv6 clients by their /64", async () => {
    expect(clientKey("2001:db8:1:2:3:4:5:6")).toBe(clientKey("2001:db8:1:2::ffff"));
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    const statuses: number[] = [];
    for (let i = 1; i <= PER_MINUTE + 2; i += 1) {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/auth/signup",
        headers: { "x-forwarded-for": `2001:db8:aa:bb::${i.toString(16)}` },
        payload: { email: `v6.${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PER_MINUTE).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429]);
  });
});

describe("an account's overall sign-in budget", () => {
  it("refuses guesses from rotating addresses with 429 and Retry-After, yet lets the owner in from home", {
    timeout: 60_000,
  }, async () => {
    const home = await login(OWNER_ADDRESS, owner.email, owner.password);
    expect(home.statusCode).toBe(200);
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < PER_MINUTE + 4; i += 1) {
      const res = await login(`192.0.2.77, 198.18.${i}.1`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers["retry-after"];
    }
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(PER_MINUTE - 1);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await login("198.18.200.1", owner.email, owner.password)).statusCode).toBe(429);
    expect((await login(OWNER_ADDRESS, owner.email, owner.password)).statusCode).toBe(200);
  });

  it("mails the owner a one-time sign-in link when the password is right while the account is throttled (issue 25, item 10)", async () => {
    // The budget is spent (the test above); a wrong password gets the same answer, and no mail.
    const wrong = await login("198.18.201.1", owner.email, "still guessing");
    const right = await login("198.18.202.1", owner.email, owner.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().error.message).toBe(messages.signInThrottled);
    const links = (await mailsTo(t, owner.email)).filter((mail) => mail.subject === SIGN_IN_LINK_SUBJECT);
    expect(links).toHaveLength(1);

    const openLink = () =>
      request(t.app, {
        method: "POST",
        url: "/api/auth/sign-in-link",
        payload: { token: linkToken(links[0]) },
      });
    const signedIn = await openLink();
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(owner.email);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await request(t.app, { method: "GET", url: "/api/auth/me", cookie })).json().user.email).toBe(
      owner.email,
    );
    expect((await openLink()).statusCode).toBe(400);
  });
});

describe("with REDIS_URL, limits are shared by every instance", () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `veggie-cart-test:${randomBytes(6).toString("hex")}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl, redisPrefix: prefix, authRateLimitPerMinute: PER_MINUTE });
    b = await createTestApp({ redisUrl, redisPrefix: prefix, authRateLimitPerMinute: PER_MINUTE });
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await a?.close();
    await b?.close();
  });

  it("keeps no e-mail address in clear in any key (issue 40 #25)", async () => {
    const email = `Clear.Text.${randomBytes(4).toString("hex")}@Example.com`;
    const password = "correct horse battery";
    const send = (url: string, payload: object) =>
      request(a.app, { method: "POST", url, payload, remoteAddress: "10.9.0.1" });
    expect((await send("/api/auth/signup", { name: "Clear", email, password })).statusCode).toBe(201);
    expect((await send("/api/auth/login", { email, password })).statusCode).toBe(200);
    expect((await send("/api/auth/password-reset", { email })).statusCode).toBe(202);
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.includes("auth-known:"))).toBe(true);
      expect(keys.filter((key) => key.includes("@") || key.toLowerCase().includes("clear.text"))).toEqual([]);
    } finally {
      await redis.quit();
    }
  });

  it("counts one client's requests to two instances together, in Redis under our prefix", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i += 1) {
      const app = i % 2 === 0 ? a : b;
      const payload = { email: `redis.${i}@example.com` };
      statuses.push(
        (await request(app.app, { method: "POST", url: "/api/auth/signup", payload })).statusCode,
      );
    }
    expect(statuses.slice(0, PER_MINUTE).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429]);
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });
});
