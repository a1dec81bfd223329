import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../shared/i18n/index.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { mailsTo, sendOrderNews } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, type TestApp } from "../test/test-app.ts";
import type { Mail } from "./mail.ts";
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeNoticeMail,
  operatorClaimMail,
  orderUpdatesMail,
  passwordResetMail,
  signInLinkMail,
  welcomeMail,
} from "./templates.ts";

// A Friday morning in Pune: the farmers' slots are on Saturday 21 and Sunday 22 March 2026.
const now = new Date("2026-03-20T04:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

/**
 * The Latin words a mail holds once what may stay in any language is taken out: the data people wrote
 * (`data`), e-mail addresses, URLs, order numbers, "Veggie Cart" and "UPI". HTML tags and entities go too.
 */
function latinWords(mail: Pick<Mail, "text" | "html" | "subject">, data: readonly string[] = []): string[] {
  let rest = [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, " ").replace(/&#\d+;/g, " ")].join(" ");
  for (const value of data) rest = rest.replaceAll(value, " ");
  rest = rest
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w.-]+/g, " ")
    .replace(/#[0-9A-F]{8}/g, " ")
    .replace(/Veggie Cart|UPI/g, " ");
  return rest.match(/[A-Za-z]+/g) ?? [];
}

const htmlLang = (mail: Pick<Mail, "html">) => mail.html.match(/<html lang="([^"]+)">/)?.[1];

describe("account mails in Hindi and Marathi", () => {
  const url = "http://shop.test/x#token=abc";
  // Each account mail built for a reader of `language`, with the subject that language gives it.
  const kinds = (language: Language) => {
    const to = { email: "asha@example.com", language };
    return {
      "password reset": passwordResetMail(to, "आशा", url, 30),
      "e-mail change": emailChangeConfirmMail({ ...to, email: "new@example.com" }, "आशा", url, 24),
      "e-mail change notice": emailChangeNoticeMail(to, "आशा", "new@example.com"),
      "e-mail changed": emailChangedMail(to, "आशा", "new@example.com"),
      "operator claim": operatorClaimMail(to, "आशा", url, 24),
      "sign-in link": signInLinkMail(to, "आशा", url, 15),
      welcome: welcomeMail(to, "आशा", url),
    };
  };
  const subjects: Record<"hi" | "mr", Record<keyof ReturnType<typeof kinds>, string>> = {
    hi: {
      "password reset": "अपना Veggie Cart पासवर्ड बदलें",
      "e-mail change": "अपने नए ईमेल पते की पुष्टि करें",
      "e-mail change notice": "आपके Veggie Cart खाते का ईमेल पता बदला जा रहा है",
      "e-mail changed": "आपके Veggie Cart खाते का ईमेल पता बदल गया",
      "operator claim": "Veggie Cart पर अपने संचालक अधिकार की पुष्टि करें",
      "sign-in link": "Veggie Cart में लॉग इन करने का आपका लिंक",
      welcome: "Veggie Cart में आपका स्वागत है",
    },
    mr: {
      "password reset": "तुमचा Veggie Cart पासवर्ड बदला",
      "e-mail change": "तुमच्या नवीन ईमेल पत्त्याची खात्री करा",
      "e-mail change notice": "तुमच्या Veggie Cart खात्याचा ईमेल पत्ता बदलला जात आहे",
      "e-mail changed": "तुमच्या Veggie Cart खात्याचा ईमेल पत्ता बदलला",
      "operator claim": "Veggie Cart वर तुमच्या संचालक हक्कांची खात्री करा",
      "sign-in link": "Veggie Cart मध्ये लॉग इन करण्याची तुमची लिंक",
      welcome: "Veggie Cart मध्ये तुमचे स्वागत आहे",
    },
  };

  for (const language of ["hi", "mr"] as const) {
    it(`are written in ${language}: subject, <html lang> and every sentence`, () => {
      for (const [kind, mail] of Object.entries(kinds(language))) {
        expect(mail.subject, kind).toBe(subjects[language][kind as keyof typeof subjects.hi]);
        expect(htmlLang(mail), kind).toBe(language);
        expect(latinWords(mail, ["आशा"]), kind).toEqual([]);
      }
    });
  }

  it("stay as they were in English", () => {
    const mail = passwordResetMail("asha@example.com", "Asha", url, 30);
    expect(mail.subject).toBe("Reset your Veggie Cart password");
    expect(htmlLang(mail)).toBe("en");
    expect(mail.text).toContain("Hello Asha,");
  });
});

