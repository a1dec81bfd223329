import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { passwordHashingDefaults } from "../config.ts";
import { SIGN_UP_ATTEMPT_SUBJECT } from "../mail/index.ts";
import { mailsTo } from "../test/outbox.ts";
import {
  cheapPasswordHashing,
  createTestApp,
  request,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { hashSessionToken } from "./accounts.ts";
import { hashPassword, passwordMatches } from "./auth.service.ts";

const welcomeSubject = "Welcome to Veggie Cart";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (payload: unknown) =>
  request(t.app, { method: "POST", url: "/api/auth/signup", payload: payload as object });
const login = (payload: unknown) =>
  request(t.app, { method: "POST", url: "/api/auth/login", payload: payload as object });
const me = (cookie?: string) => request(t.app, { method: "GET", url: "/api/auth/me", cookie });

describe("sign-up", () => {
  it("creates an account without starting a session", async () => {
    const res = await signup({ name: "Asha", email: "Asha@Example.com", password: "long enough" });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ name: "Asha", email: "asha@example.com" });
    expect(res.cookies).toHaveLength(0);
  });

  it("answers a taken e-mail, whatever its case, as a new one, and mails its owner instead (issue 40 #32)", async () => {
    const first = await signup({ name: "Ravi", email: "ravi@example.com", password: "long enough" });
    const fresh = await signup({ name: "Ravi 2", email: "ravi.two@example.com", password: "another one" });
    const taken = await signup({ name: "Ravi 2", email: " RAVI@example.com ", password: "another one" });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.headers["content-type"]).toBe(fresh.headers["content-type"]);
    const shape = (body: { user: Record<string, unknown> }) => ({ ...body.user, id: typeof body.user.id });
    expect(shape(taken.json())).toEqual({ ...shape(fresh.json()), email: "ravi@example.com" });
    expect(taken.json().user.id).not.toBe(first.json().user.id);
    expect(taken.cookies).toHaveLength(0);
    // The owner's password and account are unchanged; the owner hears of it, and nobody else.
    expect((await login({ email: "ravi@example.com", password: "long enough" })).statusCode).toBe(200);
    expect((await login({ email: "ravi@example.com", password: "another one" })).statusCode).toBe(401);
    const mails = await mailsTo(t, "ravi@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([welcomeSubject, SIGN_UP_ATTEMPT_SUBJECT]);
    expect(mails[1]!.text).toContain("http://shop.test/forgot-password");
  });

  it("caps the mails to a known address's owner per hour, answering an unknown address alike", async () => {
    const limited = await createTestApp({ signUpsPerHour: 3, authRateLimitPerMinute: 100 });
    try {
      const attempt = (email: string, i: number) =>
        request(limited.app, {
          method: "POST",
          url: "/api/auth/signup",
          payload: { name: "Someone", email, password: "long enough" },
          remoteAddress: `10.3.0.${i}`,
        });
      const known = [];
      for (let i = 0; i < 5; i++) known.push((await attempt(" Mira@Example.com", i)).statusCode);
      expect(known).toEqual([201, 201, 201, 429, 429]);
      const blocked = await attempt("mira@example.com", 9);
      expect(blocked.json().error.message).toBe(messages.tooManyRequestsLater);
      expect(blocked.headers["retry-after"]).toBeTruthy();
      // The first made the account; two attempts mailed its owner, the rest mailed nobody.
      const mails = await mailsTo(limited, "mira@example.com");
      expect(mails.map((mail) => mail.subject)).toEqual([
        welcomeSubject,
        SIGN_UP_ATTEMPT_SUBJECT,
        SIGN_UP_ATTEMPT_SUBJECT,
      ]);
      // An address without an account is held the same, so the limit tells nothing.
      const unknown = [];
      for (let i = 0; i < 5; i++) unknown.push((await attempt(`nobody${i}@example.com`, 20 + i)).statusCode);
      expect(unknown).toEqual([201, 201, 201, 201, 201]);
      const same = [];
      for (let i = 0; i < 4; i++) same.push((await attempt("new.one@example.com", 30 + i)).statusCode);
      expect(same).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it("needs name, email and password, with the product's message", async () => {
    for (const payload of [
      {},
      { name: "", email: "a@b.co", password: "long enough" },
      { name: "A", email: "a@b.co" },
    ]) {
      const res = await signup(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.signUpRequired);
    }
  });

  it("holds passwords to 8–128 characters", async () => {
    const short = await signup({ name: "A", email: "short@example.com", password: "1234567" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(messages.passwordTooShort);
    const long = await signup({ name: "A", email: "long@example.com", password: "x".repeat(129) });
    expect(long.json().error.fields.password).toBe(messages.passwordTooLong);
    const ok = await signup({ name: "A", email: "exact@example.com", password: "x".repeat(128) });
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a password that is only whitespace (issue 25, item 21)", async () => {
    for (const password of [" ".repeat(8), " \t \n \u00a0   "]) {
      const res = await signup({ name: "A", email: "blank@example.com", password });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toBe(messages.passwordBlank);
    }
    const spaced = await signup({ name: "A", email: "spaced@example.com", password: "  two  words  " });
    expect(spaced.statusCode).toBe(201);
  });

  it("answers wrong types, bad e-mails and unknown fields with 400 and a field message", async () => {
    const wrongType = await signup({ name: 42, email: "n@example.com", password: "long enough" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields.name).toBeTruthy();
    const badEmail = await signup({ name: "A", email: "not-an-email", password: "long enough" });
    expect(badEmail.json().error.fields.email).toBe(messages.invalidEmail);
    const extra = await signup({ name: "A", email: "x@example.com", password: "long enough", admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.admin).toMatch(/Unknown field/);
  });

  it("answers a huge body with 413, broken JSON with 400 and a non-JSON body with 415", async () => {
    const huge = await signup({
      name: "A".repeat(1024 * 1024),
      email: "h@example.com",
      password: "long enough",
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("payload_too_large");
    const broken = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/not valid JSON/);
    const text = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
  });

  it("stores an argon2id hash, never the password", async () => {
    // NOTE: an app at the production cost (the other tests hash cheaply, see test-app.ts).
    const shop = await createTestApp({ passwordHashing: passwordHashingDefaults });
    try {
      await request(shop.app, {
        method: "POST",
        url: "/api/auth/signup",
        payload: { name: "H", email: "hash@example.com", password: "secret password" },
      });
      const row = await shop.db.kysely
        .selectFrom("users")
        .selectAll()
        .where("email", "=", "hash@example.com")
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain("secret password");
    } finally {
      await shop.close();
    }
  });

  it("signs in with a password hashed at another cost than today's (a stored hash carries its own)", async () => {
    const cheap = await hashPassword("an older password", cheapPasswordHashing);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await passwordMatches(cheap, "an older password", passwordHashingDefaults)).toBe(true);
    expect(await passwordMatches(cheap, "another password", passwordHashingDefaults)).toBe(false);

    const user = await signUpAndLogIn(t.app);
    const atProductionCost = await hashPassword("a production-cost password", passwordHashingDefaults);
    await t.db.kysely
      .updateTable("users")
      .set({ password_hash: atProductionCost })
      .where("id", "=", user.id)
      .execute();
    const login = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "a production-cost password" },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("sign-in", () => {
  it("starts a session in an HttpOnly, SameSite=Lax cookie and stores only its hash", async () => {
    await signup({ name: "Meera", email: "meera@example.com", password: "long enough" });
    const res = await login({ email: "MEERA@example.com", password: "long enough" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: "meera@example.com", name: "Meera" });
    const cookie = res.cookies[0]!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.kysely.selectFrom("sessions").select("id").execute();
    expect(rows.map((r) => r.id)).toContain(hashSessionToken(cookie.value));
    expect(rows.map((r) => r.id)).not.toContain(cookie.value);
  });

  it("issues a new token at every login", async () => {
    const user = await signUpAndLogIn(t.app);
    const again = await login({ email: user.email, password: user.password });
    expect(`vc_session=${again.cookies[0]!.value}`).not.toBe(user.cookie);
  });

  it("gives one generic 401 for an unknown e-mail and for a wrong password", async () => {
    const user = await signUpAndLogIn(t.app);
    const wrongPassword = await login({ email: user.email, password: "wrong password" });
    const unknownEmail = await login({ email: "nobody@example.com", password: "wrong password" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error.message).toBe(messages.wrongCredentials);
  });

  it("needs email and password, with the product's message", async () => {
    for (const payload of [{}, { email: "a@example.com" }, { email: "", password: "x" }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.signInRequired);
    }
  });
});

describe("sessions", () => {
  it("tells who is signed in, and `user: null` (200, not an error) to a signed-out client", async () => {
    const user = await signUpAndLogIn(t.app, "Kiran");
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: user.id,
      email: user.email,
      name: "Kiran",
      operator: false,
      language: "en",
      phone: null,
    });
    for (const signedOut of [await me(), await me("vc_session=forged-token")]) {
      expect(signedOut.statusCode).toBe(200);
      expect(signedOut.json()).toEqual({ user: null, shopTimeZone: "Asia/Kolkata", shopCountries: ["IN"] });
    }
  });

  it("tells the browser the shop's time zone (SHOP_TIME_ZONE), signed in or out", async () => {
    const elsewhere = await createTestApp({ shopTimeZone: "Pacific/Kiritimati" });
    try {
      const user = await signUpAndLogIn(elsewhere.app, "Tala");
      for (const cookie of [undefined, user.cookie]) {
        const res = await request(elsewhere.app, { method: "GET", url: "/api/auth/me", cookie });
        expect(res.json().shopTimeZone).toBe("Pacific/Kiritimati");
      }
    } finally {
      await elsewhere.close();
    }
  });

  it("logout ends the session on the server, not just in the browser", async () => {
    const user = await signUpAndLogIn(t.app);
    const res = await request(t.app, { method: "POST", url: "/api/auth/logout", cookie: user.cookie });
    expect(res.statusCode).toBe(204);
    expect(res.cookies[0]).toMatchObject({ name: "vc_session", value: "" });
    expect((await me(user.cookie)).json().user).toBeNull();
  });

  it("ends a session past its absolute expiry or idle for too long", async () => {
    const expired = await signUpAndLogIn(t.app);
    const idle = await signUpAndLogIn(t.app);
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", expired.id)
      .execute();
    await t.db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString() })
      .where("user_id", "=", idle.id)
      .execute();
    expect((await me(expired.cookie)).json().user).toBeNull();
    expect((await me(idle.cookie)).json().user).toBeNull();
  });
});

describe("session cache", () => {
  it("a logout ends the session at once, even right after the session was used", async () => {
    const user = await signUpAndLogIn(t.app);
    expect((await me(user.cookie)).json().user).toMatchObject({ id: user.id });
    const out = await request(t.app, { method: "POST", url: "/api/auth/logout", cookie: user.cookie });
    expect(out.statusCode).toBe(204);
    expect((await me(user.cookie)).json().user).toBeNull();
    const list = await request(t.app, { method: "GET", url: "/api/products", cookie: user.cookie });
    expect(list.statusCode).toBe(401);
  });

  it("forgetting a user's sessions ends every session of that user at once (password change, suspension)", async () => {
    const user = await signUpAndLogIn(t.app);
    const second = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: user.password },
    });
    const secondCookie = second.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const cookie of [user.cookie, secondCookie]) {
      expect((await me(cookie)).json().user).toMatchObject({ id: user.id });
    }
    // What a password change or suspension does: change the database, then invalidate this user's sessions.
    await t.db.kysely.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    // NOTE: until invalidated, this instance still answers from its cache: the delay another instance sees.
    expect((await me(user.cookie)).json().user).toMatchObject({ id: user.id });
    t.app.sessionCache.forget({ userId: user.id });
    for (const cookie of [user.cookie, secondCookie]) {
      expect((await me(cookie)).json().user).toBeNull();
    }
  });
});

describe("public routes", () => {
  it("pictures and health checks never read the session, so they do not count as activity", async () => {
    const user = await signUpAndLogIn(t.app);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await t.db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: twoMinutesAgo })
      .where("user_id", "=", user.id)
      .execute();
    const lastSeen = async () =>
      (
        await t.db.kysely
          .selectFrom("sessions")
          .select("last_seen_at")
          .where("user_id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;

    for (const url of ["/api/health", "/api/deal/image?w=320"]) {
      const res = await request(t.app, { method: "GET", url, cookie: user.cookie });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await lastSeen()).toBe(twoMinutesAgo);

    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).not.toBe(twoMinutesAgo);
  });
});

describe("CSRF defence", () => {
  it("refuses a state-changing request without our header or from another origin", async () => {
    const user = await signUpAndLogIn(t.app);
    const noHeader = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: user.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe("csrf_rejected");
    const foreign = await request(t.app, {
      method: "POST",
      url: "/api/auth/logout",
      cookie: user.cookie,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  it("answers a flood of sign-ins with 429 and a clear message, per client and per account", async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 10 });
    try {
      const attempt = (email: string, ip: string) =>
        request(limited.app, {
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: ip,
          payload: { email, password: "wrong password" },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt("victim@example.com", "10.0.0.1")).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
      const blocked = await attempt("victim@example.com", "10.0.0.1");
      expect(blocked.json().error.message).toBe(messages.tooManyRequests);
      // The account's owner, elsewhere, is not locked out by the attacker.
      expect((await attempt("victim@example.com", "10.0.0.2")).statusCode).toBe(401);
      const perClient: number[] = [];
      for (let i = 0; i < 12; i++)
        perClient.push((await attempt(`other${i}@example.com`, "10.0.0.3")).statusCode);
      expect(perClient.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(perClient.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
