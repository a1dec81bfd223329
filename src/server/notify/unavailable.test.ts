import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneMessages } from "../../shared/schemas/phone.ts";
import { runSteps } from "../db/index.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed } from "../test/order-helpers.ts";
import { startPhoneProviders } from "../test/phone-providers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { grantPhoneDefaults } from "./index.ts";
import { phoneMessagesInserted, queuedMessage } from "./news.repository.ts";
import { createNewsSender } from "./news-sender.ts";
import type { PhoneTransport } from "./phone-message.ts";

// Issue 37: "Production refuses to start a channel without its provider". With no provider set, production
// offers no sign-in by phone and no WhatsApp or SMS; with one provider, only its channel.

const askCode = (t: TestApp, phone: string) =>
  request(t.app, { method: "POST", url: "/api/auth/phone/code", payload: { phone, purpose: "sign-in" } });
const me = (t: TestApp, cookie?: string) =>
  request(t.app, { method: "GET", url: "/api/auth/me", ...(cookie ? { cookie } : {}) });
const channels = (whatsapp: boolean, sms: boolean) => ({ channels: { email: true, whatsapp, sms } });
const putSettings = (t: TestApp, who: SignedInUser, whatsapp: boolean, sms: boolean) =>
  request(t.app, {
    method: "PUT",
    url: "/api/account/notifications",
    cookie: who.cookie,
    payload: { buying: channels(whatsapp, sms), fulfilling: channels(false, false) },
  });

/** An e-mail account that also signs in with `phone` (set in the database: no code can be sent here). */
async function withNumber(t: TestApp, phone: string, grant = false): Promise<SignedInUser> {
  const user = await signUpAndLogIn(t.app, "Meena");
  await t.db.kysely.updateTable("users").set({ sign_in_phone: phone }).where("id", "=", user.id).execute();
  if (grant) await grantPhoneDefaults(t.db.kysely, user.id, new Date());
  return user;
}

describe("production without a WhatsApp or SMS provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ production: true });
  });
  afterAll(() => t.close());

  it("refuses a code to sign in or up by phone, 503 phone_unavailable, and says so in the reader's language", async () => {
    const res = await askCode(t, "98765 40001");
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: "phone_unavailable", message: phoneMessages.unavailable });
    const hindi = await request(t.app, {
      method: "POST",
      url: "/api/auth/phone/code",
      payload: { phone: "98765 40001", purpose: "sign-up" },
      headers: { "accept-language": "hi" },
    });
    expect(hindi.statusCode).toBe(503);
    expect(hindi.json().error.message).not.toBe(phoneMessages.unavailable);
  });

  it("tells the client that sign-in by phone and the phone channels are off, signed out and in", async () => {
    expect((await me(t)).json()).toMatchObject({ user: null, phoneSignIn: false, phoneChannels: [] });
    const user = await signUpAndLogIn(t.app, "Ravi");
    expect((await me(t, user.cookie)).json()).toMatchObject({ phoneSignIn: false, phoneChannels: [] });
  });

  it("refuses adding a number on /account", async () => {
    const user = await signUpAndLogIn(t.app, "Ravi");
    const res = await request(t.app, {
      method: "POST",
      url: "/api/account/phone",
      cookie: user.cookie,
      payload: { phone: "98765 40002" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("phone_unavailable");
  });

  it("refuses turning WhatsApp or SMS on, and still saves the rest", async () => {
    const user = await withNumber(t, "+919876540003");
    for (const [whatsapp, sms] of [
      [true, false],
      [false, true],
    ] as const) {
      const res = await putSettings(t, user, whatsapp, sms);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
      expect(res.json().error.fields).toHaveProperty(`buying.channels.${whatsapp ? "whatsapp" : "sms"}`);
    }
    const saved = await putSettings(t, user, false, false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().buying.channels).toEqual({ email: true, whatsapp: false, sms: false });
  });

  it("queues no WhatsApp or SMS news, even to a person who chose them before", async () => {
    const buyer = await withNumber(t, "+919876540004", true);
    const farmer = await signUpAndLogIn(t.app, "Asha");
    const product = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 4000, stock: 9 });
    await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
    const queued = await t.db.kysely.selectFrom("phone_messages").selectAll().execute();
    expect(queued).toEqual([]);
  });
});

describe("production with one phone provider", () => {
  const token = "EAAstand-in-token";
  const authKey = "msg91-stand-in-key";
  let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
  let smsOnly: TestApp;
  let whatsappOnly: TestApp;
  beforeAll(async () => {
    providers = await startPhoneProviders({ token, authKey });
    smsOnly = await createTestApp({
      production: true,
      msg91: {
        apiUrl: providers.msg91Url,
        authKey,
        codeTemplates: { en: "dlt-en", hi: "dlt-hi", mr: "dlt-mr" },
      },
    });
    whatsappOnly = await createTestApp({
      production: true,
      whatsapp: {
        apiUrl: providers.whatsappUrl,
        phoneNumberId: "1055550001",
        token,
        codeTemplate: "veggie_cart_code",
      },
    });
  });
  afterAll(async () => {
    await smsOnly.close();
    await whatsappOnly.close();
    await providers.close();
  });

  it("sends a code by the one there is, and offers sign-in by phone", async () => {
    const before = providers.msg91.length;
    expect((await askCode(smsOnly, "98765 40005")).statusCode).toBe(202);
    await smsOnly.app.phoneMessenger.settle();
    expect(providers.msg91.length).toBe(before + 1);
    expect((await me(smsOnly)).json().phoneSignIn).toBeUndefined();
    expect((await askCode(whatsappOnly, "98765 40006")).statusCode).toBe(202);
    expect((await me(whatsappOnly)).json().phoneSignIn).toBeUndefined();
  });

  it("offers for news only a channel whose provider carries news (none here: codes only)", async () => {
    expect((await me(smsOnly)).json().phoneChannels).toEqual([]);
    const user = await withNumber(smsOnly, "+919876540007");
    expect((await putSettings(smsOnly, user, false, true)).statusCode).toBe(400);
  });

  it("sends no SMS in place of an undelivered WhatsApp message when SMS has no provider", async () => {
    const user = await withNumber(whatsappOnly, "+919876540008", true);
    const sent = new Date("2026-12-07T10:00:00.000Z");
    const row = queuedMessage(sent.toISOString(), {
      user_id: user.id,
      kind: "buying",
      event: "order_placed",
      channel: "whatsapp",
      recipient: "+919876540008",
      language: "en",
      text: "Your order was placed.",
      order_id: null,
      part_id: null,
      fallback_of: null,
    });
    const db = whatsappOnly.db.kysely;
    await runSteps(db, phoneMessagesInserted(db, [row]));
    const senderOn = (channels: PhoneTransport["channels"]) =>
      createNewsSender(
        db,
        { kind: "provider", channels, deliver: async () => "wamid.1" },
        whatsappOnly.app.log,
        () => sent,
      );
    const later = new Date(sent.getTime() + 11 * 60_000);
    expect(await senderOn(["whatsapp"]).fallBack(later)).toBe(0);
    // The same message, where SMS carries news too, falls back as decision 063 says.
    expect(await senderOn(["whatsapp", "sms"]).fallBack(later)).toBe(1);
  });
});
