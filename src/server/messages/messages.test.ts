import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { MESSAGES_PER_MINUTE } from "./messages.routes.ts";

let t: TestApp;
let farmer: SignedInUser;
let secondFarmer: SignedInUser;
/** Moves the server's clock forward, so two messages arrive in a known order without waiting. */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(Date.now() + clockOffsetMs) });
  farmer = await signUpAndLogIn(t.app, "Zoya Orchards");
  secondFarmer = await signUpAndLogIn(t.app, "Bala Dairy");
  await addProduct(farmer.id, "Mangoes");
  await addProduct(farmer.id, "Guavas");
  await addProduct(secondFarmer.id, "Paneer");
});
afterAll(() => t.close());

async function addProduct(ownerId: string, name: string) {
  await t.db.kysely
    .insertInto("products")
    .values({
      id: randomUUID(),
      owner_id: ownerId,
      name,
      price_paise: 12_000,
      description: `Fresh ${name}`,
      category: "fruits",
      image_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

const send = (cookie: string | undefined, payload: unknown) =>
  request(t.app, { method: "POST", url: "/api/messages", cookie, payload: payload as object });
const inbox = (cookie?: string) => request(t.app, { method: "GET", url: "/api/messages/inbox", cookie });

const contact = (overrides: Record<string, unknown> = {}) => ({
  kind: "contact",
  name: "Meera Shopper",
  email: "meera@example.com",
  phone: "+91 (98765) 43210",
  message: "Do you deliver to Koramangala?",
  farmerId: farmer.id,
  deliveryPreference: "express",
  preferredTime: "morning",
  ...overrides,
});
const faq = (overrides: Record<string, unknown> = {}) => ({
  kind: "faq",
  name: "Meera Shopper",
  email: "meera@example.com",
  subject: "Great shop",
  message: "Could you add millets?",
  ...overrides,
});

describe("GET /api/farmers", () => {
  it("lists each owner of products once, by name, and nobody without products", async () => {
    const withoutProducts = await signUpAndLogIn(t.app, "Aaron Nothing");
    const res = await request(t.app, { method: "GET", url: "/api/farmers", cookie: withoutProducts.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      farmers: [
        { id: secondFarmer.id, name: "Bala Dairy" },
        { id: farmer.id, name: "Zoya Orchards" },
      ],
    });
  });

  it("needs a session", async () => {
    const res = await request(t.app, { method: "GET", url: "/api/farmers" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/messages: contact", () => {
  it("stores the message with its sender and addressed farmer, whom only that farmer sees", async () => {
    const shopper = await signUpAndLogIn(t.app, "Meera Shopper");
    const res = await send(shopper.cookie, contact());
    expect(res.statusCode).toBe(201);
    const { id } = res.json().message as { id: string };
    const row = await t.db.kysely
      .selectFrom("messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "contact",
      sender_user_id: shopper.id,
      farmer_id: farmer.id,
      name: "Meera Shopper",
      email: "meera@example.com",
      phone: "+91 (98765) 43210",
      message: "Do you deliver to Koramangala?",
      delivery_preference: "express",
      preferred_time: "morning",
      subject: null,
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();

    const mine = await inbox(farmer.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().messages).toContainEqual({
      id,
      name: "Meera Shopper",
      email: "meera@example.com",
      phone: "+91 (98765) 43210",
      message: "Do you deliver to Koramangala?",
      deliveryPreference: "express",
      preferredTime: "morning",
      createdAt: row.created_at,
    });
    for (const other of [secondFarmer, shopper]) {
      const theirs = await inbox(other.cookie);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().messages.map((m: { id: string }) => m.id)).not.toContain(id);
    }
  });

  it("lists a farmer's inbox newest first", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const first = await send(shopper.cookie, contact({ farmerId: secondFarmer.id, message: "first" }));
    // NOTE: "newest" is by arrival time to the millisecond; the second arrives a minute later.
    clockOffsetMs += 60_000;
    const second = await send(shopper.cookie, contact({ farmerId: secondFarmer.id, message: "second" }));
    const ids = (await inbox(secondFarmer.cookie)).json().messages.map((m: { id: string }) => m.id);
    expect(ids.indexOf(second.json().message.id)).toBeLessThan(ids.indexOf(first.json().message.id));
    expect(ids.indexOf(first.json().message.id)).toBeGreaterThanOrEqual(0);
  });

  it("takes the defaults: standard delivery, any time, no message, no farmer preference", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const res = await send(shopper.cookie, {
      kind: "contact",
      name: "Ravi",
      email: "ravi@example.com",
      phone: "9876543210",
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom("messages")
      .selectAll()
      .where("id", "=", res.json().message.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      message: "",
      delivery_preference: "standard",
      preferred_time: "any",
      farmer_id: null,
    });
  });

  it("needs name, email and phone, each with its own message", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const res = await send(shopper.cookie, { kind: "contact", name: " ", email: "", phone: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: messages.nameRequired,
      email: messages.emailRequired,
      phone: messages.phoneRequired,
    });
    const missing = await send(shopper.cookie, { kind: "contact" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(
      expect.arrayContaining(["name", "email", "phone"]),
    );
  });

  it("refuses a bad e-mail, a bad phone, too long texts and unknown choices", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email" }, "email", messages.invalidEmail],
      [{ phone: "call me" }, "phone", messages.phoneInvalid],
      [{ phone: "12345" }, "phone", messages.phoneInvalid],
      [{ phone: "+++-----()" }, "phone", messages.phoneInvalid],
      [{ phone: "1".repeat(21) }, "phone", messages.phoneInvalid],
      [{ name: "N".repeat(101) }, "name", "Name must be at most 100 characters"],
      [{ message: "m".repeat(2001) }, "message", "Message must be at most 2000 characters"],
      [{ deliveryPreference: "drone" }, "deliveryPreference", "Please choose standard, express or pickup"],
      [{ preferredTime: "midnight" }, "preferredTime", "Please choose a preferred time"],
      [{ farmerId: 42 }, "farmerId", messages.unknownFarmer],
      [{ isAdmin: true }, "isAdmin", 'Unknown field "isAdmin"'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await send(shopper.cookie, contact(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(overrides)).toBe(message);
    }
    const count = await t.db.kysely
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("sender_user_id", "=", shopper.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("accepts phone numbers as people write them", async () => {
    const shopper = await signUpAndLogIn(t.app);
    for (const phone of ["9876543210", "+91 98765 43210", "(080) 2345-6789"]) {
      const res = await send(shopper.cookie, contact({ phone }));
      expect(res.statusCode, phone).toBe(201);
    }
  });

  it("refuses a farmer who does not exist or has no products", async () => {
    const shopper = await signUpAndLogIn(t.app);
    for (const farmerId of [randomUUID(), shopper.id]) {
      const res = await send(shopper.cookie, contact({ farmerId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "validation_failed",
        message: messages.unknownFarmer,
        fields: { farmerId: messages.unknownFarmer },
      });
    }
  });
});

describe("POST /api/messages: FAQ", () => {
  it("stores a message to the site creator that no farmer's inbox shows", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const res = await send(shopper.cookie, faq());
    expect(res.statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom("messages")
      .selectAll()
      .where("id", "=", res.json().message.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "faq",
      sender_user_id: shopper.id,
      subject: "Great shop",
      message: "Could you add millets?",
      farmer_id: null,
      phone: null,
    });
    for (const someone of [farmer, secondFarmer, shopper]) {
      const ids = (await inbox(someone.cookie)).json().messages.map((m: { id: string }) => m.id);
      expect(ids).not.toContain(row.id);
    }
  });

  it("needs all four fields, and ignores no contact-only field", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const res = await send(shopper.cookie, { kind: "faq", name: "", email: "", subject: "", message: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      subject: messages.subjectRequired,
      message: messages.messageRequired,
    });
    const withFarmer = await send(shopper.cookie, faq({ farmerId: farmer.id }));
    expect(withFarmer.statusCode).toBe(400);
    expect(withFarmer.json().error.fields.farmerId).toMatch(/Unknown field/);
    const longSubject = await send(shopper.cookie, faq({ subject: "s".repeat(151) }));
    expect(longSubject.json().error.fields.subject).toBe("Subject must be at most 150 characters");
  });
});

describe("POST /api/messages: access and floods", () => {
  it("needs a session, and the kind must be contact or faq", async () => {
    const signedOut = await send(undefined, contact());
    expect(signedOut.statusCode).toBe(401);
    const shopper = await signUpAndLogIn(t.app);
    for (const kind of ["spam", undefined]) {
      const res = await send(shopper.cookie, { ...faq(), kind });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.kind).toBe('kind must be "contact" or "faq"');
    }
  });

  it("refuses a state-changing request without the CSRF header", async () => {
    const shopper = await signUpAndLogIn(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/messages",
      headers: { cookie: shopper.cookie },
      payload: faq(),
    });
    expect(res.statusCode).toBe(403);
  });

  it("the inbox needs a session", async () => {
    const res = await inbox();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.notSignedIn);
  });

  it(`lets one account send ${MESSAGES_PER_MINUTE} messages a minute, then answers 429 with a clear message`, async () => {
    const flooder = await signUpAndLogIn(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await send(flooder.cookie, faq({ subject: "" }))).statusCode).toBe(400);
    }
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) {
      const res = await send(flooder.cookie, faq({ subject: `Message ${i}` }));
      expect(res.statusCode).toBe(201);
    }
    const refused = await send(flooder.cookie, faq());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: "rate_limited", message: messages.messagesTooFast });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const someoneElse = await signUpAndLogIn(t.app);
    expect((await send(someoneElse.cookie, faq())).statusCode).toBe(201);
  });
});
