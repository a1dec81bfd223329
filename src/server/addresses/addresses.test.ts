import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderMessages } from "../../shared/messages.ts";
import { type AddressInput, addressMessages, type SavedAddress } from "../../shared/schemas/addresses.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { testShipping } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let farmer: SignedInUser;
let tomatoId: string;
// NOTE: a clock that moves on a second at each reading, so "the address used last" is never a tie.
let tick = Date.parse("2026-03-02T06:00:00Z");
const clock = () => {
  tick += 1000;
  return new Date(tick);
};

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  farmer = await signUpAndLogIn(t.app, "Asha Farmer");
  tomatoId = (
    await insertProduct(t.db.kysely, farmer.id, { name: "Tomatoes", pricePaise: 4000, stock: 1000 })
  ).id!;
});
afterAll(() => t.close());

const home: AddressInput = {
  fullName: "Meera Iyer",
  phone: "+91 98765 43210",
  address: "12 Lake Road",
  city: "Pune",
  state: "MH",
  zipCode: "411001",
  country: "IN",
};
const work: AddressInput = { ...home, address: "4th floor, IT Park", zipCode: "411057" };
const parents: AddressInput = {
  ...home,
  fullName: "Lata Iyer",
  address: "7 Temple Street",
  city: "Nashik",
  zipCode: "422001",
};
const cousin: AddressInput = {
  ...home,
  fullName: "Kiran Iyer",
  address: "3 Hill View",
  city: "Satara",
  zipCode: "415001",
};

const order = (
  user: SignedInUser,
  shipping: AddressInput,
  productId = tomatoId,
  email = testShipping.email,
) =>
  request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: user.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: {
      items: [{ productId, quantity: 1 }],
      shipping: { ...shipping, email },
    },
  });

