import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { OPERATOR_CLAIM_SUBJECT } from "../mail/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { linkToken, mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { runOperatorCommand } from "./operator-command.ts";

let t: TestApp;
let operator: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ operatorEmails: ["boss@example.com"] });
  operator = await signUpOperator(t.app, t.db);
});
afterAll(() => t.close());

const me = (cookie: string) => request(t.app, { method: "GET", url: "/api/auth/me", cookie });
const suspend = (id: string, body: object, cookie = operator.cookie) =>
  request(t.app, { method: "POST", url: `/api/admin/users/${id}/suspend`, payload: body, cookie });
const reinstate = (id: string, body: object, cookie = operator.cookie) =>
  request(t.app, { method: "POST", url: `/api/admin/users/${id}/reinstate`, payload: body, cookie });
const login = (user: SignedInUser) =>
  request(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: user.password },
  });

describe("who is an operator", () => {
  it("is told by /api/auth/me, for a granted account and for a proved address in OPERATOR_EMAILS", async () => {
    expect((await me(operator.cookie)).json().user.operator).toBe(true);
    const plain = await signUpAndLogIn(t.app);
    expect((await me(plain.cookie)).json().user.operator).toBe(false);

    const signup = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Boss", email: "Boss@Example.com", password: "long enough" },
    });
    // NOTE: signing up proves nothing; the link mailed to the address does (decision 021).
    expect(signup.json().user.operator).toBe(false);
    const [link] = (await mailsTo(t, "boss@example.com")).filter((m) => m.subject === OPERATOR_CLAIM_SUBJECT);
    const claimed = await request(t.app, {
      method: "POST",
      url: "/api/auth/operator-claim",
      payload: { token: linkToken(link) },
    });
    expect(claimed.statusCode).toBe(200);
    const boss = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "boss@example.com", password: "long enough" },
    });
    expect(boss.json().user.operator).toBe(true);
    const cookie = boss.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await request(t.app, { method: "GET", url: "/api/admin/users", cookie })).statusCode).toBe(200);
  });

  it("npm run operator grants and revokes, recorded in the database and the audit log", async () => {
    const user = await signUpAndLogIn(t.app);
    const usersRoute = () => request(t.app, { method: "GET", url: "/api/admin/users", cookie: user.cookie });
    expect((await usersRoute()).statusCode).toBe(403);

    // NOTE: the command tells the servers' session caches (through Redis when there is one: session-bus.ts).
    const granted = await runOperatorCommand(
      t.db.kysely,
      { operatorEmails: [] },
      ["grant", user.email.toUpperCase()],
      t.app.sessionCache,
    );
    expect(granted).toEqual({ exitCode: 0, lines: [`${user.email} is now an operator.`] });
    expect((await usersRoute()).statusCode).toBe(200);
    expect(
      (await runOperatorCommand(t.db.kysely, { operatorEmails: [] }, ["grant", user.email])).lines,
    ).toEqual([`${user.email} already is an operator.`]);

    const revoked = await runOperatorCommand(
      t.db.kysely,
      { operatorEmails: [] },
      ["revoke", user.email],
      t.app.sessionCache,
    );
    expect(revoked.lines).toEqual([`${user.email} is no longer an operator.`]);
    expect((await usersRoute()).statusCode).toBe(403);

    const audit = await request(t.app, {
      method: "GET",
      url: "/api/admin/audit?limit=100",
      cookie: operator.cookie,
    });
    const mine = audit
      .json()
      .items.filter((entry: { target: { id: string } }) => entry.target.id === user.id);
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual([
      "operator.revoke",
      "operator.grant",
    ]);
    expect(mine[0].actor).toEqual({ id: null, email: "command line (npm run operator)" });
  });

  it("npm run operator refuses an unknown account and bad usage, and warns about OPERATOR_EMAILS", async () => {
    const unknown = await runOperatorCommand(t.db.kysely, { operatorEmails: [] }, [
      "grant",
      "nobody@example.com",
    ]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.lines[0]).toMatch(/must sign up first/);
    expect(
      (await runOperatorCommand(t.db.kysely, { operatorEmails: [] }, ["promote", "x@example.com"])).exitCode,
    ).toBe(2);
    expect((await runOperatorCommand(t.db.kysely, { operatorEmails: [] }, [])).exitCode).toBe(2);
    const boss = await runOperatorCommand(t.db.kysely, { operatorEmails: ["boss@example.com"] }, [
      "revoke",
      "boss@example.com",
    ]);
    expect(boss.lines[1]).toMatch(/listed in OPERATOR_EMAILS/);
    const list = await runOperatorCommand(t.db.kysely, { operatorEmails: ["boss@example.com"] }, ["list"]);
    expect(list.lines.join("\n")).toContain(operator.email);
    expect(list.lines.join("\n")).toContain("boss@example.com");
  });
});

