import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWS_EVENTS } from "../../shared/schemas/notifications.ts";
import { loadConfig } from "../config.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed } from "../test/order-helpers.ts";
import { startPhoneProviders } from "../test/phone-providers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

// Issue 37, decision 063: order news through the providers' APIs (here their local stand-ins), and their
// status and STOP webhooks; a wrong signature or key changes nothing, and a replay nothing more.

const token = "EAAstand-in-token";
const authKey = "msg91-stand-in-key";
const appSecret = "whatsapp-app-secret-stand-in";
const webhookSecret = "msg91-webhook-secret-0123456789";
/** Each news event's template (decision 066): `veggie_cart_order_placed`, `dlt-hi-bill`… */
const templatesOf = (prefix: string) =>
  Object.fromEntries(NEWS_EVENTS.map((event) => [event, `${prefix}${event}`])) as Record<
    (typeof NEWS_EVENTS)[number],
    string
  >;
let now = new Date("2026-12-07T10:00:00.000Z");
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let t: TestApp;
let farmer: SignedInUser;
beforeAll(async () => {
  providers = await startPhoneProviders({ token, authKey });
  t = await createTestApp(
    {
      whatsapp: {
        apiUrl: providers.whatsappUrl,
        phoneNumberId: "1055550001",
        token,
        codeTemplate: "veggie_cart_code",
        news: { templates: templatesOf("veggie_cart_"), appSecret, verifyToken: "verify-me" },
      },
      msg91: {
        apiUrl: providers.msg91Url,
        authKey,
        codeTemplates: { en: "dlt-en", hi: "dlt-hi", mr: "dlt-mr" },
        news: {
          templates: { en: templatesOf("dlt-en-"), hi: templatesOf("dlt-hi-"), mr: templatesOf("dlt-mr-") },
          webhookSecret,
        },
      },
    },
    { clock: () => now },
  );
  farmer = await signUpAndLogIn(t.app, "Asha Farmer");
});
afterAll(async () => {
  await t.close();
  await providers.close();
});

let serial = 30_000;
/** A buyer who signs up with a number (WhatsApp on, SMS its fallback). */
async function phoneBuyer() {
  serial += 1;
  const phone = `+9198767${serial}`;
  await request(t.app, {
    method: "POST",
    url: "/api/auth/phone/code",
    payload: { phone, purpose: "sign-up" },
  });
  await t.app.phoneMessenger.settle();
  const sent = providers.whatsapp.at(-1)!.body.template as {
    components: { parameters: { text: string }[] }[];
  };
  const code = sent.components[0]!.parameters[0]!.text;
  const res = await request(t.app, {
    method: "POST",
    url: "/api/auth/phone/verify",
    payload: { phone, code, name: "Meena" },
  });
  expect(res.statusCode).toBe(201);
  now = new Date(now.getTime() + 31_000);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { id: res.json().user.id as string, phone, cookie, email: "", password: "", name: "Meena" };
}

/** A buyer's order of one of the farmer's products; answers the part and the WhatsApp message's id. */
async function orderBy(buyer: SignedInUser) {
  const product = await insertProduct(t.db.kysely, farmer.id, {
    name: "Tomatoes",
    pricePaise: 4000,
    stock: 50,
  });
  const order = await placed(t.app, buyer, [{ productId: product.id!, quantity: 1 }]);
  await t.app.phoneNews.settle();
  const index = providers.whatsapp.length - 1;
  return { order, wamid: `wamid.stand-in-${providers.whatsappIds[index]}` };
}

const reached = async () => {
  const res = await request(t.app, { method: "GET", url: "/api/farmer/orders", cookie: farmer.cookie });
  return res.json().fulfilments[0].buyerReached;
};

const statusBody = (id: string, status: string) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      { id: "1", changes: [{ field: "messages", value: { statuses: [{ id, status, timestamp: "1" }] } }] },
    ],
  });
const stopBody = (id: string, from: string) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "1",
        changes: [
          { field: "messages", value: { messages: [{ id, from, type: "text", text: { body: "STOP" } }] } },
        ],
      },
    ],
  });
const sign = (raw: string, secret = appSecret) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
const whatsappHook = (raw: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/notify/whatsapp/webhook",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    payload: raw,
  });

