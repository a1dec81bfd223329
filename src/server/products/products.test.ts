import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productMessages } from "../../shared/schemas/product-form.ts";
import { type Product, ProductListSchema, ProductSchema } from "../../shared/schemas/products.ts";
import { type FormValue, multipartBody, sampleImage } from "../test/multipart.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { SHOP_UPLOADS_PER_MINUTE } from "./products.routes.ts";

let t: TestApp;
let farmer: SignedInUser;
let other: SignedInUser;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signUpAndLogIn(t.app, "Lakshmi");
  other = await signUpAndLogIn(t.app, "Arjun");
  png = await sampleImage("png");
});
afterAll(() => t.close());

const validFields = { name: "Tomatoes", price: "40.50", description: "Ripe and red", category: "vegetables" };

async function postProduct(fields: Record<string, FormValue | FormValue[]>, cookie: string | undefined) {
  const body = await multipartBody(fields);
  return request(t.app, { method: "POST", url: "/api/products", cookie, ...body });
}

async function addProduct(
  user: SignedInUser,
  fields: Partial<typeof validFields> = {},
  image: Buffer = png,
): Promise<Product> {
  const res = await postProduct(
    { ...validFields, ...fields, image: { bytes: image, filename: "photo.png", type: "image/png" } },
    user.cookie,
  );
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.body}`);
  return ProductSchema.parse(res.json().product);
}

const get = (url: string, cookie?: string, headers?: Record<string, string>) =>
  request(t.app, { method: "GET", url, cookie, headers });

describe("adding a product", () => {
  it("stores it in paise, answers 201 with the product and an image URL, never a data URL", async () => {
    const res = await postProduct(
      { ...validFields, image: { bytes: png, filename: "a.png" } },
      farmer.cookie,
    );
    expect(res.statusCode).toBe(201);
    const product = ProductSchema.parse(res.json().product);
    expect(product).toMatchObject({
      name: "Tomatoes",
      price: 40.5,
      description: "Ripe and red",
      category: "vegetables",
      userId: farmer.id,
      farmerName: "Lakshmi",
      quantity: 0,
      imageWidths: [320, 640, 800],
      imageWidth: 800,
      imageHeight: 600,
    });
    expect(product.image).toMatch(/^\/api\/images\/[0-9a-f-]{36}\?w=640$/);
    expect(Date.parse(product.createdAt)).not.toBeNaN();
    const row = await t.db.kysely
      .selectFrom("products")
      .selectAll()
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row.price_paise).toBe(4050);
    const fetched = await get(`/api/products/${product.id}`, other.cookie);
    expect(fetched.statusCode).toBe(200);
    // Only the owner (and operators) see whether a product is hidden, and whether it is one-off only.
    const { hidden, hiddenReason, farmerSuspended, oneOffOnly, ...publicView } = product;
    expect({ hidden, hiddenReason, farmerSuspended, oneOffOnly }).toEqual({
      hidden: false,
      hiddenReason: null,
      farmerSuspended: false,
      oneOffOnly: false,
    });
    expect(fetched.json().product).toEqual(publicView);
  });

  it("needs a signed-in user", async () => {
    const res = await postProduct({ ...validFields, image: { bytes: png } }, undefined);
    expect(res.statusCode).toBe(401);
  });

  it("answers a missing field, a missing image or a zero price with the product's message", async () => {
    const image = { bytes: png, filename: "a.png" };
    const cases: Record<string, FormValue>[] = [
      { ...validFields },
      { ...validFields, image: { bytes: new Uint8Array(), filename: "" } },
      { price: "1", description: "d", category: "fruits", image },
      { name: "A", description: "d", category: "fruits", image },
      { name: "A", price: "1", category: "fruits", image },
      { name: "A", price: "1", description: "d", image },
      { ...validFields, name: "   ", image },
      { ...validFields, price: "0", image },
      { ...validFields, price: "0.00", image },
      { ...validFields, price: "", image },
    ];
    for (const fields of cases) {
      const res = await postProduct(fields, farmer.cookie);
      expect(res.statusCode, JSON.stringify(Object.keys(fields))).toBe(400);
      expect(res.json().error.message).toBe(productMessages.fillAllFields);
    }
    const nothing = await postProduct({}, farmer.cookie);
    expect(nothing.json().error.fields).toEqual({
      name: productMessages.fillAllFields,
      price: productMessages.fillAllFields,
      description: productMessages.fillAllFields,
      category: productMessages.fillAllFields,
      image: productMessages.fillAllFields,
    });
  });

  it("refuses a negative, 3-decimal, non-numeric or too high price with a field message", async () => {
    const image = { bytes: png, filename: "a.png" };
    const expectations: [string, string][] = [
      ["-5", productMessages.priceNegative],
      ["1.234", productMessages.priceDecimals],
      // NOTE: a price below a paisa would be stored as ₹0.00 (issue 40 #26)
      ["0.000000001", productMessages.priceDecimals],
      ["0.0000001", productMessages.priceDecimals],
      ["100000.01", productMessages.priceTooHigh],
      ["1e9", "Price must be a number"],
      ["0x10", "Price must be a number"],
      ["abc", "Price must be a number"],
      ["Infinity", "Price must be a number"],
    ];
    for (const [price, message] of expectations) {
      const res = await postProduct({ ...validFields, price, image }, farmer.cookie);
      expect(res.statusCode, price).toBe(400);
      expect(res.json().error.fields.price, price).toBe(message);
    }
    const highest = await postProduct({ ...validFields, price: "100000", image }, farmer.cookie);
    expect(highest.statusCode).toBe(201);
    expect(highest.json().product.price).toBe(100000);
    const cheapest = await postProduct({ ...validFields, price: "0.01", image }, farmer.cookie);
    expect(cheapest.json().product.price).toBe(0.01);
  });

  it("refuses an unknown category, too long text, unknown and repeated fields", async () => {
    const image = { bytes: png, filename: "a.png" };
    const category = await postProduct({ ...validFields, category: "meat", image }, farmer.cookie);
    expect(category.statusCode).toBe(400);
    expect(category.json().error.fields.category).toBe(productMessages.fillAllFields);
    const longName = await postProduct({ ...validFields, name: "n".repeat(101), image }, farmer.cookie);
    expect(longName.json().error.fields.name).toBe(productMessages.nameTooLong);
    const exactName = await postProduct({ ...validFields, name: "n".repeat(100), image }, farmer.cookie);
    expect(exactName.statusCode).toBe(201);
    const longText = await postProduct(
      { ...validFields, description: "é".repeat(2001), image },
      farmer.cookie,
    );
    expect(longText.json().error.fields.description).toBe(productMessages.descriptionTooLong);
    const hugeText = await postProduct(
      { ...validFields, description: "x".repeat(40_000), image },
      farmer.cookie,
    );
    expect(hugeText.statusCode).toBe(400);
    expect(hugeText.json().error.fields.description).toBe(productMessages.descriptionTooLong);
    const extra = await postProduct({ ...validFields, userId: other.id, image }, farmer.cookie);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.userId).toMatch(/Unknown field/);
    const twice = await postProduct({ ...validFields, name: ["A", "B"], image }, farmer.cookie);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields.name).toMatch(/more than once/);
    // NOTE: a file where a text field belongs is a second file: over the one-file limit.
    const fileAsName = await postProduct({ ...validFields, name: { bytes: png }, image }, farmer.cookie);
    expect(fileAsName.statusCode).toBe(413);
    const fileAsNameOnly = await postProduct({ ...validFields, name: { bytes: png } }, farmer.cookie);
    expect(fileAsNameOnly.statusCode).toBe(400);
  });

  it("answers a JSON body (wrong type for an upload) with 415, and two images with 413", async () => {
    const json = await request(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: farmer.cookie,
      payload: { name: 5, price: "x", description: [], category: null, image: "data:image/png;base64,AAAA" },
    });
    expect(json.statusCode).toBe(415);
    const two = await postProduct({ ...validFields, image: [{ bytes: png }, { bytes: png }] }, farmer.cookie);
    expect(two.statusCode).toBe(413);
  });
});

describe("broken and abusive uploads", () => {
  it("answers a malformed multipart body with 400, never a 500", async () => {
    const bodies: [string, string][] = [
      ["multipart/form-data", "no boundary at all"],
      ["multipart/form-data; boundary=xyz", "garbage"],
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\ncut short',
      ],
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabcdef',
      ],
      [
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--xyz--',
      ],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/products",
        cookie: farmer.cookie,
        headers: { "content-type": contentType },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
  });

  it("treats an image sent as text (a data URL) as a missing image", async () => {
    const res = await postProduct(
      { ...validFields, image: "data:image/png;base64,iVBORw0KGgo=" },
      farmer.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.image).toBe(productMessages.fillAllFields);
  });

  it("limits one farmer to 30 uploads a minute; mistyped forms do not count", async () => {
    const busy = await signUpAndLogIn(t.app, "Busy Farmer");
    const tiny = await sampleImage("png", 64, 48);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await postProduct({ ...validFields, price: "0", image: { bytes: tiny } }, busy.cookie)).statusCode,
      ).toBe(400);
    }
    for (let i = 0; i < 30; i += 1) {
      const res = await postProduct({ ...validFields, image: { bytes: tiny } }, busy.cookie);
      expect(res.statusCode, `upload ${i + 1}`).toBe(201);
    }
    const refused = await postProduct({ ...validFields, image: { bytes: tiny } }, busy.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    const someoneElse = await postProduct({ ...validFields, image: { bytes: tiny } }, other.cookie);
    expect(someoneElse.statusCode).toBe(201);
  });

  it(`limits the whole shop to ${SHOP_UPLOADS_PER_MINUTE} uploads a minute, however many accounts send them`, async () => {
    // NOTE: an app of its own, so the uploads of the other tests do not count against the shop's minute.
    const shop = await createTestApp();
    try {
      const tiny = await sampleImage("png", 64, 48);
      const upload = async (cookie: string) => {
        const body = await multipartBody({ ...validFields, image: { bytes: tiny } });
        return request(shop.app, { method: "POST", url: "/api/products", cookie, ...body });
      };
      const perAccount = 24; // under the per-account 30, so only the shop-wide limit can refuse
      const accounts = await Promise.all(
        Array.from({ length: SHOP_UPLOADS_PER_MINUTE / perAccount + 1 }, (_, i) =>
          signUpAndLogIn(shop.app, `Stallholder ${i}`),
        ),
      );
      for (let i = 0; i < SHOP_UPLOADS_PER_MINUTE; i += 1) {
        const res = await upload(accounts[Math.floor(i / perAccount)]!.cookie);
        expect(res.statusCode, `upload ${i + 1}`).toBe(201);
      }
      const refused = await upload(accounts.at(-1)!.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
    } finally {
      await shop.close();
    }
  });
});

describe("image checks", () => {
  const upload = (bytes: Uint8Array, filename = "photo.jpg", type = "image/jpeg") =>
    postProduct({ ...validFields, image: { bytes, filename, type } }, farmer.cookie);

  it("refuses a text file renamed to .jpg and an SVG, by their bytes", async () => {
    const text = await upload(Buffer.from("just some text, not a picture"), "photo.jpg", "image/jpeg");
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({
      code: "unsupported_image",
      message: productMessages.imageType,
    });
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script/></svg>'),
      "logo.png",
      "image/png",
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.code).toBe("unsupported_image");
    const truncated = await upload(png.subarray(0, 200), "cut.png", "image/png");
    expect(truncated.statusCode).toBe(400);
  });

  it("refuses a pixel flood: a small file declaring a huge canvas", async () => {
    const flood = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#0a0" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(1024 * 1024);
    const res = await upload(flood, "flood.png", "image/png");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("image_too_many_pixels");
  });

  it("refuses a file over 8 MB with 413", async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 1);
    png.copy(big);
    const res = await upload(big, "big.png", "image/png");
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: "image_too_large",
      message: productMessages.imageTooLarge,
    });
  });

  it("re-encodes JPEG, PNG and WebP to WebP served with long-lived caching and an ETag", async () => {
    for (const format of ["jpeg", "png", "webp", "gif", "avif"] as const) {
      const product = await addProduct(
        farmer,
        { name: `From ${format}` },
        await sampleImage(format, 700, 500),
      );
      expect(product.imageWidths, format).toEqual([320, 640, 700]);
      const res = await get(product.image);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 640, height: 457 });
    }
  });

  it("picks the nearest prepared width not narrower than asked, and answers 304 to a current ETag", async () => {
    const product = await addProduct(farmer, {}, await sampleImage("png", 2000, 1000));
    expect(product.imageWidths).toEqual([320, 640, 1280]);
    const widthOf = async (query: string) =>
      (await sharp((await get(`${query}`)).rawPayload).metadata()).width;
    const base = product.image.split("?")[0]!;
    expect(await widthOf(`${base}?w=100`)).toBe(320);
    expect(await widthOf(`${base}?w=321`)).toBe(640);
    expect(await widthOf(`${base}`)).toBe(640);
    expect(await widthOf(`${base}?w=5000`)).toBe(1280);
    const first = await get(product.image);
    const again = await get(product.image, undefined, { "if-none-match": first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await get(product.image, undefined, { "if-none-match": '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect((await get(`${base}?w=abc`)).statusCode).toBe(400);
    expect((await get(`/api/images/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get("/api/images/not-an-id?w=320")).statusCode).toBe(404);
  });

  it("strips metadata and turns the picture upright by its EXIF orientation", async () => {
    const jpeg = await sharp(await sampleImage("png", 800, 400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: "Secret Farm GPS 12.97,77.59" } })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const product = await addProduct(farmer, {}, jpeg);
    expect(product).toMatchObject({ imageWidth: 400, imageHeight: 800, imageWidths: [320, 400] });
    const served = (await get(`${product.image.split("?")[0]}?w=400`)).rawPayload;
    expect(served.includes(Buffer.from("Secret Farm"))).toBe(false);
    const after = await sharp(served).metadata();
    expect(after).toMatchObject({ width: 400, height: 800 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
  });
});

