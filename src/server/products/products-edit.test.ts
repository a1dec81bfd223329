import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productMessages } from "../../shared/schemas/product-form.ts";
import { type Product, ProductListSchema, ProductSchema } from "../../shared/schemas/products.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { type FormValue, multipartBody, sampleImage } from "../test/multipart.ts";
import { placed, postOrder, stockOf } from "../test/order-helpers.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let farmer: SignedInUser;
let other: SignedInUser;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signUpAndLogIn(t.app, "Lakshmi");
  other = await signUpAndLogIn(t.app, "Arjun");
  png = await sampleImage("png", 64, 48);
});
afterAll(() => t.close());

const today = () => shopDate(new Date(), "Asia/Kolkata");
const tomorrow = () => shopDate(new Date(Date.now() + 36 * 3600_000), "Asia/Kolkata");
const spec = { name: "Tomatoes", price: "40.50", description: "Ripe and red", category: "vegetables" };

async function postProduct(fields: Record<string, FormValue>, cookie = farmer.cookie) {
  const body = await multipartBody({
    ...fields,
    image: { bytes: png, filename: "a.png", type: "image/png" },
  });
  return request(t.app, { method: "POST", url: "/api/products", cookie, ...body });
}

async function addProduct(fields: Record<string, string> = {}): Promise<Product> {
  const res = await postProduct({ ...spec, ...fields });
  if (res.statusCode !== 201) throw new Error(res.body);
  return ProductSchema.parse(res.json().product);
}

const patch = (id: string, payload: object, user: SignedInUser | null = farmer) =>
  request(t.app, { method: "PATCH", url: `/api/products/${id}`, cookie: user?.cookie, payload });
const read = async (id: string) =>
  (await request(t.app, { method: "GET", url: `/api/products/${id}`, cookie: farmer.cookie })).json()
    .product as Product;

describe("unit, stock and harvest date", () => {
  it("are optional on create: piece, not tracked, no date; and kept when given", async () => {
    const plain = await addProduct();
    expect(plain).toMatchObject({ unit: "piece", stock: null, harvestedOn: null, quantity: 0 });
    const full = await addProduct({ unit: "kg", stock: "12", harvestedOn: today() });
    expect(full).toMatchObject({ unit: "kg", stock: 12, harvestedOn: today() });
    const blank = await addProduct({ unit: "", stock: "", harvestedOn: "" });
    expect(blank).toMatchObject({ unit: "piece", stock: null, harvestedOn: null });
  });

  it("refuses a bad unit, a negative, fractional or huge stock, and a bad or future date on create, adding nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ unit: "tonne" }, "unit", productMessages.unitInvalid],
      [{ stock: "-1" }, "stock", productMessages.stockNegative],
      [{ stock: "2.5" }, "stock", productMessages.stockNotWhole],
      [{ stock: "ten" }, "stock", productMessages.stockNotWhole],
      [{ stock: "1e3" }, "stock", productMessages.stockNotWhole],
      [{ stock: "100001" }, "stock", productMessages.stockTooHigh],
      [{ harvestedOn: tomorrow() }, "harvestedOn", productMessages.harvestedOnFuture],
      [{ harvestedOn: "2026-02-30" }, "harvestedOn", productMessages.harvestedOnInvalid],
      [{ harvestedOn: "2026-13-01" }, "harvestedOn", productMessages.harvestedOnInvalid],
      [{ harvestedOn: "yesterday" }, "harvestedOn", productMessages.harvestedOnInvalid],
    ];
    const before = await tableChecksums(t.db);
    for (const [fields, field, message] of cases) {
      const res = await postProduct({ ...spec, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
    }
    // the product's own messages are unchanged and come together with the new ones
    const both = await postProduct({ ...spec, name: "", stock: "-3" });
    expect(both.json().error.fields).toEqual({
      name: productMessages.fillAllFields,
      stock: productMessages.stockNegative,
    });
    expect(await tableChecksums(t.db)).toEqual(before);
  });
});

