import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged } from "../context.ts";
import { prepareImage, saveImage } from "../images/index.ts";
import { sampleImage } from "../test/multipart.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { contextOf, createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("which answers may be kept for offline use", () => {
  it("lets the catalogue be kept (private, revalidated) and keeps everything private no-store", async () => {
    const user = await signUpAndLogIn(t.app);
    const farmer = await insertFarmer(t.db.kysely);
    const product = await insertProduct(t.db.kysely, farmer, { name: "Okra", pricePaise: 4000 });
    const get = (url: string, cookie?: string) => request(t.app, { method: "GET", url, cookie });

    for (const url of ["/api/products", `/api/products/${product.id}`, "/api/deal"]) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-cache");
    }
    for (const url of ["/api/auth/me", "/api/orders"]) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    // Signed out, the catalogue is refused, and the refusal is not kept either.
    const refused = await get("/api/products");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/auth/me")).headers["cache-control"]).toBe("no-store");
  });
});

describe("revalidating the catalogue (ETag / 304)", () => {
  it("answers 304 without a body while a list is unchanged, and 200 with a new tag once a product changes", async () => {
    const user = await signUpAndLogIn(t.app);
    const farmer = await insertFarmer(t.db.kysely);
    const product = await insertProduct(t.db.kysely, farmer, { name: "Drumsticks", pricePaise: 3000 });
    // NOTE: the list shows complete products only: this one gets a picture.
    const imageId = await saveImage(
      { db: t.db.kysely },
      { ownerId: farmer, image: await prepareImage(await sampleImage("png", 40, 30)) },
    );
    await t.db.kysely
      .updateTable("products")
      .set({ image_id: imageId })
      .where("id", "=", product.id)
      .execute();
    const get = (url: string, ifNoneMatch?: string) =>
      request(t.app, {
        method: "GET",
        url,
        cookie: user.cookie,
        headers: ifNoneMatch ? { "if-none-match": ifNoneMatch } : {},
      });

    for (const url of ["/api/products?limit=24", `/api/products/${product.id}`]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await get(url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe("");
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers["cache-control"], url).toBe("private, no-cache");
      // A tag the server never sent is not a match.
      expect((await get(url, 'W/"something-else"')).statusCode, url).toBe(200);
    }

    const before = await get("/api/products?limit=24");
    await t.db.kysely
      .updateTable("products")
      .set({ price_paise: 3500 })
      .where("id", "=", product.id)
      .execute();
    // NOTE: as every write of the shop tells the catalogue's prepared answers (decision 035).
    await catalogueChanged(contextOf(t));
    const after = await get("/api/products?limit=24", String(before.headers.etag));
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().items[0]).toMatchObject({ name: "Drumsticks", price: 35 });
  });

  it("gives no tag to answers that are not kept (no-store) nor to refusals", async () => {
    const user = await signUpAndLogIn(t.app);
    const me = await request(t.app, { method: "GET", url: "/api/auth/me", cookie: user.cookie });
    expect(me.headers.etag).toBeUndefined();
    const refused = await request(t.app, {
      method: "GET",
      url: "/api/products",
      headers: { "if-none-match": "*" },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
  });
});