describe("reading products", () => {
  it("needs a signed-in user for the list and for one product", async () => {
    expect((await get("/api/products")).statusCode).toBe(401);
    const product = await addProduct(farmer);
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(401);
    expect((await get(`/api/products/${randomUUID()}`, farmer.cookie)).statusCode).toBe(404);
  });

  it("lists newest first with the shape of the shared schema", async () => {
    const first = await addProduct(farmer, { name: "Older Okra" });
    const second = await addProduct(farmer, { name: "Newer Neem" });
    const res = await get("/api/products?limit=2", other.cookie);
    expect(res.statusCode).toBe(200);
    const list = ProductListSchema.parse(res.json());
    expect(list.items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list.nextCursor).toEqual(expect.any(String));
  });

  it("answers unknown parameters, a bad sort, category or limit, and a tampered cursor with 400", async () => {
    for (const query of [
      "sort=cheapest",
      "category=meat",
      "limit=0",
      "limit=49",
      "limit=ten",
      "owner=me",
      "cursor=not-a-cursor!",
      `cursor=${Buffer.from('{"s":"newest","k":"x","i":"y","z":1}').toString("base64url")}`,
      `cursor=${Buffer.from('{"s":"price-asc","k":"2020","i":"y"}').toString("base64url")}`,
      `cursor=${Buffer.from("not json").toString("base64url")}`,
    ]) {
      const res = await get(`/api/products?${query}`, farmer.cookie);
      expect(res.statusCode, query).toBe(400);
    }
    const first = await get("/api/products?limit=1&sort=newest", farmer.cookie);
    const cursor = first.json().nextCursor as string;
    const wrongSort = await get(`/api/products?sort=price-asc&cursor=${cursor}`, farmer.cookie);
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json().error.code).toBe("invalid_cursor");
  });
});

