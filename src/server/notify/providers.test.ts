import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { phoneMessagesTo } from "../test/outbox.ts";
import { startPhoneProviders } from "../test/phone-providers.ts";
import { createTestApp, request, type TestApp } from "../test/test-app.ts";

// Issue 37: sign-in codes through the real providers' APIs, here their local stand-ins.

const token = "EAAstand-in-token";
const authKey = "msg91-stand-in-key";
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let t: TestApp;
beforeAll(async () => {
  providers = await startPhoneProviders({ token, authKey });
  t = await createTestApp({
    whatsapp: {
      apiUrl: providers.whatsappUrl,
      phoneNumberId: "1055550001",
      token,
      codeTemplate: "veggie_cart_code",
    },
    msg91: {
      apiUrl: providers.msg91Url,
      authKey,
      sender: "VEGCRT",
      codeTemplates: { en: "dlt-en", hi: "dlt-hi", mr: "dlt-mr" },
    },
  });
});
afterAll(async () => {
  await t.close();
  await providers.close();
});

const askCode = (phone: string, language = "en") =>
  request(t.app, {
    method: "POST",
    url: "/api/auth/phone/code",
    payload: { phone, purpose: "sign-up", language },
  });

describe("sign-in codes through the providers", () => {
  it("sends a code as WhatsApp's authentication template, and that code signs up", async () => {
    expect((await askCode("98111 00001")).statusCode).toBe(202);
    await t.app.phoneMessenger.settle();
    const sent = providers.whatsapp.at(-1)!;
    expect(sent.path).toBe("/whatsapp/1055550001/messages");
    expect(sent.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "919811100001",
      type: "template",
      template: { name: "veggie_cart_code", language: { code: "en" } },
    });
    const template = sent.body.template as { components: { parameters: { text: string }[] }[] };
    const code = template.components[0]!.parameters[0]!.text;
    expect(code).toMatch(/^\d{6}$/);
    expect(template.components[1]!.parameters[0]!.text).toBe(code);
    // Nothing went to the outbox: a provider is set.
    expect(await phoneMessagesTo(t, "+919811100001")).toEqual([]);
    const res = await request(t.app, {
      method: "POST",
      url: "/api/auth/phone/verify",
      payload: { phone: "+919811100001", code, name: "Kavita" },
    });
    expect(res.statusCode).toBe(201);
  });

  it("sends the code by SMS, in the reader's DLT template, when WhatsApp refuses it", async () => {
    providers.state.whatsappFails = true;
    try {
      const before = providers.msg91.length;
      expect((await askCode("98111 00002", "hi")).statusCode).toBe(202);
      await t.app.phoneMessenger.settle();
      expect(providers.msg91).toHaveLength(before + 1);
      const sms = providers.msg91.at(-1)!;
      expect(sms.body).toMatchObject({
        template_id: "dlt-hi",
        sender: "VEGCRT",
        recipients: [{ mobiles: "919811100002" }],
      });
      const code = (sms.body.recipients as { code: string }[])[0]!.code;
      const res = await request(t.app, {
        method: "POST",
        url: "/api/auth/phone/verify",
        payload: { phone: "+919811100002", code, name: "Kavita" },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      providers.state.whatsappFails = false;
    }
  });
});

describe("the providers' settings", () => {
  const base = { NODE_ENV: "test" };
  it("stops the server naming what a half set-up channel lacks", () => {
    expect(() => loadConfig({ ...base, WHATSAPP_TOKEN: "x" })).toThrow(
      "Invalid configuration: WHATSAPP_PHONE_NUMBER_ID: required",
    );
    expect(() => loadConfig({ ...base, WHATSAPP_TOKEN: "x", WHATSAPP_PHONE_NUMBER_ID: "1" })).toThrow(
      "WHATSAPP_CODE_TEMPLATE",
    );
    expect(() => loadConfig({ ...base, MSG91_AUTH_KEY: "k", MSG91_CODE_TEMPLATE_EN: "a" })).toThrow(
      "Invalid configuration: MSG91_CODE_TEMPLATE_HI: required",
    );
    expect(() => loadConfig({ ...base, WHATSAPP_API_URL: "not a url" })).toThrow("WHATSAPP_API_URL");
  });

  it("sets up neither channel when nothing is set, and each in full when it is", () => {
    const none = loadConfig(base);
    expect(none.whatsapp).toBeUndefined();
    expect(none.msg91).toBeUndefined();
    const both = loadConfig({
      ...base,
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: "1",
      WHATSAPP_CODE_TEMPLATE: "code",
      MSG91_AUTH_KEY: "k",
      MSG91_CODE_TEMPLATE_EN: "a",
      MSG91_CODE_TEMPLATE_HI: "b",
      MSG91_CODE_TEMPLATE_MR: "c",
    });
    expect(both.whatsapp).toMatchObject({ apiUrl: "https://graph.facebook.com/v21.0", codeTemplate: "code" });
    expect(both.msg91).toMatchObject({ codeTemplates: { en: "a", hi: "b", mr: "c" } });
  });
});