describe("order news through the providers and their webhooks", () => {
  it("sends each event as its own WhatsApp template with the text, and the farmer sees the buyer reached as it is reported", async () => {
    const buyer = await phoneBuyer();
    const { order, wamid } = await orderBy(buyer);
    const sent = providers.whatsapp.at(-1)!.body;
    expect(sent).toMatchObject({
      to: buyer.phone.slice(1),
      template: { name: "veggie_cart_order_placed", language: { code: "en" } },
    });
    expect(await reached()).toEqual({ channel: "whatsapp", status: "sent" });

    const delivered = statusBody(wamid, "delivered");
    expect((await whatsappHook(delivered, sign(delivered))).statusCode).toBe(200);
    expect(await reached()).toEqual({ channel: "whatsapp", status: "delivered" });
    const read = statusBody(wamid, "read");
    expect((await whatsappHook(read, sign(read))).statusCode).toBe(200);
    // A replayed "delivered" does not take it back.
    expect((await whatsappHook(delivered, sign(delivered))).statusCode).toBe(200);
    expect(await reached()).toEqual({ channel: "whatsapp", status: "read" });

    const part = (await request(t.app, { method: "GET", url: "/api/farmer/orders", cookie: farmer.cookie }))
      .json()
      .fulfilments.find((each: { orderId: string }) => each.orderId === order.id);
    for (const status of ["confirmed", "out_for_delivery"]) {
      const moved = await request(t.app, {
        method: "POST",
        url: `/api/farmer/orders/${part.id}/status`,
        cookie: farmer.cookie,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    await t.app.phoneNews.settle();
    expect(providers.whatsapp.slice(-2).map((each) => (each.body.template as { name: string }).name)).toEqual(
      ["veggie_cart_part_confirmed", "veggie_cart_part_out_for_delivery"],
    );
  });

  it("changes nothing for a wrong or missing signature", async () => {
    const buyer = await phoneBuyer();
    const { wamid } = await orderBy(buyer);
    const body = statusBody(wamid, "delivered");
    expect((await whatsappHook(body)).statusCode).toBe(401);
    expect((await whatsappHook(body, sign(body, "another-secret"))).statusCode).toBe(401);
    expect((await whatsappHook(body, sign(`${body} `))).statusCode).toBe(401);
    expect(await reached()).toEqual({ channel: "whatsapp", status: "sent" });
    const stop = stopBody("wamid.in-1", buyer.phone.slice(1));
    expect((await whatsappHook(stop, sign(stop, "nope"))).statusCode).toBe(401);
    const settings = await request(t.app, {
      method: "GET",
      url: "/api/account/notifications",
      cookie: buyer.cookie,
    });
    expect(settings.json().buying.channels.whatsapp).toBe(true);
  });

  it("answers WhatsApp's handshake only with our verify token", async () => {
    const ask = (verify: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/notify/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verify}&hub.challenge=1158201444`,
      });
    const ok = await ask("verify-me");
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    expect((await ask("guess")).statusCode).toBe(403);
  });

  it("turns WhatsApp off at STOP, once (a replay after turning it on again changes nothing), and then uses SMS", async () => {
    const buyer = await phoneBuyer();
    const stop = stopBody("wamid.in-stop-1", buyer.phone.slice(1));
    expect((await whatsappHook(stop, sign(stop))).statusCode).toBe(200);
    const settings = (payload?: object) =>
      request(t.app, {
        method: payload ? "PUT" : "GET",
        url: "/api/account/notifications",
        cookie: buyer.cookie,
        ...(payload ? { payload } : {}),
      });
    expect((await settings()).json().buying.channels).toEqual({ email: true, whatsapp: false, sms: true });
    const smsBefore = providers.msg91.length;
    await orderBy(buyer);
    expect(providers.msg91.length).toBe(smsBefore + 1);
    expect(providers.msg91.at(-1)!.body).toMatchObject({ template_id: "dlt-en-order_placed" });
    expect(await reached()).toEqual({ channel: "sms", status: "sent" });

    const on = { channels: { email: true, whatsapp: true, sms: true } };
    await settings({ buying: on, fulfilling: on });
    expect((await whatsappHook(stop, sign(stop))).statusCode).toBe(200);
    expect((await settings()).json().buying.channels.whatsapp).toBe(true);
    // A STOP from a number nobody uses is ignored.
    const stranger = stopBody("wamid.in-stop-2", "919000000001");
    expect((await whatsappHook(stranger, sign(stranger))).statusCode).toBe(200);
  });

  it("takes MSG91's delivery report and STOP only with its key", async () => {
    const buyer = await phoneBuyer();
    const off = { channels: { email: true, whatsapp: false, sms: true } };
    await request(t.app, {
      method: "PUT",
      url: "/api/account/notifications",
      cookie: buyer.cookie,
      payload: { buying: off, fulfilling: off },
    });
    await orderBy(buyer);
    const requestId = providers.msg91Ids.at(-1)!;
    const report = [
      { requestId, report: [{ desc: "DELIVERED", status: "1", number: buyer.phone.slice(1) }] },
    ];
    const hook = (key: string, payload: unknown) =>
      t.app.inject({ method: "POST", url: `/api/notify/sms/webhook?key=${key}`, payload: payload as object });
    expect((await hook("wrong-key-0123456789", report)).statusCode).toBe(401);
    expect(await reached()).toEqual({ channel: "sms", status: "sent" });
    expect((await hook(webhookSecret, report)).statusCode).toBe(200);
    expect(await reached()).toEqual({ channel: "sms", status: "delivered" });
    const stop = { sender: buyer.phone.slice(1), message: "stop", rcvd: "2026-12-07 15:30:00" };
    expect((await hook(webhookSecret, stop)).statusCode).toBe(200);
    const settings = await request(t.app, {
      method: "GET",
      url: "/api/account/notifications",
      cookie: buyer.cookie,
    });
    expect(settings.json().buying.channels.sms).toBe(false);
  });

  it("retries a message the provider refused, 1 minute later, and sends it then", async () => {
    const buyer = await phoneBuyer();
    providers.state.whatsappFails = true;
    try {
      await orderBy(buyer);
      expect(await reached()).toEqual({ channel: "whatsapp", status: "queued" });
      expect(await t.app.phoneNews.deliverDue(new Date(now.getTime() + 59_000))).toBe(0);
    } finally {
      providers.state.whatsappFails = false;
    }
    expect(await t.app.phoneNews.deliverDue(new Date(now.getTime() + 60_000))).toBe(1);
    expect(await reached()).toEqual({ channel: "whatsapp", status: "sent" });
  });
});

describe("the news settings of each provider", () => {
  const base = {
    NODE_ENV: "test",
    WHATSAPP_TOKEN: "t",
    WHATSAPP_PHONE_NUMBER_ID: "1",
    WHATSAPP_CODE_TEMPLATE: "code",
  };
  it("stops the server naming what half set-up news lacks, and takes them whole", () => {
    const all = (prefix: string) => NEWS_EVENTS.map((event) => `${event}=${prefix}${event}`).join(",");
    expect(() => loadConfig({ ...base, WHATSAPP_NEWS_TEMPLATES: all("vc_") })).toThrow(
      "Invalid configuration: WHATSAPP_APP_SECRET: required",
    );
    expect(() =>
      loadConfig({ ...base, WHATSAPP_NEWS_TEMPLATES: all("vc_"), WHATSAPP_APP_SECRET: "s" }),
    ).toThrow("WHATSAPP_VERIFY_TOKEN");
    expect(() => loadConfig({ NODE_ENV: "test", MSG91_NEWS_TEMPLATES_EN: all("n") })).toThrow(
      "MSG91_AUTH_KEY",
    );
    const secrets = { WHATSAPP_APP_SECRET: "s", WHATSAPP_VERIFY_TOKEN: "v" };
    // NOTE: every event needs its template (decision 066): one missing, or one unknown, is named.
    expect(() =>
      loadConfig({ ...base, ...secrets, WHATSAPP_NEWS_TEMPLATES: "order_placed=vc_order_placed" }),
    ).toThrow("WHATSAPP_NEWS_TEMPLATES: no template for new_part, part_confirmed");
    expect(() =>
      loadConfig({ ...base, ...secrets, WHATSAPP_NEWS_TEMPLATES: `${all("vc_")},harvest=vc_harvest` }),
    ).toThrow('WHATSAPP_NEWS_TEMPLATES: "harvest=vc_harvest" is not event=template');
    const whole = loadConfig({ ...base, ...secrets, WHATSAPP_NEWS_TEMPLATES: all("vc_") });
    expect(whole.whatsapp?.news).toMatchObject({ appSecret: "s", verifyToken: "v" });
    expect(whole.whatsapp?.news?.templates).toMatchObject({
      order_placed: "vc_order_placed",
      slot_closed: "vc_slot_closed",
      standing_missed: "vc_standing_missed",
    });
    expect(loadConfig(base).whatsapp?.news).toBeUndefined();
  });
});