describe("deleting a product", () => {
  it("lets only the owner delete; it is gone for everybody, with its image", async () => {
    const product = await addProduct(farmer, { name: "Short-lived Spinach" });
    const imageId = product.image.split("/").pop()!.split("?")[0]!;
    const del = (cookie?: string, id = product.id) =>
      request(t.app, { method: "DELETE", url: `/api/products/${id}`, cookie });
    expect((await del()).statusCode).toBe(401);
    const foreign = await del(other.cookie);
    expect(foreign.statusCode).toBe(403);
    expect((await get(`/api/products/${product.id}`, other.cookie)).statusCode).toBe(200);
    expect((await del(farmer.cookie, randomUUID())).statusCode).toBe(404);
    expect((await del(farmer.cookie)).statusCode).toBe(204);
    expect((await del(farmer.cookie)).statusCode).toBe(404);
    for (const user of [farmer, other]) {
      expect((await get(`/api/products/${product.id}`, user.cookie)).statusCode).toBe(404);
      const ids = ProductListSchema.parse(
        (await get("/api/products?limit=48", user.cookie)).json(),
      ).items.map((p) => p.id);
      expect(ids).not.toContain(product.id);
    }
    expect((await get(product.image)).statusCode).toBe(404);
    const variants = await t.db.kysely
      .selectFrom("image_variants")
      .select("width")
      .where("image_id", "=", imageId)
      .execute();
    expect(variants).toEqual([]);
  });

  it("needs the CSRF header like every state-changing request", async () => {
    const product = await addProduct(farmer);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/products/${product.id}`,
      headers: { cookie: farmer.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});
