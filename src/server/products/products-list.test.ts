import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Product, ProductListSchema } from "../../shared/schemas/products.ts";
import type { NewProductRow } from "../db/index.ts";
import { prepareImage, saveImage } from "../images/index.ts";
import { sampleImage } from "../test/multipart.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let user: SignedInUser;
let imageId: string;
const rows: NewProductRow[] = [];

/** Rows written straight to the table, so that ties (same time, same price) are exact. */
async function insert(fields: Partial<NewProductRow>) {
  const row: NewProductRow = {
    id: randomUUID(),
    owner_id: user.id,
    name: "Produce",
    price_paise: 1000,
    description: "Fresh",
    category: "vegetables",
    image_id: imageId,
    created_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
  await t.db.kysely.insertInto("products").values(row).execute();
  rows.push(row);
  return row;
}

async function walk(query: string, limit: number): Promise<Product[]> {
  const items: Product[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const url: string = `/api/products?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await request(t.app, { method: "GET", url, cookie: user.cookie });
    expect(res.statusCode, url).toBe(200);
    const list = ProductListSchema.parse(res.json());
    expect(list.items.length).toBeLessThanOrEqual(limit);
    items.push(...list.items);
    cursor = list.nextCursor;
    if (!cursor) return items;
  }
  throw new Error("pagination did not end");
}

const listed = () =>
  rows.filter(
    (r) => r.image_id && r.name !== "" && r.price_paise > 0 && r.category === r.category.toLowerCase(),
  );

const byNewest = (a: NewProductRow, b: NewProductRow) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;
const byPrice = (a: NewProductRow, b: NewProductRow) =>
  a.price_paise === b.price_paise ? (a.id < b.id ? -1 : 1) : a.price_paise - b.price_paise;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogIn(t.app, "Gopal");
  imageId = await saveImage(
    { db: t.db.kysely },
    { ownerId: user.id, image: await prepareImage(await sampleImage("png", 400, 300)) },
  );
  const categories = ["vegetables", "fruits", "dairy", "grains"];
  // 40 complete products: groups of 5 share a timestamp, prices repeat in threes.
  for (let i = 0; i < 40; i += 1) {
    await insert({
      name: `Item ${i}`,
      price_paise: 100 * (1 + (i % 3)),
      category: categories[i % 4]!,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 5))).toISOString(),
    });
  }
  for (const name of [
    "50% Off Tomatoes",
    "Red_Chilli",
    "Back\\slash Beans",
    "MANGO Mix",
    "Mangosteen",
    "Émmental",
  ]) {
    await insert({ name, category: "fruits", created_at: "2025-06-01T00:00:00.000Z" });
  }
  // Incomplete rows (product rules §5: only products with name, price, image and category are listed).
  await insert({ name: "No picture", image_id: null });
  await insert({ name: "", price_paise: 500 });
  await insert({ name: "Free", price_paise: 0 });
  await insert({ name: "Odd category", category: "Vegetables" });
});
afterAll(() => t.close());

describe("listing products", () => {
  it("walks every page newest first: each complete product once, none skipped, ties broken by id", async () => {
    for (const limit of [1, 7, 12, 48]) {
      const items = await walk("sort=newest", limit);
      expect(
        items.map((p) => p.id),
        `limit ${limit}`,
      ).toEqual(
        listed()
          .sort(byNewest)
          .map((r) => r.id),
      );
    }
  });

  it("walks every page by price, both ways, with ties", async () => {
    const ascending = listed().sort(byPrice);
    expect((await walk("sort=price-asc", 5)).map((p) => p.id)).toEqual(ascending.map((r) => r.id));
    const descending = (await walk("sort=price-desc", 5)).map((p) => p.price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect((await walk("sort=price-desc", 5)).map((p) => p.id)).toEqual(
      listed()
        .sort((a, b) => -byPrice(a, b))
        .map((r) => r.id),
    );
  });

  it("defaults to newest first, 12 a page", async () => {
    const res = await request(t.app, { method: "GET", url: "/api/products", cookie: user.cookie });
    const list = ProductListSchema.parse(res.json());
    expect(list.items).toHaveLength(12);
    expect(list.items.map((p) => p.id)).toEqual(
      listed()
        .sort(byNewest)
        .slice(0, 12)
        .map((r) => r.id),
    );
  });

  it("filters by category across pages", async () => {
    const dairy = await walk("category=dairy&sort=price-asc", 3);
    expect(dairy.length).toBe(10);
    expect(new Set(dairy.map((p) => p.category))).toEqual(new Set(["dairy"]));
    expect(dairy.map((p) => p.id)).toEqual(
      listed()
        .filter((r) => r.category === "dairy")
        .sort(byPrice)
        .map((r) => r.id),
    );
  });

  it("searches names case-insensitively, taking %, _ and \\ literally", async () => {
    const names = async (q: string) =>
      (await walk(`q=${encodeURIComponent(q)}`, 48)).map((p) => p.name).sort();
    expect(await names("mango")).toEqual(["MANGO Mix", "Mangosteen"]);
    expect(await names("  MANGO  ")).toEqual(["MANGO Mix", "Mangosteen"]);
    expect(await names("%")).toEqual(["50% Off Tomatoes"]);
    expect(await names("_")).toEqual(["Red_Chilli"]);
    expect(await names("\\")).toEqual(["Back\\slash Beans"]);
    expect(await names("émm")).toEqual(["Émmental"]);
    expect(await names("ÉMM")).toEqual(["Émmental"]);
    expect(await names("no such thing")).toEqual([]);
    const fruitsNamedItem1 = (await walk("q=item 1&category=fruits", 48)).map((p) => p.name).sort();
    expect(fruitsNamedItem1).toEqual(["Item 1", "Item 13", "Item 17"]);
  });

  it("answers a page with farmerName, quantity 0 and image details", async () => {
    const [first] = await walk("sort=newest", 48);
    expect(first).toMatchObject({
      farmerName: "Gopal",
      quantity: 0,
      userId: user.id,
      image: `/api/images/${imageId}?w=640`,
      imageWidths: [320, 400],
      imageWidth: 400,
      imageHeight: 300,
    });
  });
});