describe("one mail of several parts' news (decision 048) in Hindi and Marathi", () => {
  const line = (name: string) => ({
    productId: "p",
    name,
    unitPrice: 40,
    unit: "kg" as const,
    quantity: 2,
    lineTotal: 80,
    lineId: 1,
    weighed: true,
    packedGrams: null,
    estimate: 80,
    amount: 80,
  });
  const orderId = "0b6f3c1e-2a4d-4e4b-9c1a-7d2e5f6a8b90";
  const parts = [
    { farmerName: "आशा", status: "confirmed" as const, items: [line("टमाटर")], total: 80, billFinal: false },
    {
      farmerName: "सुनीता",
      status: "cancelled" as const,
      reason: "पाऊस",
      items: [line("भिंडी")],
      total: 80,
      billFinal: false,
    },
  ];
  const expected = {
    hi: {
      subject: "आपका Veggie Cart ऑर्डर #0B6F3C1E: पक्का हो गया, रद्द",
      intro: "आपके ऑर्डर #0B6F3C1E में ये बदलाव हुए हैं:",
    },
    mr: {
      subject: "तुमची Veggie Cart ऑर्डर #0B6F3C1E: पक्की झाली, रद्द",
      intro: "तुमच्या ऑर्डर #0B6F3C1E मध्ये हे बदल झाले आहेत:",
    },
  };
  for (const language of ["hi", "mr"] as const) {
    it(`is written in ${language}, each part's news in turn`, () => {
      const mail = orderUpdatesMail(
        { email: "meera@example.com", language },
        { buyerName: "मीरा", orderId, parts },
        "http://shop.test/orders/x",
      );
      expect(htmlLang(mail)).toBe(language);
      expect(mail.text).toContain(expected[language].intro);
      expect(latinWords(mail, ["आशा", "सुनीता", "मीरा", "टमाटर", "भिंडी", "पाऊस"])).toEqual([]);
      expect(mail.subject).toBe(expected[language].subject);
    });
  }
});

interface Reader extends SignedInUser {
  language: Language;
}

