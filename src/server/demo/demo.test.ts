import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { CATEGORIES, type Product } from "../../shared/schemas/products.ts";
import { createDb } from "../db/index.ts";
import { countProducts } from "../products/index.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-db.ts";
import { SYSTEM_FARMER, seedDemoCatalogue } from "./demo.service.ts";
import { DEMO_PRODUCTS } from "./demo-products.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function allProducts(cookie: string): Promise<Product[]> {
  const items: Product[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : "";
    const res = await request(t.app, { method: "GET", url: `/api/products?limit=10${query}`, cookie });
    items.push(...res.json().items);
    cursor = res.json().nextCursor;
  } while (cursor);
  return items;
}

describe("demo catalogue", () => {
  // NOTE: seeding encodes every demo picture; under a loaded CI machine that has passed 20 s on PostgreSQL.
  it("seeds once, even when two instances start at the same time", { timeout: 60_000 }, async () => {
    // NOTE: two connections to one fresh database stand in for two app instances starting together.
    const database = await createTestDatabase();
    const secondInstance = createDb(database.url);
    try {
      const results = await Promise.all([seedDemoCatalogue(database.db), seedDemoCatalogue(secondInstance)]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      expect((await seedDemoCatalogue(database.db)).seeded).toBe(false);
      expect(await countProducts(database.db.kysely)).toBe(DEMO_PRODUCTS.length);
    } finally {
      await secondInstance.close();
      await database.dispose();
    }
  });

  it("seeds the app's empty catalogue, and a second run adds nothing", async () => {
    expect(await seedDemoCatalogue(t.db)).toMatchObject({ seeded: true, products: DEMO_PRODUCTS.length });
    expect(await seedDemoCatalogue(t.db)).toMatchObject({ seeded: false, products: 0 });
    expect(await countProducts(t.db.kysely)).toBe(DEMO_PRODUCTS.length);
  });

  it("lists about two dozen products in every category, owned by the demo farmer, with real pictures", async () => {
    const user = await signUpAndLogIn(t.app);
    const products = await allProducts(user.cookie);
    expect(products).toHaveLength(24);
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.category === category).length, category).toBe(6);
    }
    expect(new Set(products.map((p) => p.farmerName))).toEqual(new Set([SYSTEM_FARMER.name]));
    expect(new Set(products.map((p) => p.userId))).toEqual(new Set([SYSTEM_FARMER.id]));
    expect(products[0]!.name).toBe(DEMO_PRODUCTS[0]!.name);
    const picture = await request(t.app, { method: "GET", url: products[0]!.image });
    expect(picture.headers["content-type"]).toBe("image/webp");
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    expect(products[0]!.imageWidths).toEqual([320, 640, 960]);
  });

  it("finds its products by their Hindi and Marathi names, in Devanagari and in Latin letters (issue 40 item 9)", async () => {
    const user = await signUpAndLogIn(t.app);
    const search = async (q: string) =>
      (
        await request(t.app, {
          method: "GET",
          url: `/api/products?q=${encodeURIComponent(q)}`,
          cookie: user.cookie,
        })
      )
        .json()
        .items.map((p: Product) => p.name);
    for (const q of ["टमाटर", "टोमॅटो", "tamatar"]) expect(await search(q), q).toEqual(["Vine Tomatoes"]);
    expect(await search("भिंडी")).toEqual(["Tender Okra"]);
    expect(await search("कांदा")).toEqual([]);
    expect(await search("तूर डाळ")).toEqual(["Toor Dal"]);
  });

  it("does not add demo products to a catalogue that has any product", async () => {
    const other = await createTestApp();
    try {
      await other.db.kysely
        .insertInto("users")
        .values({
          id: "u1",
          email: "u1@example.com",
          name: "U",
          password_hash: "x",
          created_at: "2026-01-01",
        })
        .execute();
      await other.db.kysely
        .insertInto("products")
        .values({
          id: "p1",
          owner_id: "u1",
          name: "Own product",
          price_paise: 100,
          description: "d",
          category: "fruits",
          image_id: null,
          created_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      expect((await seedDemoCatalogue(other.db)).seeded).toBe(false);
      const users = await other.db.kysely.selectFrom("users").select("id").execute();
      expect(users.map((u) => u.id)).toEqual(["u1"]);
    } finally {
      await other.close();
    }
  });

  it("has a farmer nobody can sign in as: the normal 401, never a 500", async () => {
    for (const password of ["", "x", SYSTEM_FARMER.password_hash, "correct horse battery"]) {
      const res = await request(t.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: SYSTEM_FARMER.email, password: password || "p" },
      });
      expect(res.statusCode, password).toBe(401);
      expect(res.json().error.message).toBe(messages.wrongCredentials);
    }
    const signup = await request(t.app, {
      method: "POST",
      url: "/api/auth/signup",
      payload: { name: "Impostor", email: SYSTEM_FARMER.email, password: "long enough" },
    });
    // A taken address is answered as a new one (no account enumeration, issue 40), and nothing is made of it.
    expect(signup.statusCode).toBe(201);
    const impostor = await request(t.app, {
      method: "POST",
      url: "/api/auth/login",
      payload: { email: SYSTEM_FARMER.email, password: "long enough" },
    });
    expect(impostor.statusCode).toBe(401);
  });
});
