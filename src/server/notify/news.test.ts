import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, postOrder, testShipping } from "../test/order-helpers.ts";
import { codeSentTo, mailsTo, outboxEntriesIn, phoneMessagesTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { createNewsSender } from "./news-sender.ts";
import { outboxPhoneTransport } from "./phone-transports.ts";

// Issue 37, decision 063: order news by WhatsApp and SMS, on the channels each person chose, through the
// queue; with no provider set it lands in the development outbox. Time moves by the app's clock.

let now = new Date("2026-12-07T10:00:00.000Z");
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
});
afterAll(() => t.close());

let serial = 20_000;
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** A person who signs up with a new number (WhatsApp on, SMS its fallback), in `language`. */
async function phonePerson(name: string, language = "en") {
  serial += 1;
  const e164 = `+9198766${serial}`;
  const asked = await request(t.app, {
    method: "POST",
    url: "/api/auth/phone/code",
    payload: { phone: e164, purpose: "sign-up", language },
  });
  expect(asked.statusCode).toBe(202);
  const res = await request(t.app, {
    method: "POST",
    url: "/api/auth/phone/verify",
    payload: { phone: e164, code: await codeSentTo(t, e164), name, language },
  });
  expect(res.statusCode).toBe(201);
  later(31 * SECOND);
  return { id: res.json().user.id as string, e164, cookie: cookieOf(res), email: "", name };
}

const settings = (who: { cookie: string }, payload?: object) =>
  request(t.app, {
    method: payload ? "PUT" : "GET",
    url: "/api/account/notifications",
    cookie: who.cookie,
    ...(payload ? { payload } : {}),
  });
const channels = (email: boolean, whatsapp: boolean, sms: boolean) => ({
  channels: { email, whatsapp, sms },
});

/** The news messages sent to a number: all but the first, its sign-up code. */
const newsTo = async (e164: string) => (await phoneMessagesTo(t, e164)).slice(1);

