import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, orderMessages } from "../../shared/messages.ts";
import { orderNumber as orderNumberOf } from "../../shared/schemas/orders.ts";
import { phoneMessages } from "../../shared/schemas/phone.ts";
import { PHONE_CODE_LOCKED_SUBJECT } from "../mail/index.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { postOrder, testShipping } from "../test/order-helpers.ts";
import { codeSentTo, mailsTo, phoneMessagesTo } from "../test/outbox.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

// Issue 37: signing up and in with a mobile number and a 6-digit code. Time moves by the app's clock.

let now = new Date("2026-12-07T10:00:00.000Z");
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

/** A fresh Indian mobile number per test (the limits count per number), typed as people type it. */
let serial = 10_000;
const newNumber = () => {
  serial += 1;
  return { typed: `98765 ${serial}`, e164: `+9198765${serial}` };
};

const askCode = (phone: string, extra: object = {}, remoteAddress?: string) =>
  request(t.app, {
    method: "POST",
    url: "/api/auth/phone/code",
    payload: { phone, purpose: "sign-in", ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const verify = (payload: object) =>
  request(t.app, { method: "POST", url: "/api/auth/phone/verify", payload });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const me = (cookie: string) => request(t.app, { method: "GET", url: "/api/auth/me", cookie });

/** Signs a new number up; a fresh code each time, as the 30 seconds between codes have passed. */
async function signUpByPhone(name = "Meena") {
  const number = newNumber();
  expect((await askCode(number.typed, { purpose: "sign-up" })).statusCode).toBe(202);
  const res = await verify({ phone: number.typed, code: await codeSentTo(t, number.e164), name });
  expect(res.statusCode).toBe(201);
  later(31 * SECOND);
  return { ...number, user: res.json().user, cookie: cookieOf(res) };
}

describe("signing up and in with a mobile number", () => {
  it("sends a 6-digit code to the outbox, signs up with a name, and signs in again with a new code", async () => {
    const number = newNumber();
    const sent = await askCode(number.typed, { purpose: "sign-up" });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ message: phoneMessages.codeSent });
    const [message] = await phoneMessagesTo(t, number.e164);
    expect(message).toMatchObject({ channel: "whatsapp", language: "en", to: number.e164 });
    expect(message!.text).toMatch(/^\d{6} is your Veggie Cart code\. It works for 5 minutes\./);
    const code = await codeSentTo(t, number.e164);

    // A number without an account is asked for the name; the code still works once it is given.
    const nameless = await verify({ phone: number.typed, code });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toMatchObject({
      code: "validation_failed",
      fields: { name: phoneMessages.nameNeeded },
    });
    expect(nameless.cookies).toHaveLength(0);

    const created = await verify({ phone: `+91 ${number.typed}`, code, name: "Meena Patil" });
    expect(created.statusCode).toBe(201);
    const user = created.json().user;
    expect(user).toMatchObject({ name: "Meena Patil", email: null, phone: number.e164, operator: false });
    const cookie = cookieOf(created);
    expect((await me(cookie)).json().user).toMatchObject({ id: user.id, phone: number.e164, email: null });

    // The same server session as a password's: listed among the devices, ended by signing out.
    const devices = await request(t.app, { method: "GET", url: "/api/account/sessions", cookie });
    expect(devices.json().sessions).toHaveLength(1);
    expect((await request(t.app, { method: "POST", url: "/api/auth/logout", cookie })).statusCode).toBe(204);
    expect((await me(cookie)).json().user).toBeNull();

    // The used code is dead; a new one signs the same account in (200), whatever the name sent.
    expect((await verify({ phone: number.typed, code })).json().error.code).toBe("invalid_code");
    later(31 * SECOND);
    expect((await askCode(number.e164)).statusCode).toBe(202);
    const again = await verify({ phone: number.typed, code: await codeSentTo(t, number.e164), name: "X" });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toMatchObject({ id: user.id, name: "Meena Patil" });
  });

  it("answers a known number and an unknown one alike, and only a non-mobile number with a 400", async () => {
    const known = await signUpByPhone();
    const unknown = newNumber();
    const a = await askCode(known.typed);
    const b = await askCode(unknown.typed);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    expect(a.headers["content-type"]).toBe(b.headers["content-type"]);
    expect(a.cookies).toEqual(b.cookies);

    for (const wrong of ["020 7183 8750", "12345", "+44 20 7183 8750", "phone"]) {
      const res = await askCode(wrong);
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "validation_failed",
        fields: { phone: phoneMessages.notMobile },
      });
    }
    // Another country's mobile, typed with its code, is a mobile number.
    expect((await askCode("+44 7400 123456")).statusCode).toBe(202);
    expect((await askCode("", {})).json().error.fields).toEqual({ phone: phoneMessages.phoneRequired });
  });

  it("keeps a code 5 minutes by the server's clock", async () => {
    const number = newNumber();
    await askCode(number.typed);
    const code = await codeSentTo(t, number.e164);
    later(5 * MINUTE);
    const expired = await verify({ phone: number.typed, code, name: "Late" });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: "invalid_code", message: phoneMessages.codeWrong });

    const other = newNumber();
    await askCode(other.typed);
    later(5 * MINUTE - SECOND);
    const inTime = await verify({
      phone: other.typed,
      code: await codeSentTo(t, other.e164),
      name: "On time",
    });
    expect(inTime.statusCode).toBe(201);
  });

  it("kills a code at its third wrong try, and answers every failure alike", async () => {
    const number = newNumber();
    await askCode(number.typed);
    const code = await codeSentTo(t, number.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await verify({ phone: number.typed, code: wrong, name: "G" })).body);
    expect(new Set(answers).size).toBe(1);
    const right = await verify({ phone: number.typed, code, name: "G" });
    expect(right.statusCode).toBe(400);
    expect(right.body).toBe(answers[0]);
    // Never sent a code at all: the same answer.
    expect((await verify({ phone: newNumber().typed, code, name: "G" })).body).toBe(answers[0]);

    // Two wrong tries leave the right code working.
    later(31 * SECOND);
    await askCode(number.typed);
    const fresh = await codeSentTo(t, number.e164);
    const wrongToo = fresh === "000000" ? "111111" : "000000";
    for (let i = 0; i < 2; i++) await verify({ phone: number.typed, code: wrongToo, name: "G" });
    expect((await verify({ phone: number.typed, code: fresh, name: "G" })).statusCode).toBe(201);
  });

  it("tells the owner by e-mail when a code to their number dies of wrong tries, naming its last digits", async () => {
    const user = await signUpAndLogIn(t.app, "Owner");
    const number = newNumber();
    await request(t.app, {
      method: "POST",
      url: "/api/account/phone",
      cookie: user.cookie,
      payload: { phone: number.typed },
    });
    const added = await codeSentTo(t, number.e164);
    await request(t.app, {
      method: "POST",
      url: "/api/account/phone/confirm",
      cookie: user.cookie,
      payload: { code: added },
    });
    later(31 * SECOND);
    await askCode(number.typed);
    const code = await codeSentTo(t, number.e164);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 2; i++) await verify({ phone: number.typed, code: wrong });
    expect((await mailsTo(t, user.email)).map((mail) => mail.subject)).not.toContain(
      PHONE_CODE_LOCKED_SUBJECT,
    );
    await verify({ phone: number.typed, code: wrong });
    const [notice] = (await mailsTo(t, user.email)).filter(
      (mail) => mail.subject === PHONE_CODE_LOCKED_SUBJECT,
    );
    expect(notice!.text).toContain(`ending in ${number.e164.slice(-3)} was typed wrong 3 times`);
    expect(notice!.text).not.toContain(number.e164);
    expect(notice!.text).not.toContain(code);
  });

  it("counts wrong guesses sent at once, each of them", async () => {
    const number = newNumber();
    await askCode(number.typed);
    const code = await codeSentTo(t, number.e164);
    const wrong = ["000001", "000002", "000003", "000004", "000005"].filter((c) => c !== code);
    await Promise.all(wrong.map((guess) => verify({ phone: number.typed, code: guess, name: "G" })));
    expect((await verify({ phone: number.typed, code, name: "G" })).statusCode).toBe(400);
  });

  it("signs in once when the right code is sent twice at once (a double click)", async () => {
    const number = newNumber();
    await askCode(number.typed);
    const code = await codeSentTo(t, number.e164);
    const both = await Promise.all([
      verify({ phone: number.typed, code, name: "Twice" }),
      verify({ phone: number.typed, code, name: "Twice" }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });

  it("sends a number a new code at most every 30 seconds and 5 an hour; a new one replaces the old", async () => {
    const number = newNumber();
    expect((await askCode(number.typed)).statusCode).toBe(202);
    const first = await codeSentTo(t, number.e164);
    later(10 * SECOND);
    const soon = await askCode(number.typed);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatchObject({ code: "rate_limited", message: phoneMessages.resendTooSoon });
    expect(soon.headers["retry-after"]).toBe("20");
    expect(await phoneMessagesTo(t, number.e164)).toHaveLength(1);

    later(20 * SECOND);
    expect((await askCode(number.typed)).statusCode).toBe(202);
    const second = await codeSentTo(t, number.e164);
    if (second !== first) {
      expect((await verify({ phone: number.typed, code: first, name: "Old" })).statusCode).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      later(30 * SECOND);
      expect((await askCode(number.typed)).statusCode).toBe(202);
    }
    later(30 * SECOND);
    const sixth = await askCode(number.typed);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(phoneMessages.tooManyCodes);
    expect(await phoneMessagesTo(t, number.e164)).toHaveLength(5);
    // An hour after the first code, one more may go.
    later(60 * MINUTE - 2 * MINUTE);
    expect((await askCode(number.typed)).statusCode).toBe(202);
  });

  it("sends one code when three requests for a number come at once", async () => {
    const number = newNumber();
    const answers = await Promise.all([askCode(number.typed), askCode(number.typed), askCode(number.typed)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 429, 429]);
    expect(await phoneMessagesTo(t, number.e164)).toHaveLength(1);
  });

  it("holds a client address to its hourly budget of codes, whatever the numbers", async () => {
    const limited = await createTestApp({ phoneCodesPerAddressPerHour: 2 }, { clock: () => now });
    try {
      const ask = (phone: string, remoteAddress: string) =>
        request(limited.app, {
          method: "POST",
          url: "/api/auth/phone/code",
          payload: { phone, purpose: "sign-in" },
          remoteAddress,
        });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await ask(newNumber().typed, "10.37.0.1")).statusCode);
      expect(codes).toEqual([202, 202, 429]);
      expect((await ask(newNumber().typed, "10.37.0.2")).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it("writes the code in the account's language, or the visitor's for a number without one", async () => {
    const visitor = newNumber();
    await askCode(visitor.typed, { language: "hi" });
    const [hindi] = await phoneMessagesTo(t, visitor.e164);
    expect(hindi).toMatchObject({ language: "hi" });
    expect(hindi!.text).toContain("आपका Veggie Cart कोड है");

    const res = await verify({
      phone: visitor.typed,
      code: await codeSentTo(t, visitor.e164),
      name: "सुनीता",
      language: "mr",
    });
    expect(res.json().user).toMatchObject({ language: "mr" });
    later(31 * SECOND);
    await askCode(visitor.typed, { language: "en" });
    const marathi = (await phoneMessagesTo(t, visitor.e164)).at(-1);
    expect(marathi).toMatchObject({ language: "mr" });
    expect(marathi!.text).toContain("हा तुमचा Veggie Cart कोड आहे");
  });

  it("mails nothing to an account made with a number, and its placeholder address signs nobody in", async () => {
    const account = await signUpByPhone("Ravi");
    const address = `${account.user.id}@phone.invalid`;
    expect(await mailsTo(t, address)).toEqual([]);
    const login = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: address, password: "!phone" },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe(messages.wrongCredentials);
    const reset = await request(t.app, {
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: address },
    });
    expect(reset.statusCode).toBe(202);
    expect(await mailsTo(t, address)).toEqual([]);
  });

  it("refuses a malformed code without counting a try", async () => {
    const number = newNumber();
    await askCode(number.typed);
    for (const code of ["12345", "1234567", "abcdef", 123456]) {
      const res = await verify({ phone: number.typed, code, name: "M" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    const right = await verify({ phone: number.typed, code: await codeSentTo(t, number.e164), name: "M" });
    expect(right.statusCode).toBe(201);
  });
});

describe("the number an account signs in with", () => {
  const account = (method: "POST" | "DELETE", url: string, cookie: string, payload?: object) =>
    request(t.app, { method, url: `/api/account/phone${url}`, cookie, ...(payload ? { payload } : {}) });

  it("adds a verified number to an e-mail account, which then signs in with either", async () => {
    const user = await signUpAndLogIn(t.app, "Sunil");
    const number = newNumber();
    expect((await account("POST", "", user.cookie, { phone: number.typed })).statusCode).toBe(202);
    const code = await codeSentTo(t, number.e164);
    // A code for adding a number does not sign anybody in.
    expect((await verify({ phone: number.typed, code, name: "Thief" })).json().error.code).toBe(
      "invalid_code",
    );
    const confirmed = await account("POST", "/confirm", user.cookie, { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ phone: number.e164, message: phoneMessages.phoneAdded });
    expect((await me(user.cookie)).json().user).toMatchObject({ email: user.email, phone: number.e164 });

    later(31 * SECOND);
    await askCode(number.typed);
    const signedIn = await verify({ phone: number.typed, code: await codeSentTo(t, number.e164) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email });

    // It has a password, so it may remove the number; then the number signs nobody in.
    const removed = await account("DELETE", "", user.cookie);
    expect(removed.json()).toEqual({ phone: null, message: phoneMessages.phoneRemoved });
    expect((await me(user.cookie)).json().user.phone).toBeNull();
    later(31 * SECOND);
    await askCode(number.typed);
    const nobody = await verify({ phone: number.typed, code: await codeSentTo(t, number.e164) });
    expect(nobody.json().error.fields).toEqual({ name: phoneMessages.nameNeeded });
  });

  it("changes a number by a code to the new one, refuses one another account holds, and keeps a way in", async () => {
    const holder = await signUpByPhone("Holder");
    const owner = await signUpByPhone("Owner");
    // Another account's number: the code goes (the same answer), and confirming it is refused.
    expect((await account("POST", "", owner.cookie, { phone: holder.typed })).statusCode).toBe(202);
    const taken = await account("POST", "/confirm", owner.cookie, {
      code: await codeSentTo(t, holder.e164),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: "phone_taken", message: phoneMessages.phoneTaken });

    const next = newNumber();
    await account("POST", "", owner.cookie, { phone: next.typed });
    const wrong = await account("POST", "/confirm", owner.cookie, { code: "999999" });
    expect(wrong.json().error.code).toBe("invalid_code");
    const changed = await account("POST", "/confirm", owner.cookie, { code: await codeSentTo(t, next.e164) });
    expect(changed.json().phone).toBe(next.e164);
    expect((await me(owner.cookie)).json().user.phone).toBe(next.e164);

    // An account made with its number has no password: removing the number would lock it out.
    const refused = await account("DELETE", "", owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "last_way_in", message: phoneMessages.keepAWayIn });
    expect((await me(owner.cookie)).json().user.phone).toBe(next.e164);
  });

  it("is refused to a signed-out client", async () => {
    for (const [method, url] of [
      ["POST", ""],
      ["POST", "/confirm"],
      ["DELETE", ""],
    ] as const) {
      const res = await request(t.app, { method, url: `/api/account/phone${url}`, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("an account made by phone, elsewhere in the shop", () => {
  it("places an order, and its farmer sees no placeholder address for the buyer", async () => {
    const buyer = await signUpByPhone("Phone Buyer");
    const farmer = await signUpAndLogIn(t.app, "Farmer Jyoti");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 4000 });
    const res = await postOrder(t.app, { ...farmer, id: buyer.user.id, cookie: buyer.cookie }, [
      { productId: product.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(201);
    const list = await request(t.app, { method: "GET", url: "/api/farmer/orders", cookie: farmer.cookie });
    const [part] = list.json().fulfilments;
    expect(part.buyer).toEqual({ name: "Phone Buyer", email: "" });
    expect(await mailsTo(t, `${buyer.user.id}@phone.invalid`)).toEqual([]);
  });

  it("places an order without an e-mail: its news goes by phone, and no mail is queued (issue 37)", async () => {
    const buyer = await signUpByPhone("No Mail Buyer");
    const farmer = await signUpAndLogIn(t.app, "Farmer Kavya");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Brinjal", pricePaise: 3000 });
    const order = (email: string | undefined) =>
      request(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: buyer.cookie,
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: {
          items: [{ productId: product.id, quantity: 1 }],
          shipping: { ...testShipping, ...(email === undefined ? {} : { email }) },
          paymentMethod: "upi",
        },
      });
    const { email: _, ...withoutEmail } = testShipping;
    const none = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": crypto.randomUUID() },
      payload: { items: [{ productId: product.id, quantity: 1 }], shipping: withoutEmail },
    });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().order.shipping.email).toBe("");
    const empty = await order("  ");
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().order.shipping.email).toBe("");
    // A malformed one is refused with today's message; one typed is kept on the order and mailed.
    const malformed = await order("not-an-email");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ "shipping.email": messages.invalidEmail });
    const typed = await order("Neighbour@Example.com");
    expect(typed.statusCode).toBe(201);
    expect(typed.json().order.shipping.email).toBe("neighbour@example.com");
    expect(await mailsTo(t, "neighbour@example.com")).toHaveLength(1);

    // Its farmer's moves are news by WhatsApp too, and no order digest opens for no address.
    const partId = none.json().order.fulfilments[0].id as string;
    const moved = await request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${partId}/status`,
      cookie: farmer.cookie,
      payload: { status: "confirmed" },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // The confirmations of the orders without one went by WhatsApp; nothing was mailed to no address.
    const news = await phoneMessagesTo(t, buyer.e164);
    const aboutIt = news.filter((entry) => entry.text.includes(orderNumberOf(none.json().order.id)));
    expect(aboutIt.map((entry) => entry.channel)).toEqual(["whatsapp", "whatsapp"]);
    expect(await mailsTo(t, "")).toEqual([]);
    expect(await mailsTo(t, `${buyer.user.id}@phone.invalid`)).toEqual([]);
    const queued = await t.db.kysely.selectFrom("mail_queue").select("recipient").execute();
    expect(queued.filter((row) => row.recipient === "" || row.recipient.endsWith(".invalid"))).toEqual([]);
  });

  it("still refuses an order without an e-mail from an account that has one, with the spec's message", async () => {
    const buyer = await signUpAndLogIn(t.app, "Mail Buyer");
    const farmer = await signUpAndLogIn(t.app, "Farmer Lata");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Radish", pricePaise: 2000 });
    for (const shipping of [
      { ...testShipping, email: "" },
      { ...testShipping, email: undefined },
    ]) {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: buyer.cookie,
        headers: { "idempotency-key": crypto.randomUUID() },
        payload: { items: [{ productId: product.id, quantity: 1 }], shipping, paymentMethod: "upi" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "validation_failed",
        message: orderMessages.emailRequired,
        fields: { "shipping.email": orderMessages.emailRequired },
      });
    }
  });
});