const call = (user: SignedInUser, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
  request(t.app, { method, url, cookie: user.cookie, ...(payload === undefined ? {} : { payload }) });

/** Signs up choosing `language` (as the sign-up screen sends it) and signs in. */
async function reader(name: string, language: Language): Promise<Reader> {
  const email = `${randomUUID()}@example.com`;
  const password = "correct horse battery";
  const signup = await request(t.app, {
    method: "POST",
    url: "/api/auth/signup",
    payload: { name, email, password, language },
  });
  expect(signup.statusCode).toBe(201);
  const login = await request(t.app, {
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { id: login.json().user.id, email, name, password, cookie, language };
}

/** A farmer delivering to 4110… on Saturdays 8–10 am and with a pickup at a point on Sundays 5–7 pm. */
async function farmer(name: string, language: Language) {
  const farmer = await reader(name, language);
  await call(farmer, "PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] });
  const point = await call(farmer, "POST", "/api/farmer/pickup-points", {
    name: "गेट 2",
    address: "बाणेर रोड",
  });
  await call(farmer, "POST", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday: 6,
    start: "08:00",
    end: "10:00",
    capacity: 5,
  });
  await call(farmer, "POST", "/api/farmer/slot-patterns", {
    kind: "pickup",
    pickupPointId: point.json().pickupPoint.id,
    weekday: 0,
    start: "17:00",
    end: "19:00",
    capacity: 5,
  });
  const slots = (await call(farmer, "GET", "/api/farmer/slots")).json().items as {
    id: string;
    kind: string;
  }[];
  const product = await insertProduct(t.db.kysely, farmer.id, {
    name: `${name} के टमाटर`,
    pricePaise: 4000,
    stock: 50,
    unit: "kg",
  });
  const slotOf = (kind: string) => slots.find((slot) => slot.kind === kind)?.id ?? "";
  return { ...farmer, product, delivery: slotOf("delivery"), pickup: slotOf("pickup") };
}

/** Places an order of 2 kg through the app into the farmer's slot, shipped to the buyer's own address. */
async function order(buyer: Reader, farm: Awaited<ReturnType<typeof farmer>>, slot: string) {
  const res = await request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: {
      items: [{ productId: farm.product.id, quantity: 2 }],
      shipping: { ...shipping, email: buyer.email },
      paymentMethod: "upi",
      slots: { [farm.id]: slot },
    },
  });
  expect(res.statusCode).toBe(201);
  const placed = res.json().order as { id: string; fulfilments: { id: string }[] };
  return { id: placed.id, partId: placed.fulfilments[0]!.id };
}

const shipping = {
  fullName: "मीरा अय्यर",
  phone: "+91 98765 43210",
  address: "12 लेक रोड",
  city: "पुणे",
  state: "महाराष्ट्र",
  zipCode: "411001",
};

/** Every mail an order's buyer and its farmer get, from placing to delivery and a closed slot. */
async function orderStory(buyerLanguage: Language, farmerLanguage: Language) {
  const farm = await farmer(farmerLanguage === "hi" ? "आशा" : "सुनीता", farmerLanguage);
  const buyer = await reader(shipping.fullName, buyerLanguage);
  // NOTE: each step's mails are sent before the next step, as between a farmer's clicks; without that the sends
  // of two steps run side by side and reach the outbox in either order.
  const first = await order(buyer, farm, farm.delivery);
  await t.app.mailer.settle();
  for (const status of ["confirmed", "out_for_delivery"]) {
    const moved = await call(farm, "POST", `/api/farmer/orders/${first.partId}/status`, { status });
    expect(moved.statusCode).toBe(200);
    // NOTE: the move's mail is the order's news, sent 2 minutes after it (decision 048).
    await sendOrderNews(t);
  }
  await order(buyer, farm, farm.pickup);
  await t.app.mailer.settle();
  const closed = await call(farm, "PATCH", `/api/farmer/slots/${farm.pickup}`, {
    closed: true,
    reason: "पाऊस",
    confirm: true,
  });
  expect(closed.statusCode).toBe(200);
  const data = [farm.name, farm.product.name, shipping.fullName, shipping.phone, "गेट 2", "बाणेर रोड", "पाऊस"];
  return {
    farm,
    buyer,
    first,
    data,
    toBuyer: await mailsTo(t, buyer.email),
    toFarmer: await mailsTo(t, farm.email),
  };
}

describe("mails of an order in each reader's language", () => {
  it("a buyer in Marathi and a farmer in Hindi get their mails for the same order in their own languages", async () => {
    const { toBuyer, toFarmer, first, data } = await orderStory("mr", "hi");
    const number = `#${first.id.slice(0, 8).toUpperCase()}`;
    // NOTE: the bill is queued in the same transaction as the move out for delivery, in either order.
    expect(toBuyer.map((mail) => mail.subject)).toEqual([
      "Veggie Cart मध्ये तुमचे स्वागत आहे",
      `तुमची Veggie Cart ऑर्डर ${number}`,
      `तुमची Veggie Cart ऑर्डर ${number}: पक्की झाली`,
      expect.toBeOneOf([`तुमची Veggie Cart ऑर्डर ${number}: डिलिव्हरीसाठी निघाली`, "आशा यांचे तुमचे बिल: ₹80.00"]),
      expect.toBeOneOf([`तुमची Veggie Cart ऑर्डर ${number}: डिलिव्हरीसाठी निघाली`, "आशा यांचे तुमचे बिल: ₹80.00"]),
      expect.stringMatching(/^तुमची Veggie Cart ऑर्डर #[0-9A-F]{8}$/),
      expect.stringMatching(/^तुमची Veggie Cart ऑर्डर #[0-9A-F]{8}: शेतकऱ्याने वेळ बंद केली$/),
    ]);
    const bill = toBuyer.find((mail) => mail.subject.startsWith("आशा यांचे तुमचे बिल"));
    expect(toFarmer.map((mail) => mail.subject)).toEqual([
      "Veggie Cart में आपका स्वागत है",
      `नया ऑर्डर ${number}: ₹80.00`,
      expect.stringMatching(/^नया ऑर्डर #[0-9A-F]{8}: ₹80\.00$/),
    ]);
    const [, confirmation] = toBuyer;
    expect(confirmation?.text).toContain("आशा: घरपोच शनि, 21 मार्च, सकाळी 8 ते 10");
    expect(confirmation?.text).toContain("पैसे कसे द्यायचे (UPI):");
    // Sent out unweighed, the line is billed as ordered, never "packed 2 kg" (issue 40 item 19).
    expect(bill?.text).toContain("आशा के टमाटर × 2  ₹80.00");
    expect(bill?.text).not.toContain("पॅक झाले 2 किलो");
    expect(toFarmer[1]?.text).toContain("कब और कहाँ: होम डिलीवरी शनि, 21 मार्च, सुबह 8 से 10 बजे");
    expect(toFarmer[2]?.text).toContain("पिकअप रवि, 22 मार्च, शाम 5 से 7 बजे, गेट 2, बाणेर रोड पर");
    for (const mail of toBuyer) {
      expect(htmlLang(mail), mail.subject).toBe("mr");
      expect(latinWords(mail, data), mail.subject).toEqual([]);
    }
    for (const mail of toFarmer) {
      expect(htmlLang(mail), mail.subject).toBe("hi");
      expect(latinWords(mail, data), mail.subject).toEqual([]);
    }
  });

  it("and the other way round: a buyer in Hindi, a farmer in Marathi", async () => {
    const { toBuyer, toFarmer, data } = await orderStory("hi", "mr");
    expect(toBuyer).toHaveLength(7);
    expect(toFarmer).toHaveLength(3);
    expect(toBuyer.map((mail) => mail.subject)).toContain("सुनीता का आपका बिल: ₹80.00");
    expect(toFarmer[1]?.text).toContain("कधी आणि कुठे: घरपोच शनि, 21 मार्च, सकाळी 8 ते 10");
    expect(toFarmer[1]?.text).toContain("इथे पोहोचवा: 12 लेक रोड");
    // The pickup's mail names the pickup point, not the buyer's address to deliver to (issue 40 item 19).
    expect(toFarmer[2]?.text).toContain("पिकअपचे ठिकाण: गेट 2, बाणेर रोड");
    expect(toFarmer[2]?.text).not.toContain("इथे पोहोचवा");
    expect(toFarmer[2]?.text).not.toContain("12 लेक रोड");
    // The buyer's mail for the pickup says they pay at pickup, not when it is delivered.
    const pickupOrder = toBuyer[5];
    expect(pickupOrder?.text).toContain("पिकअप के समय");
    expect(pickupOrder?.text).not.toContain("पहुँचने पर");
    for (const [mails, language] of [
      [toBuyer, "hi"],
      [toFarmer, "mr"],
    ] as const) {
      for (const mail of mails) {
        expect(htmlLang(mail), mail.subject).toBe(language);
        expect(latinWords(mail, data), mail.subject).toEqual([]);
      }
    }
  });

  it("an e-mail change's new address, which has no account, is written to in the asking account's language", async () => {
    const asha = await reader("आशा", "hi");
    const newEmail = `${randomUUID()}@example.com`;
    const res = await call(asha, "POST", "/api/account/email", { email: newEmail, password: asha.password });
    expect(res.statusCode).toBe(202);
    const [confirm] = await mailsTo(t, newEmail);
    expect(confirm?.subject).toBe("अपने नए ईमेल पते की पुष्टि करें");
    expect(htmlLang(confirm!)).toBe("hi");
  });
});

describe("downloads in the language of the account downloading them", () => {
  it("a farmer reading Hindi gets the packing list and the week's payments with Hindi headers", async () => {
    const { farm, first } = await orderStory("mr", "hi");
    await call(farm, "POST", `/api/farmer/orders/${first.partId}/status`, { status: "delivered" });

    const packing = await call(farm, "GET", `/api/farmer/slots/${farm.delivery}/packing-list.csv`);
    expect(packing.statusCode).toBe(200);
    const rows = packing.body.trim().split("\r\n");
    expect(rows[0]).toBe("सामान,मात्रा,इकाई,वज़न (किलो)");
    expect(rows[1]).toBe("आशा के टमाटर,2,किलो,2");
    expect(rows[3]).toBe("ऑर्डर,ग्राहक,फ़ोन,पता,सामान,मात्रा,इकाई,वज़न (किलो),रकम (₹),स्थिति");
    expect(rows[4]).toMatch(/,पहुँच गया$/);

    const pickup = await call(farm, "GET", `/api/farmer/slots/${farm.pickup}/packing-list`);
    expect(pickup.json().orders[0].address).toBe("पिकअप: गेट 2, बाणेर रोड");

    const payments = await call(farm, "GET", "/api/farmer/payments.csv");
    expect(payments.statusCode).toBe(200);
    const [header, row, total] = payments.body.trim().split("\r\n");
    expect(header).toBe(
      "हफ़्ता,ग्राहक,ऑर्डर,पहुँचाने का समय,पहुँचाया,नकद,UPI,बाकी,ऑनलाइन मिला,वापस किया,कमीशन,देय,किसान को भुगतान,स्थिति",
    );
    expect(row).toMatch(/,भुगतान नहीं हुआ$/);
    expect(total).toMatch(/^\d{4}-\d{2}-\d{2},कुल,/);
  });
});
