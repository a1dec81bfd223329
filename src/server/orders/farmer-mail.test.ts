import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, postOrder, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let asha: SignedInUser;
let ravi: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, buyer] = [
    await signUpAndLogIn(t.app, "Asha Farmer"),
    await signUpAndLogIn(t.app, "Ravi Farmer"),
    await signUpAndLogIn(t.app, "Meera Buyer"),
  ];
});
afterAll(() => t.close());

const newPartMails = async (farmer: SignedInUser) =>
  (await mailsTo(t, farmer.email)).filter((mail) => mail.subject.startsWith("New order"));

describe("a farmer hears about each new part of an order", () => {
  it("queues one mail to each farmer's account address with only their lines and the buyer's details", async () => {
    const tomato = await insertProduct(t.db.kysely, asha.id, {
      name: "Tomatoes",
      pricePaise: 4000,
      stock: 50,
    });
    const milk = await insertProduct(t.db.kysely, ravi.id, {
      name: "Buffalo Milk",
      pricePaise: 6000,
      stock: 50,
    });
    const order = await placed(t.app, buyer, [
      { productId: tomato.id!, quantity: 2 },
      { productId: milk.id!, quantity: 1 },
    ]);

    const [toAsha, ...moreToAsha] = await newPartMails(asha);
    const [toRavi, ...moreToRavi] = await newPartMails(ravi);
    expect(moreToAsha).toEqual([]);
    expect(moreToRavi).toEqual([]);
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    expect(toAsha?.subject).toBe(`New order ${number}: ₹80.00`);
    expect(toAsha?.text).toContain("Tomatoes × 2  ₹80.00");
    expect(toAsha?.text).not.toContain("Buffalo Milk");
    expect(toRavi?.subject).toBe(`New order ${number}: ₹60.00`);
    expect(toRavi?.text).toContain("Buffalo Milk × 1  ₹60.00");
    expect(toRavi?.text).not.toContain("Tomatoes");
    for (const mail of [toAsha, toRavi]) {
      expect(mail?.text).toContain(`Buyer: ${testShipping.fullName}, ${testShipping.phone}`);
      expect(mail?.text).toContain("Deliver to: 12 Lake Road, Pune, Maharashtra 411001");
    }
  });

  it("sends nothing for a placement that is refused and rolled back", async () => {
    const beans = await insertProduct(t.db.kysely, asha.id, { name: "Beans", pricePaise: 2000, stock: 10 });
    const curd = await insertProduct(t.db.kysely, ravi.id, { name: "Curd", pricePaise: 3000, stock: 1 });
    const before = [(await newPartMails(asha)).length, (await newPartMails(ravi)).length];
    const res = await postOrder(t.app, buyer, [
      { productId: beans.id!, quantity: 1 },
      { productId: curd.id!, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect([(await newPartMails(asha)).length, (await newPartMails(ravi)).length]).toEqual(before);
  });
});

// Issue 40 item 7: the farmer hears of a buyer's cancel; the buyer can reach the farmer by phone.
const profile = (user: SignedInUser, payload?: object) =>
  request(t.app, {
    method: payload ? "PUT" : "GET",
    url: "/api/farmer/profile",
    cookie: user.cookie,
    ...(payload ? { payload } : {}),
  });

describe("a farmer's contact phone (GET/PUT /api/farmer/profile)", () => {
  it("is none until set; it is kept beside the UPI ID, each saved without losing the other", async () => {
    expect((await profile(asha)).json()).toEqual({ upiId: null, phone: null });
    expect((await profile(asha, { phone: " +91 98765 43210 " })).json()).toEqual({
      upiId: null,
      phone: "+91 98765 43210",
    });
    expect((await profile(asha, { upiId: "asha@okaxis" })).json()).toEqual({
      upiId: "asha@okaxis",
      phone: "+91 98765 43210",
    });
    expect((await profile(asha)).json()).toEqual({ upiId: "asha@okaxis", phone: "+91 98765 43210" });
  });

  it("refuses a phone that is not one (400 on the field) and keeps the one saved; null removes it", async () => {
    await profile(ravi, { phone: "020 2553 1234" });
    const bad = await profile(ravi, { phone: "call me" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      phone: "Please enter a valid phone number (7 to 20 digits, spaces, +, - or brackets)",
    });
    expect((await profile(ravi)).json().phone).toBe("020 2553 1234");
    expect((await profile(ravi, { phone: null })).json()).toEqual({ upiId: null, phone: null });
  });

  it("is shown to the buyer beside each part's farmer on the order (null when the farmer set none)", async () => {
    await profile(asha, { phone: "+91 98765 43210" });
    await profile(ravi, { phone: null });
    const tomato = await insertProduct(t.db.kysely, asha.id, {
      name: "Tomatoes",
      pricePaise: 4000,
      stock: 50,
    });
    const milk = await insertProduct(t.db.kysely, ravi.id, { name: "Milk", pricePaise: 6000, stock: 50 });
    const order = await placed(t.app, buyer, [
      { productId: tomato.id!, quantity: 1 },
      { productId: milk.id!, quantity: 1 },
    ]);
    const res = await request(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie });
    const parts = res.json().order.fulfilments as { farmerName: string; farmerPhone: string | null }[];
    expect(
      parts
        .map(({ farmerName, farmerPhone }) => ({ farmerName, farmerPhone }))
        .sort((a, b) => a.farmerName.localeCompare(b.farmerName)),
    ).toEqual([
      { farmerName: "Asha Farmer", farmerPhone: "+91 98765 43210" },
      { farmerName: "Ravi Farmer", farmerPhone: null },
    ]);
  });
});

describe("a buyer's cancel of a pending part", () => {
  it("is mailed to the part's farmer with their lines and the buyer's reason; another farmer hears nothing", async () => {
    const beans = await insertProduct(t.db.kysely, asha.id, { name: "Beans", pricePaise: 2000, stock: 50 });
    const order = await placed(t.app, buyer, [{ productId: beans.id!, quantity: 2 }]);
    const number = `#${order.id.slice(0, 8).toUpperCase()}`;
    const before = (await mailsTo(t, ravi.email)).length;
    const cancel = await request(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      cookie: buyer.cookie,
      payload: { reason: "Bought at the market" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const mail = (await mailsTo(t, asha.email)).find(
      (m) => m.subject === `Order ${number} cancelled by the buyer`,
    );
    expect(mail?.text).toContain("Meera Iyer has cancelled their order");
    expect(mail?.text).toContain("Beans × 2  ₹40.00");
    expect(mail?.text).toContain("Their reason: Bought at the market");
    expect(await mailsTo(t, ravi.email)).toHaveLength(before);
  });
});