describe("suspending an account", () => {
  it("ends its sessions at once, refuses its sign-in with a clear 403, and hides its products", async () => {
    const farmer = await signUpAndLogIn(t.app, "Suspect Farmer");
    const secondSession = await login(farmer);
    expect(secondSession.statusCode).toBe(200);
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Dubious Dates", pricePaise: 9900 });
    const shopper = await signUpAndLogIn(t.app);
    const shopHas = async () =>
      (
        await request(t.app, {
          method: "GET",
          url: "/api/products?limit=48&q=dubious",
          cookie: shopper.cookie,
        })
      )
        .json()
        .items.map((p: { id: string }) => p.id);
    await t.db.kysely.updateTable("products").set({ image_id: null }).where("id", "=", product.id).execute();

    const res = await suspend(farmer.id, { reason: "  Selling things that are not food  " });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: farmer.id,
      suspended: true,
      suspendedReason: "Selling things that are not food",
      products: 1,
    });
    // The open session is refused on its very next request.
    const next = await request(t.app, { method: "GET", url: "/api/orders", cookie: farmer.cookie });
    expect(next.statusCode).toBe(401);
    expect((await me(farmer.cookie)).json().user).toBeNull();
    const sessions = await t.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", farmer.id)
      .execute();
    expect(sessions).toEqual([]);

    const again = await login(farmer);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      code: "account_suspended",
      message: messages.accountSuspended,
    });
    expect(again.cookies).toHaveLength(0);
    // A wrong password still gets the generic answer: the suspension is not revealed to a guesser.
    const guess = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: farmer.email, password: "wrong password" },
    });
    expect(guess.statusCode).toBe(401);

    // Its products are out of the shop, and cannot be bought.
    expect(await shopHas()).toEqual([]);
    const quote = await request(t.app, {
      method: "POST",
      url: "/api/orders/quote",
      cookie: shopper.cookie,
      payload: { items: [{ productId: product.id, quantity: 1 }] },
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().error.message).toBe(
      "Line 1: Dubious Dates has been taken off the shop and can no longer be ordered. Remove it from your cart and try again.",
    );

    // Suspending twice is refused; reinstating lets it back in.
    expect((await suspend(farmer.id, { reason: "again" })).statusCode).toBe(409);
    const back = await reinstate(farmer.id, { reason: "Appeal accepted" });
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ suspended: false, suspendedReason: null });
    expect((await login(farmer)).statusCode).toBe(200);
    const quoteAgain = await request(t.app, {
      method: "POST",
      url: "/api/orders/quote",
      cookie: shopper.cookie,
      payload: { items: [{ productId: product.id, quantity: 1 }] },
    });
    expect(quoteAgain.statusCode).toBe(200);
    expect((await reinstate(farmer.id, { reason: "again" })).statusCode).toBe(409);

    const audit = (
      await request(t.app, { method: "GET", url: "/api/admin/audit", cookie: operator.cookie })
    ).json();
    const entries = audit.items.filter((e: { target: { id: string } }) => e.target.id === farmer.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "user.reinstate",
        reason: "Appeal accepted",
        // Named, not only by id (issue 25, item 21).
        actor: { id: operator.id, email: operator.email, name: operator.name },
        target: { type: "user", id: farmer.id, label: `${farmer.name} (${farmer.email})` },
      }),
      expect.objectContaining({ action: "user.suspend", reason: "Selling things that are not food" }),
    ]);
  });

  it("needs a reason, a known account, and never the operator's own account", async () => {
    const user = await signUpAndLogIn(t.app);
    for (const body of [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: 42 },
      { reason: "x".repeat(501) },
      { reason: "a\u0000b" },
    ]) {
      const res = await suspend(user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields.reason).toBeTruthy();
    }
    expect((await suspend(user.id, { reason: "ok", extra: 1 })).statusCode).toBe(400);
    expect((await suspend("00000000-0000-4000-8000-000000000000", { reason: "ghost" })).statusCode).toBe(404);
    expect((await suspend("bad%00id", { reason: "nul" })).statusCode).toBe(400);
    expect((await suspend("x".repeat(200), { reason: "long" })).statusCode).toBe(414);
    const self = await suspend(operator.id, { reason: "oops" });
    expect(self.statusCode).toBe(409);
    expect((await me(operator.cookie)).json().user.id).toBe(operator.id);
    expect((await me(user.cookie)).json().user.id).toBe(user.id);
  });

  it("two suspensions at once suspend once and write one audit entry", async () => {
    const user = await signUpAndLogIn(t.app);
    const results = await Promise.all([
      suspend(user.id, { reason: "one" }),
      suspend(user.id, { reason: "two" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.db.kysely
      .selectFrom("audit_log")
      .select("id")
      .where("target_id", "=", user.id)
      .execute();
    expect(entries).toHaveLength(1);
  });
});

describe("searching accounts", () => {
  it("finds by name or e-mail, whatever the case, pages with a cursor and filters by status", async () => {
    const a = await signUpAndLogIn(t.app, "Zoë Quinceharvest");
    const b = await signUpAndLogIn(t.app, "Quincy Adams");
    await suspend(b.id, { reason: "test" });
    const list = (query: string) =>
      request(t.app, { method: "GET", url: `/api/admin/users?${query}`, cookie: operator.cookie });

    const byName = (await list("q=ZOË")).json();
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([a.id]);
    const byEmail = (await list(`q=${encodeURIComponent(b.email.toUpperCase())}`)).json();
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect((await list("q=quinc")).json().items).toHaveLength(2);
    expect((await list("q=quinc&status=suspended")).json().items.map((u: { id: string }) => u.id)).toEqual([
      b.id,
    ]);
    expect((await list("q=%25")).json().items).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await list(`limit=2${cursor ? `&cursor=${cursor}` : ""}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    const total = await t.db.kysely.selectFrom("users").select("id").execute();
    expect(new Set(seen).size).toBe(total.length);
    expect(seen).toHaveLength(total.length);

    expect((await list("cursor=garbage!")).statusCode).toBe(400);
    expect((await list("limit=1000")).statusCode).toBe(400);
    expect((await list("status=banned")).statusCode).toBe(400);
  });
});
