import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { productMessages } from "../../shared/schemas/product-form.ts";
import { multipartBody, sampleImage } from "../test/multipart.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrongLogin = (acceptLanguage?: string) =>
  request(t.app, {
    method: "POST",
    url: "/api/auth/login",
    headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    payload: { email: "nobody@example.com", password: "not the password" },
  });

const patchAccount = (cookie: string, payload: object, acceptLanguage?: string) =>
  request(t.app, {
    method: "PATCH",
    url: "/api/account",
    cookie,
    headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    payload,
  });

describe("the language of API answers", () => {
  it("answers an error in the browser's language when signed out; the code stays the same", async () => {
    const english = (await wrongLogin()).json().error;
    expect(english).toEqual({ code: "unauthorized", message: messages.wrongCredentials });
    expect((await wrongLogin("hi-IN,hi;q=0.9,en;q=0.8")).json().error).toEqual({
      code: "unauthorized",
      message: "ईमेल या पासवर्ड सही नहीं है",
    });
    expect((await wrongLogin("mr")).json().error).toEqual({
      code: "unauthorized",
      message: "ईमेल किंवा पासवर्ड चुकीचा आहे",
    });
    // A language the shop does not speak, or one ranked below English, answers in English.
    expect((await wrongLogin("fr-FR")).json().error.message).toBe(messages.wrongCredentials);
    expect((await wrongLogin("en;q=0.9,hi;q=0.5")).json().error.message).toBe(messages.wrongCredentials);
  });

  it("keeps the account's language, answers it from /api/auth/me, and speaks it over Accept-Language", async () => {
    const user = await signUpAndLogIn(t.app, "Sunita");
    const me = () => request(t.app, { method: "GET", url: "/api/auth/me", cookie: user.cookie });
    expect((await me()).json().user.language).toBe("en");

    const chosen = await patchAccount(user.cookie, { language: "mr" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user).toMatchObject({ name: "Sunita", language: "mr" });
    expect((await me()).json().user.language).toBe("mr");

    // The account's Marathi wins over the browser's Hindi, for the message and each field's.
    const refused = await patchAccount(user.cookie, { name: "   " }, "hi-IN");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: "validation_failed",
      message: "कृपया तुमचे नाव लिहा",
      fields: { name: "कृपया तुमचे नाव लिहा" },
    });

    await patchAccount(user.cookie, { language: "hi" });
    const inHindi = (await patchAccount(user.cookie, { name: "   " }, "mr")).json().error;
    expect(inHindi).toMatchObject({ code: "validation_failed", message: "कृपया अपना नाम लिखें" });
  });

  it("keeps the language chosen before signing up, and answers it on sign-in", async () => {
    const email = `marathi.${Date.now()}@example.com`;
    const password = "correct horse battery";
    const signup = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Meera", email, password, language: "mr" },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.language).toBe("mr");
    const login = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(login.json().user.language).toBe("mr");
    const refused = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Meera", email: `x.${email}`, password, language: "fr" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty("language");
  });

  it("refuses a language the shop does not speak with a 400", async () => {
    const user = await signUpAndLogIn(t.app);
    for (const language of ["xx", "EN", "", 3, null]) {
      const res = await patchAccount(user.cookie, { language });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
      // NOTE: the message names no language, so a language added to the list needs no new text.
      expect(res.json().error.fields).toEqual({ language: "Please choose one of the shop's languages" });
    }
    const me = await request(t.app, { method: "GET", url: "/api/auth/me", cookie: user.cookie });
    expect(me.json().user.language).toBe("en");
  });

  it("answers the product form's messages in the account's language (it wins over Accept-Language)", async () => {
    const farmer = await signUpAndLogIn(t.app, "Ravi");
    const image = { bytes: await sampleImage("png", 64, 48), filename: "a.png", type: "image/png" };
    const addProduct = async (price: string, acceptLanguage = "en") => {
      const body = await multipartBody({
        name: "टमाटर",
        price,
        description: "लाल",
        category: "vegetables",
        image,
      });
      return request(t.app, {
        method: "POST",
        url: "/api/products",
        cookie: farmer.cookie,
        ...body,
        headers: { ...body.headers, "accept-language": acceptLanguage },
      });
    };
    // An account in English keeps English, even from a Hindi browser.
    const english = await addProduct("-5", "hi-IN");
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields.price).toBe(productMessages.priceNegative);

    expect((await patchAccount(farmer.cookie, { language: "hi" })).statusCode).toBe(200);
    const hindi = await addProduct("-5", "en-IN");
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().error).toMatchObject({
      code: english.json().error.code,
      fields: { price: "कीमत शून्य से कम नहीं हो सकती" },
    });

    const added = await addProduct("40");
    expect(added.statusCode).toBe(201);
    expect((await patchAccount(farmer.cookie, { language: "mr" })).statusCode).toBe(200);
    const edit = await request(t.app, {
      method: "PATCH",
      url: `/api/products/${added.json().product.id}`,
      cookie: farmer.cookie,
      payload: { stock: -1 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields.stock).toBe("साठा शून्यापेक्षा कमी असू शकत नाही");
  });
});
