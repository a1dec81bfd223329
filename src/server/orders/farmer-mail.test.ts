import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../test/order-fixtures.ts";
import { placed, postOrder, testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

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