describe("PATCH /api/products/:id", () => {
  it("lets the owner change any subset of the fields", async () => {
    const product = await addProduct();
    const res = await patch(product.id, {
      name: "Cherry Tomatoes",
      price: 55.5,
      description: "Sweet",
      category: "fruits",
      unit: "250 g",
      stock: 7,
      harvestedOn: today(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      id: product.id,
      name: "Cherry Tomatoes",
      price: 55.5,
      description: "Sweet",
      category: "fruits",
      unit: "250 g",
      stock: 7,
      harvestedOn: today(),
      image: product.image,
    });
    const untracked = await patch(product.id, { stock: null, harvestedOn: null });
    expect(untracked.json().product).toMatchObject({
      stock: null,
      harvestedOn: null,
      name: "Cherry Tomatoes",
    });
  });

  it("answers 403 to anyone but the owner, 404 for an unknown id, 401 signed out, changing nothing", async () => {
    const product = await addProduct({ stock: "3" });
    const forbidden = await patch(product.id, { stock: 99 }, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(productMessages.notOwner);
    expect((await patch("00000000-0000-4000-8000-000000000000", { stock: 1 })).statusCode).toBe(404);
    expect((await patch(product.id, { stock: 1 }, null)).statusCode).toBe(401);
    expect(await read(product.id)).toEqual(product);
  });

  it("refuses bad values with a message per field and changes nothing", async () => {
    const product = await addProduct({ unit: "kg", stock: "4" });
    const cases: [object, string, string][] = [
      [{ unit: "tonne" }, "unit", productMessages.unitInvalid],
      [{ stock: -1 }, "stock", productMessages.stockNegative],
      [{ stock: 1.5 }, "stock", productMessages.stockNotWhole],
      [{ stock: "4" }, "stock", productMessages.stockNotWhole],
      [{ stock: 1e12 }, "stock", productMessages.stockTooHigh],
      [{ harvestedOn: tomorrow() }, "harvestedOn", productMessages.harvestedOnFuture],
      [{ harvestedOn: "2026-13-01" }, "harvestedOn", productMessages.harvestedOnInvalid],
      [{ price: -2 }, "price", productMessages.priceNegative],
      [{ price: 1.234 }, "price", productMessages.priceDecimals],
      [{ price: 0.000000001 }, "price", productMessages.priceDecimals],
      [{ price: "0.000000001" }, "price", productMessages.priceDecimals],
      // NOTE: JSON text for a price follows the form's rule: plain decimals, never hex or exponents.
      [{ price: "0x10" }, "price", productMessages.priceNotNumber],
      [{ price: "1e3" }, "price", productMessages.priceNotNumber],
      [{ name: "  " }, "name", productMessages.nameRequired],
      [{ category: "meat" }, "category", productMessages.categoryRequired],
      [{ owner: "me" }, "owner", 'Unknown field "owner"'],
    ];
    for (const [body, field, message] of cases) {
      // NOTE: a valid change sent with the bad one is not applied either
      const res = await patch(product.id, { name: "Changed", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    const empty = await patch(product.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(productMessages.nothingToChange);
    expect(await read(product.id)).toEqual(product);
  });

  it("leaves an order placed earlier with the name, price and unit it was placed at", async () => {
    const product = await addProduct({ unit: "kg" });
    const buyer = await signUpAndLogIn(t.app, "Buyer");
    const order = await placed(t.app, buyer, [{ productId: product.id, quantity: 1 }]);
    await patch(product.id, { name: "Renamed", price: 99, unit: "dozen" });
    const again = await request(t.app, {
      method: "GET",
      url: `/api/orders/${order.id}`,
      cookie: buyer.cookie,
    });
    expect(again.json().order.items[0]).toMatchObject({ name: "Tomatoes", unitPrice: 40.5, unit: "kg" });
  });
});

describe("PATCH stockChange: −1 / +1 relative to the stock as the database holds it", () => {
  it("keeps a sale that lands between the farmer's read and the click", async () => {
    const product = await addProduct({ stock: "5" });
    const seen = await read(product.id);
    expect(seen.stock).toBe(5);
    // A shopper buys 2 while the farmer's workspace still shows 5.
    const buyer = await signUpAndLogIn(t.app, "Quick Buyer");
    await placed(t.app, buyer, [{ productId: product.id, quantity: 2 }]);
    const plus = await patch(product.id, { stockChange: 1 });
    expect(plus.statusCode).toBe(200);
    // NOTE: the old absolute write ({ stock: seen.stock + 1 }) would have made it 6 and sold 2 twice.
    expect(plus.json().product.stock).toBe(4);
    const minus = await patch(product.id, { stockChange: -1 });
    expect(minus.json().product.stock).toBe(3);
    expect(await stockOf(t.app, farmer, product.id)).toBe(3);
  });

  it("refuses with 409 to go below 0 or to change a stock that is not counted, changing nothing", async () => {
    const product = await addProduct({ stock: "1" });
    expect((await patch(product.id, { stockChange: -1 })).json().product.stock).toBe(0);
    const below = await patch(product.id, { stockChange: -1, name: "Renamed" });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toEqual({
      code: "stock_out_of_range",
      message: productMessages.stockChangeBelowZero(0).english,
      fields: { stockChange: productMessages.stockChangeBelowZero(0).english },
    });
    expect(await read(product.id)).toMatchObject({ stock: 0, name: product.name });

    const untracked = await addProduct();
    const refused = await patch(untracked.id, { stockChange: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "stock_not_tracked",
      message: productMessages.stockNotTracked,
    });
    expect(await read(untracked.id)).toEqual(untracked);

    const full = await addProduct({ stock: "100000" });
    const above = await patch(full.id, { stockChange: 1 });
    expect(above.statusCode).toBe(409);
    expect(above.json().error.message).toBe(productMessages.stockChangeAboveMax);
  });

  it("checks the change itself (400) and who sends it (403, 404, 401)", async () => {
    const product = await addProduct({ stock: "4" });
    for (const stockChange of [0, 1.5, "1", 100_001, null]) {
      const res = await patch(product.id, { stockChange });
      expect(res.statusCode, JSON.stringify(stockChange)).toBe(400);
      expect(res.json().error.fields.stockChange).toBe(productMessages.stockChangeInvalid);
    }
    const both = await patch(product.id, { stock: 9, stockChange: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.stockChange).toBe(productMessages.stockAndStockChange);
    expect((await patch(product.id, { stockChange: 1 }, other)).statusCode).toBe(403);
    expect((await patch("00000000-0000-4000-8000-000000000000", { stockChange: 1 })).statusCode).toBe(404);
    expect((await patch(product.id, { stockChange: 1 }, null)).statusCode).toBe(401);
    expect(await read(product.id)).toEqual(product);
  });

  it("applies concurrent clicks and sales each once, never below 0", async () => {
    const product = await addProduct({ stock: "6" });
    const buyer = await signUpAndLogIn(t.app, "Busy Buyer");
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => patch(product.id, { stockChange: -1 })),
      postOrder(t.app, buyer, [{ productId: product.id, quantity: 2 }]),
      patch(product.id, { stockChange: 1 }),
    ]);
    const clicks = results.slice(0, 5).map((res) => res.statusCode);
    const [order, plus] = results.slice(5);
    const taken = clicks.filter((status) => status === 200).length;
    expect(clicks.every((status) => status === 200 || status === 409)).toBe(true);
    const sold = order?.statusCode === 201 ? 2 : 0;
    expect(plus?.statusCode).toBe(200);
    expect(await stockOf(t.app, farmer, product.id)).toBe(6 - taken - sold + 1);
    expect(await stockOf(t.app, farmer, product.id)).toBeGreaterThanOrEqual(0);
  });
});

describe("PUT /api/products/:id/image", () => {
  const putImage = async (
    id: string,
    fields: Record<string, FormValue>,
    user: SignedInUser | null = farmer,
  ) => {
    const body = await multipartBody(fields);
    return request(t.app, { method: "PUT", url: `/api/products/${id}/image`, cookie: user?.cookie, ...body });
  };

  it("gives the product a new photo at a new URL; the old one is gone", async () => {
    const product = await addProduct();
    const photo = { bytes: await sampleImage("jpeg", 300, 200), filename: "b.jpg", type: "image/jpeg" };
    expect((await putImage(product.id, { image: photo }, other)).statusCode).toBe(403);
    expect((await putImage(product.id, { image: photo }, null)).statusCode).toBe(401);
    expect((await putImage("00000000-0000-4000-8000-000000000000", { image: photo })).statusCode).toBe(404);
    const noImage = await putImage(product.id, { name: "x" });
    expect(noImage.statusCode).toBe(400);
    const res = await putImage(product.id, { image: photo });
    expect(res.statusCode).toBe(200);
    const updated = res.json().product as Product;
    expect(updated.image).not.toBe(product.image);
    expect(updated).toMatchObject({ imageWidth: 300, imageHeight: 200, name: product.name });
    expect((await request(t.app, { method: "GET", url: updated.image })).statusCode).toBe(200);
    expect((await request(t.app, { method: "GET", url: product.image })).statusCode).toBe(404);
  });
});

describe("the farmer's own products and the shop's order", () => {
  it("lists all my products newest first at /api/farmer/products, and only mine", async () => {
    const me = await signUpAndLogIn(t.app, "Own Farmer");
    const made: Product[] = [];
    for (const name of ["First", "Second", "Third"]) {
      const res = await postProduct({ ...spec, name }, me.cookie);
      made.push(res.json().product);
    }
    const res = await request(t.app, { method: "GET", url: "/api/farmer/products", cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: Product) => p.name)).toEqual(["Third", "Second", "First"]);
    expect((await request(t.app, { method: "GET", url: "/api/farmer/products" })).statusCode).toBe(401);
  });

  it("lists sold-out products after the others in every sort, each product once across pages", async () => {
    const shop = await createTestApp();
    try {
      const seller = await signUpAndLogIn(shop.app, "Seller");
      const add = async (name: string, price: string, stock: string) => {
        const body = await multipartBody({
          ...spec,
          name,
          price,
          stock,
          image: { bytes: png, filename: "a.png", type: "image/png" },
        });
        const res = await request(shop.app, {
          method: "POST",
          url: "/api/products",
          cookie: seller.cookie,
          ...body,
        });
        return res.json().product as Product;
      };
      const items = [
        await add("A", "10", "0"),
        await add("B", "20", "5"),
        await add("C", "10", ""),
        await add("D", "30", "0"),
        await add("E", "5", "2"),
      ];
      const walk = async (sort: string) => {
        const names: string[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/api/products?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
          const list = ProductListSchema.parse(
            (await request(shop.app, { method: "GET", url, cookie: seller.cookie })).json(),
          );
          names.push(...list.items.map((p) => p.name));
          cursor = list.nextCursor;
        } while (cursor);
        return names;
      };
      expect(await walk("newest")).toEqual(["E", "C", "B", "D", "A"]);
      expect(await walk("price-asc")).toEqual(["E", ...[items[2]!, items[1]!].map((p) => p.name), "A", "D"]);
      expect(await walk("price-desc")).toEqual(["B", "C", "E", "D", "A"]);
    } finally {
      await shop.close();
    }
  });
});

describe("other names (issue 40 item 9)", () => {
  it("are kept from the add form as comma-separated text, changed by PATCH, and searched", async () => {
    const name = `Tomatoes ${Date.now()}`;
    const added = await addProduct({ name, otherNames: " टमाटर, tamatar ,टमाटर, " });
    expect(added.otherNames).toEqual(["टमाटर", "tamatar"]);
    const shop = async (q: string) =>
      ProductListSchema.parse(
        (
          await request(t.app, {
            method: "GET",
            url: `/api/products?q=${encodeURIComponent(q)}&limit=48`,
            cookie: other.cookie,
          })
        ).json(),
      ).items.map((p) => p.id);
    expect(await shop("टमाटर")).toContain(added.id);
    expect(await shop("TAMATAR")).toContain(added.id);

    const res = await patch(added.id, { otherNames: ["टोमॅटो"] });
    expect(res.statusCode).toBe(200);
    expect((await read(added.id)).otherNames).toEqual(["टोमॅटो"]);
    expect(await shop("टोमॅटो")).toContain(added.id);
    expect(await shop("tamatar")).not.toContain(added.id);
    expect((await patch(added.id, { otherNames: [] })).statusCode).toBe(200);
    expect((await read(added.id)).otherNames).toEqual([]);
  });

  it("refuses more than five or one too long, per field, changing nothing", async () => {
    const product = await addProduct();
    const before = await tableChecksums(t.db);
    const many = await postProduct({ ...spec, otherNames: "a, b, c, d, e, f" });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields).toEqual({ otherNames: productMessages.otherNamesTooMany });
    const long = await patch(product.id, { otherNames: ["x".repeat(101)] });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ otherNames: productMessages.otherNameTooLong });
    expect(await tableChecksums(t.db)).toEqual(before);
  });
});