const list = async (user: SignedInUser): Promise<SavedAddress[]> => {
  const res = await request(t.app, { method: "GET", url: "/api/account/addresses", cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json().addresses;
};
const save = (user: SignedInUser, body: object) =>
  request(t.app, { method: "POST", url: "/api/account/addresses", cookie: user.cookie, payload: body });
const remove = (user: SignedInUser, id: string) =>
  request(t.app, { method: "DELETE", url: `/api/account/addresses/${id}`, cookie: user.cookie });
const places = (addresses: SavedAddress[]) => addresses.map((a) => a.address);

describe("the addresses an account keeps for checkout", () => {
  it("keeps the address of each order placed, the last used first, and updates the same place", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    expect(await list(buyer)).toEqual([]);
    expect((await order(buyer, home)).statusCode).toBe(201);
    expect(await list(buyer)).toEqual([expect.objectContaining(home)]);
    expect((await order(buyer, work)).statusCode).toBe(201);
    expect(places(await list(buyer))).toEqual([work.address, home.address]);
    // NOTE: the same place typed again, with another phone and in other case: one address, updated.
    const again = { ...home, address: "12 LAKE ROAD", phone: "+91 91234 56789" };
    expect((await order(buyer, again)).statusCode).toBe(201);
    const [first, second, ...rest] = await list(buyer);
    expect(first).toEqual(expect.objectContaining(again));
    expect(second?.address).toBe(work.address);
    expect(rest).toEqual([]);
  });

  it("keeps at most three: the Account page is refused a fourth, an order replaces the one used longest ago", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    for (const address of [home, work, parents]) expect((await save(buyer, address)).statusCode).toBe(201);
    const full = await save(buyer, cousin);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({ code: "address_book_full", message: addressMessages.bookFull });
    expect(places(await list(buyer))).toEqual([parents.address, work.address, home.address]);
    // NOTE: saving one it keeps is no fourth: it only becomes the last used.
    expect((await save(buyer, home)).statusCode).toBe(200);
    expect((await order(buyer, cousin)).statusCode).toBe(201);
    expect(places(await list(buyer))).toEqual([cousin.address, home.address, parents.address]);
  });

  it("checks an address as checkout does, field by field", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    const res = await save(buyer, { ...home, zipCode: "!", city: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      zipCode: orderMessages.pinInvalid,
      city: orderMessages.cityRequired,
    });
    expect((await save(buyer, { ...home, email: "x@example.com" })).statusCode).toBe(400);
    expect(await list(buyer)).toEqual([]);
  });

  it("refuses PIN abc, city x and state y, field by field, at checkout and in the address book; nothing is kept", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    const bad = { ...home, zipCode: "abc", city: "x", state: "y" };
    const fields = {
      zipCode: orderMessages.pinInvalid,
      city: orderMessages.cityInvalid,
      state: orderMessages.stateInvalid,
    };
    const saved = await save(buyer, bad);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.fields).toEqual(fields);
    const ordered = await order(buyer, bad);
    expect(ordered.statusCode).toBe(400);
    expect(ordered.json().error.fields).toEqual(
      Object.fromEntries(Object.entries(fields).map(([field, message]) => [`shipping.${field}`, message])),
    );
    // NOTE: five digits, a leading 0, seven digits, letters among digits: none is an Indian PIN.
    for (const zipCode of ["41100", "011001", "4110011", "4110-1", "41 1001"]) {
      expect((await save(buyer, { ...home, zipCode })).json().error.fields).toEqual({
        zipCode: orderMessages.pinInvalid,
      });
    }
    // NOTE: an address that is no object at all is a 400 too, never a 500 (the fuzz test found null).
    for (const shipping of [null, [], "Pune"]) {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/orders",
        cookie: buyer.cookie,
        headers: { "idempotency-key": randomUUID() },
        payload: { items: [{ productId: tomatoId, quantity: 1 }], shipping },
      });
      expect(res.statusCode, JSON.stringify(shipping)).toBe(400);
    }
    expect((await save(buyer, [])).statusCode).toBe(400);
    expect(await list(buyer)).toEqual([]);
  });

  it("keeps the state's code whether its code or its name in English, Hindi or Marathi was given, and mails its name", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    for (const [state, address] of [
      ["महाराष्ट्र", "1 Hindi Road"],
      ["Maharashtra", "2 English Road"],
      ["  mh ", "3 Code Road"],
    ] as const) {
      expect((await save(buyer, { ...home, state, address })).statusCode).toBe(201);
    }
    expect((await list(buyer)).map((a) => [a.address, a.state, a.country])).toEqual([
      ["3 Code Road", "MH", "IN"],
      ["2 English Road", "MH", "IN"],
      ["1 Hindi Road", "MH", "IN"],
    ]);
    // NOTE: the same place written with the state's name is the address kept with its code, not a fourth.
    const same = await save(buyer, { ...home, state: "Maharashtra", address: "2 English Road" });
    expect(same.statusCode).toBe(200);

    const shopper = await signUpAndLogIn(t.app, "Meera");
    const placed = await order(shopper, { ...home, state: "महाराष्ट्र" }, tomatoId, shopper.email);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.shipping).toMatchObject({ state: "MH", country: "IN" });
    expect(placed.json().order.shippingAddress).toBe("12 Lake Road, Pune, Maharashtra 411001");
    const confirmation = (await mailsTo(t, shopper.email)).find((mail) => mail.text.includes("Lake Road"));
    expect(confirmation?.text).toContain("12 Lake Road, Pune, Maharashtra 411001");
    expect(confirmation?.text).not.toContain(" MH ");
  });

  it("shows the state's name in the reader's language: the farmer's mail in Hindi names महाराष्ट्र", async () => {
    const grower = await signUpAndLogIn(t.app, "Asha");
    expect(
      (
        await request(t.app, {
          method: "PATCH",
          url: "/api/account",
          cookie: grower.cookie,
          payload: { language: "hi" },
        })
      ).statusCode,
    ).toBe(200);
    const okra = (await insertProduct(t.db.kysely, grower.id, { name: "Okra", pricePaise: 3000, stock: 100 }))
      .id!;
    const shopper = await signUpAndLogIn(t.app, "Meera");
    expect((await order(shopper, { ...home, state: "MH" }, okra)).statusCode).toBe(201);
    const newPart = (await mailsTo(t, grower.email)).find((mail) => mail.text.includes("Lake Road"));
    expect(newPart?.text).toContain("12 Lake Road, Pune, महाराष्ट्र 411001");
  });

  it("refuses an address in a country the shop does not deliver to; another country enabled keeps a free form", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    const nepal = { ...home, city: "Kathmandu", state: "Bagmati", zipCode: "44600", country: "NP" };
    const refused = await save(buyer, nepal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ country: orderMessages.countryNotServed });
    expect((await order(buyer, nepal)).json().error.fields).toEqual({
      "shipping.country": orderMessages.countryNotServed,
    });

    const both = await createTestApp({ shopCountries: ["IN", "NP"] });
    try {
      const abroad = await signUpAndLogIn(both.app, "Meera");
      const res = await request(both.app, {
        method: "POST",
        url: "/api/account/addresses",
        cookie: abroad.cookie,
        payload: nepal,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().address).toMatchObject({ state: "Bagmati", zipCode: "44600", country: "NP" });
      const me = await request(both.app, { method: "GET", url: "/api/auth/me", cookie: abroad.cookie });
      expect(me.json().shopCountries).toEqual(["IN", "NP"]);
    } finally {
      await both.close();
    }
  });

  it("deletes only the account's own: another's address id is 404 and stays", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    const stranger = await signUpAndLogIn(t.app, "Stranger");
    const id = (await save(buyer, home)).json().address.id as string;
    const theirs = await remove(stranger, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(addressMessages.notFound);
    expect(await list(buyer)).toHaveLength(1);
    expect((await remove(buyer, id)).statusCode).toBe(204);
    expect(await list(buyer)).toEqual([]);
    expect((await remove(buyer, id)).statusCode).toBe(404);
  });

  it("keeps nothing from an order that is refused", async () => {
    const buyer = await signUpAndLogIn(t.app, "Meera");
    const soldOut = await insertProduct(t.db.kysely, farmer.id, { name: "Okra", pricePaise: 2000, stock: 0 });
    expect((await order(buyer, home, soldOut.id)).statusCode).toBe(409);
    expect(await list(buyer)).toEqual([]);
  });

  it("goes with its account", async () => {
    const buyer = await signUpAndLogIn(t.app, "Leaving");
    await save(buyer, home);
    await save(buyer, work);
    const res = await request(t.app, {
      method: "DELETE",
      url: "/api/account",
      cookie: buyer.cookie,
      payload: { password: buyer.password },
    });
    expect(res.statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom("saved_addresses")
      .selectAll()
      .where("user_id", "=", buyer.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("is for the signed-in only", async () => {
    expect((await request(t.app, { method: "GET", url: "/api/account/addresses" })).statusCode).toBe(401);
  });
});
