import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, type Product } from "../../shared/schemas/products.ts";
import { countProducts } from "../products/index.ts";
import { createTestApp, request, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-db.ts";
import { GENERATED_DOMAIN, RealDataError, seedGeneratedCatalogue } from "./generated-catalogue.ts";

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function allProducts(cookie: string, query = ""): Promise<Product[]> {
  const items: Product[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${cursor}` : "";
    const res = await request(t.app, {
      method: "GET",
      url: `/api/products?limit=48${query}${after}`,
      cookie,
    });
    expect(res.statusCode).toBe(200);
    items.push(...res.json().items);
    cursor = res.json().nextCursor;
  } while (cursor);
  return items;
}

describe("generated catalogue (npm run db:seed -- --products N)", () => {
  it("fills an empty shop with N products over many farmers, every category and shared pictures", async () => {
    const result = await seedGeneratedCatalogue(t.db, { products: 240 });
    expect(result).toMatchObject({ added: 240, total: 240 });
    // A second run with the same N adds nothing; a larger N adds only the missing ones.
    expect(await seedGeneratedCatalogue(t.db, { products: 240 })).toMatchObject({ added: 0, total: 240 });
    expect(await seedGeneratedCatalogue(t.db, { products: 300 })).toMatchObject({ added: 60, total: 300 });
    expect(await countProducts(t.db.kysely)).toBe(300);

    // NOTE: signing up makes the database hold real data; the checks above ran before it.
    const shopper = await signUpAndLogIn(t.app);
    const products = await allProducts(shopper.cookie);
    expect(products).toHaveLength(300);
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.category === category).length, category).toBe(75);
    }
    expect(new Set(products.map((p) => p.userId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(products.map((p) => p.name)).size).toBeGreaterThan(200);
    const pictures = new Set(products.map((p) => p.image));
    expect(pictures.size).toBe(8);
    const picture = await request(t.app, { method: "GET", url: products[0]!.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");

    // A search finds a part of the catalogue, never all of it.
    const tomatoes = await allProducts(shopper.cookie, "&q=tomato");
    expect(tomatoes.length).toBeGreaterThan(0);
    expect(tomatoes.length).toBeLessThan(60);
    expect(tomatoes.every((p) => p.name.toLowerCase().includes("tomato"))).toBe(true);
  });

  it("refuses a database with real accounts unless forced, and then leaves their data alone", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.kysely
        .insertInto("users")
        .values({
          id: "a-real-user",
          email: "asha@example.com",
          name: "Asha",
          password_hash: "$argon2id$x",
          created_at: new Date().toISOString(),
        })
        .execute();
      await expect(seedGeneratedCatalogue(database.db, { products: 20 })).rejects.toThrow(RealDataError);
      expect(await countProducts(database.db.kysely)).toBe(0);
      expect(await seedGeneratedCatalogue(database.db, { products: 20, force: true })).toMatchObject({
        added: 20,
      });
      const users = await database.db.kysely.selectFrom("users").select("email").execute();
      expect(users.map((u) => u.email)).toContain("asha@example.com");
      expect(users.filter((u) => u.email.endsWith(`@${GENERATED_DOMAIN}`)).length).toBeGreaterThanOrEqual(5);
    } finally {
      await database.dispose();
    }
  });

  it("runs from the command line on the database DATABASE_URL names, and refuses bad arguments", async () => {
    const database = await createTestDatabase();
    const env = { ...process.env, DATABASE_URL: database.url };
    try {
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", "src/server/demo/seed-cli.ts", "--products", "30"],
        {
          env,
        },
      );
      expect(stdout).toContain("Added 30 generated products");
      expect(await countProducts(database.db.kysely)).toBe(30);
      const bad = run(
        process.execPath,
        ["--import", "tsx", "src/server/demo/seed-cli.ts", "--products", "-5"],
        { env },
      );
      await expect(bad).rejects.toMatchObject({ code: 2 });
    } finally {
      await database.dispose();
    }
    // NOTE: two fresh Node processes that draw eight pictures: slow on a busy machine, so a longer timeout.
  }, 60_000);
});
