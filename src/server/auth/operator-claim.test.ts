import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../shared/messages.ts";
import { EMAIL_CHANGE_SUBJECT, OPERATOR_CLAIM_SUBJECT, PASSWORD_RESET_SUBJECT } from "../mail/index.ts";
import { linkToken, mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";

/** Issue 25, item 1: operator rights from OPERATOR_EMAILS only for an account that proved the address. */
const LISTED = ["boss@example.com", "second@example.com", "third@example.com", "fourth@example.com"];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ operatorEmails: LISTED });
});
afterAll(() => t.close());

const PASSWORD = "long enough password";
const call = (method: "GET" | "POST" | "DELETE", url: string, cookie?: string, payload?: object) =>
  request(t.app, { method, url, cookie, ...(payload ? { payload } : {}) });
const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Signs up and in with `email`; answers the cookie and what sign-up said of the account. */
async function account(email: string, name = "Someone") {
  const signup = await call("POST", "/api/auth/signup", undefined, { name, email, password: PASSWORD });
  expect(signup.statusCode).toBe(201);
  const login = await call("POST", "/api/auth/login", undefined, { email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return { cookie: cookieOf(login), signedUpAs: signup.json().user, signedInAs: login.json().user };
}
const isOperatorNow = async (cookie: string) =>
  (await call("GET", "/api/auth/me", cookie)).json().user?.operator === true &&
  (await call("GET", "/api/admin/users", cookie)).statusCode === 200;
const claimLinks = async (email: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.subject === OPERATOR_CLAIM_SUBJECT).map(linkToken);
const claim = (token: string) => call("POST", "/api/auth/operator-claim", undefined, { token });

describe("operator rights from OPERATOR_EMAILS", () => {
  it("are not given by signing up with a listed address, only by the link mailed to it", async () => {
    const boss = await account("Boss@Example.com", "Boss");
    expect(boss.signedUpAs.operator).toBe(false);
    expect(boss.signedInAs.operator).toBe(false);
    expect(await isOperatorNow(boss.cookie)).toBe(false);

    // One link at sign-up; the sign-in right after does not mail another.
    const links = await claimLinks("boss@example.com");
    expect(links).toHaveLength(1);
    const [mail] = (await mailsTo(t, "boss@example.com")).filter((m) => m.subject === OPERATOR_CLAIM_SUBJECT);
    expect(mail!.text).toContain(`http://shop.test/account/confirm-operator#token=${links[0]}`);

    const opened = await claim(links[0]!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().message).toBe(accountMessages.operatorConfirmed);
    expect(await isOperatorNow(boss.cookie)).toBe(true);
    expect((await claim(links[0]!)).statusCode).toBe(400);
  });

  it("never pass to a later holder of the address, after the operator changes address or leaves", async () => {
    const first = await account("second@example.com", "First");
    expect((await claim((await claimLinks("second@example.com"))[0]!)).statusCode).toBe(200);
    expect(await isOperatorNow(first.cookie)).toBe(true);

    // The operator moves to another address: the right stays with the account, not with the address.
    const moved = await call("POST", "/api/account/email", first.cookie, {
      email: "first.elsewhere@example.com",
      password: PASSWORD,
    });
    expect(moved.statusCode).toBe(202);
    const change = (await mailsTo(t, "first.elsewhere@example.com")).find(
      (m) => m.subject === EMAIL_CHANGE_SUBJECT,
    );
    expect(
      (await call("POST", "/api/account/email/confirm", undefined, { token: linkToken(change) })).statusCode,
    ).toBe(200);
    expect(await isOperatorNow(first.cookie)).toBe(true);

    const later = await account("second@example.com", "Later");
    expect(later.signedUpAs.operator).toBe(false);
    expect(await isOperatorNow(later.cookie)).toBe(false);
    // Even a link opened by the new holder of the mailbox does not make a second operator from one address.
    const [laterLink] = (await claimLinks("second@example.com")).slice(-1);
    const refused = await claim(laterLink!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(accountMessages.operatorClaimTaken);
    expect(await isOperatorNow(later.cookie)).toBe(false);

    // The same after the operator deletes the account.
    const leaving = await account("third@example.com", "Leaving");
    expect((await claim((await claimLinks("third@example.com"))[0]!)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/account", leaving.cookie, { password: PASSWORD })).statusCode).toBe(
      204,
    );
    const next = await account("third@example.com", "Next");
    expect(await isOperatorNow(next.cookie)).toBe(false);
    expect((await claim((await claimLinks("third@example.com")).at(-1)!)).statusCode).toBe(400);
    expect(await isOperatorNow(next.cookie)).toBe(false);
  });

  it("are also proved by a password reset link to the listed address", async () => {
    const owner = await account("fourth@example.com", "Owner");
    expect(await isOperatorNow(owner.cookie)).toBe(false);
    expect(
      (await call("POST", "/api/auth/password-reset", undefined, { email: "fourth@example.com" })).statusCode,
    ).toBe(202);
    const reset = (await mailsTo(t, "fourth@example.com")).find((m) => m.subject === PASSWORD_RESET_SUBJECT);
    const done = await call("POST", "/api/auth/password-reset/confirm", undefined, {
      token: linkToken(reset),
      password: "another long password",
    });
    expect(done.statusCode).toBe(204);
    const login = await call("POST", "/api/auth/login", undefined, {
      email: "fourth@example.com",
      password: "another long password",
    });
    expect(login.json().user.operator).toBe(true);
  });
});