describe("order news by WhatsApp and SMS", () => {
  it("tells a farmer who signed up by phone of a new part by WhatsApp, in their language, with lines and buyer", async () => {
    const farmer = await phonePerson("Asha", "hi");
    const product = await insertProduct(t.db.kysely, farmer.id, {
      name: "Tomatoes",
      pricePaise: 4000,
      stock: 20,
    });
    const order = await placed(t.app, buyer, [{ productId: product.id!, quantity: 2 }]);
    const news = await newsTo(farmer.e164);
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ channel: "whatsapp", to: farmer.e164, language: "hi" });
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    expect(news[0]!.text).toContain(number);
    expect(news[0]!.text).toContain("Tomatoes × 2");
    expect(news[0]!.text).toContain(testShipping.phone);
    // NOTE: the buyer, an e-mail account, has no phone channel: they get their e-mail, as before.
    expect((await mailsTo(t, testShipping.email)).some((mail) => mail.subject.includes(number))).toBe(true);
  });

  it("sends nothing when the placement is refused and rolled back", async () => {
    const farmer = await phonePerson("Ravi");
    const beans = await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 2000, stock: 1 });
    expect((await postOrder(t.app, buyer, [{ productId: beans.id!, quantity: 5 }])).statusCode).toBe(409);
    expect(await newsTo(farmer.e164)).toEqual([]);
  });

  it("shows the channels per kind with consent times; WhatsApp off and SMS on sends by SMS", async () => {
    const farmer = await phonePerson("Kiran");
    const first = (await settings(farmer)).json();
    expect(first).toMatchObject({
      phone: farmer.e164,
      hasEmail: false,
      fulfilling: { channels: { whatsapp: true, sms: true } },
    });
    expect(first.fulfilling.consentAt.whatsapp).not.toBeNull();
    later(MINUTE);
    const put = await settings(farmer, {
      buying: channels(false, true, true),
      fulfilling: channels(false, false, true),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().fulfilling).toEqual({
      channels: { email: false, whatsapp: false, sms: true },
      consentAt: { whatsapp: null, sms: first.fulfilling.consentAt.sms },
    });
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 3000, stock: 5 });
    await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
    expect((await newsTo(farmer.e164)).map((entry) => entry.channel)).toEqual(["sms"]);
  });

  it("sends nothing on a channel that is off: all off, no message; e-mail off, no mail", async () => {
    const farmer = await phonePerson("Sunil");
    expect(
      (
        await settings(farmer, {
          buying: channels(false, false, false),
          fulfilling: channels(false, false, false),
        })
      ).statusCode,
    ).toBe(200);
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Peas", pricePaise: 3000, stock: 5 });
    await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
    expect(await newsTo(farmer.e164)).toEqual([]);

    const shopper = await signUpAndLogIn(t.app, "Lata Shopper");
    expect(
      (
        await settings(shopper, {
          buying: channels(false, false, false),
          fulfilling: channels(true, false, false),
        })
      ).statusCode,
    ).toBe(200);
    const other = await insertProduct(t.db.kysely, farmer.id, { name: "Corn", pricePaise: 3000, stock: 5 });
    await placed(t.app, shopper, [{ productId: other.id!, quantity: 1 }]);
    expect((await mailsTo(t, shopper.email)).map((mail) => mail.subject)).toEqual(["Welcome to Veggie Cart"]);
  });

  it("refuses WhatsApp or SMS to an account without a verified number", async () => {
    const res = await settings(buyer, {
      buying: channels(true, true, false),
      fulfilling: channels(true, false, false),
    });
    expect(res.statusCode).toBe(400);
    expect((await settings(buyer)).json().buying.channels).toEqual({
      email: true,
      whatsapp: false,
      sms: false,
    });
  });

  it("sends a WhatsApp message undelivered for 10 minutes once by SMS, and only if SMS is allowed", async () => {
    // NOTE: the messages of the tests before are looked at first, so the counts below are this test's.
    await t.app.phoneNews.fallBack(new Date(now.getTime() + 10 * MINUTE));
    const farmer = await phonePerson("Nisha");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Mint", pricePaise: 1000, stock: 9 });
    await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
    expect((await newsTo(farmer.e164)).map((entry) => entry.channel)).toEqual(["whatsapp"]);
    const queuedAt = now.getTime();
    expect(await t.app.phoneNews.fallBack(new Date(queuedAt + 10 * MINUTE - 1))).toBe(0);
    expect(await t.app.phoneNews.fallBack(new Date(queuedAt + 10 * MINUTE))).toBe(1);
    expect(await t.app.phoneNews.fallBack(new Date(queuedAt + 20 * MINUTE))).toBe(0);
    await t.app.phoneNews.deliverDue(new Date(queuedAt + 10 * MINUTE));
    const sent = await newsTo(farmer.e164);
    expect(sent.map((entry) => entry.channel)).toEqual(["whatsapp", "sms"]);
    expect(sent[1]!.text).toBe(sent[0]!.text);

    const quiet = await phonePerson("Anil");
    await settings(quiet, { buying: channels(false, true, false), fulfilling: channels(false, true, false) });
    const basil = await insertProduct(t.db.kysely, quiet.id, { name: "Basil", pricePaise: 1000, stock: 9 });
    await placed(t.app, buyer, [{ productId: basil.id!, quantity: 1 }]);
    await t.app.phoneNews.fallBack(new Date(now.getTime() - 1));
    expect(await t.app.phoneNews.fallBack(new Date(now.getTime() + 10 * MINUTE))).toBe(0);
    expect((await newsTo(quiet.e164)).map((entry) => entry.channel)).toEqual(["whatsapp"]);
  });

  it("sends each queued message once when two servers' senders pass at the same time", async () => {
    const farmer = await phonePerson("Geeta");
    const products = await Promise.all(
      ["A", "B", "C", "D", "E"].map((name) =>
        insertProduct(t.db.kysely, farmer.id, { name: `Greens ${name}`, pricePaise: 1000, stock: 9 }),
      ),
    );
    // NOTE: this app's own sender is held back (closing it would close the app's): the news waits, queued.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-two-"));
    try {
      for (const product of products) {
        await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
      }
      await t.app.phoneNews.settle();
      // Sent by the app already: mark them queued again, then two senders race for them.
      await t.db.kysely
        .updateTable("phone_messages")
        .set({ next_attempt_at: now.toISOString(), status: "queued", provider_id: null })
        .where("recipient", "=", farmer.e164)
        .execute();
      const log = t.app.log;
      const one = createNewsSender(t.db.kysely, outboxPhoneTransport(dir), log, () => now);
      const two = createNewsSender(t.db.kysely, outboxPhoneTransport(dir), log, () => now);
      const [a, b] = await Promise.all([one.deliverDue(), two.deliverDue()]);
      expect(a + b).toBe(5);
      expect((await outboxEntriesIn(dir)).filter((entry) => entry.to === farmer.e164)).toHaveLength(5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a part's slot by phone", () => {
  it("says the slot's window when the part goes out for delivery, and tells its buyers when the farmer closes a slot", async () => {
    const farmer = await signUpAndLogIn(t.app, "Sunita Farmer");
    const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
      request(t.app, { method, url, cookie: farmer.cookie, ...(payload ? { payload } : {}) });
    await call("PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
    const pattern = { kind: "delivery", weekday: 6, start: "08:00", end: "10:00", capacity: 5 };
    expect((await call("POST", "/api/farmer/slot-patterns", pattern)).statusCode).toBe(201);
    // NOTE: Monday 7 December: the next two Saturdays, 12 and 19 December.
    const [first, second] = (await call("GET", "/api/farmer/slots")).json().items as { id: string }[];
    const product = await insertProduct(t.db.kysely, farmer.id, {
      name: "Brinjal",
      pricePaise: 3000,
      stock: 9,
    });
    const orderInto = async (who: { cookie: string }, slotId: string) => {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: who.cookie,
        headers: { "idempotency-key": randomUUID() },
        payload: {
          items: [{ productId: product.id!, quantity: 1 }],
          shipping: { ...testShipping, zipCode: "411038" },
          paymentMethod: "upi",
          slots: { [farmer.id]: slotId },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order as { id: string; fulfilments: { id: string }[] };
    };

    const meena = await phonePerson("Meena");
    const order = await orderInto(meena, first!.id);
    const partId = order.fulfilments[0]!.id;
    for (const status of ["confirmed", "out_for_delivery"]) {
      expect((await call("POST", `/api/farmer/orders/${partId}/status`, { status })).statusCode).toBe(200);
    }
    const out = (await newsTo(meena.e164)).at(-1)!;
    expect(out.text).toContain("out for delivery");
    expect(out.text).toContain("When and where: delivery Sat 12 Dec, 8–10 am");

    const lata = await phonePerson("Lata", "hi");
    const hers = await orderInto(lata, second!.id);
    const shut = await call("PATCH", `/api/farmer/slots/${second!.id}`, {
      closed: true,
      reason: "Rain",
      confirm: true,
    });
    expect(shut.statusCode).toBe(200);
    const closed = (await newsTo(lata.e164)).at(-1)!;
    const number = `#${hers.id.slice(0, 8).toUpperCase()}`;
    expect(closed).toMatchObject({ channel: "whatsapp", language: "hi" });
    expect(closed.text.split("\n")[0]).toBe(`आपका Veggie Cart ऑर्डर ${number}: किसान ने समय बंद कर दिया`);
    expect(closed.text).toContain("Rain");
    // Meena's slot stays open: she hears nothing of it.
    expect((await newsTo(meena.e164)).at(-1)).toEqual(out);
  });
});
