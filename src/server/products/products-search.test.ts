import { randomUUID } from "node:crypto";
import { type Compilable, CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_SORTS, ProductListSchema } from "../../shared/schemas/products.ts";
import type { NewProductRow } from "../db/index.ts";
import { decodeCursor, migrateToLatest, migrateUpTo, TRIGRAM_MATCHES_TO_SORT } from "../db/index.ts";
import { prepareImage, saveImage } from "../images/index.ts";
import { sampleImage } from "../test/multipart.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { createTestDatabase, testDialect } from "../test/test-db.ts";
import {
  PRODUCT_KEYSETS,
  type ProductListFilter,
  productPageQuery,
  productSearchWalkQuery,
  SEARCH_WALK_ROWS,
} from "./products.repository.ts";

/**
 * The name search through its trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL, migration 0009) and the
 * list's orders through their indexes: the same rows as reading every product would give, and plans that
 * walk an index rather than sort the catalogue. products-list.test.ts holds the search's meaning (case,
 * wildcards, short text); this file holds what the indexes must not change. No timing: `npm run bench`.
 */
let t: TestApp;
let user: SignedInUser;
let imageId: string;

const row = (name: string, fields: Partial<NewProductRow> = {}): NewProductRow => ({
  id: randomUUID(),
  owner_id: user.id,
  name,
  price_paise: 1000,
  description: "Fresh",
  category: "vegetables",
  image_id: imageId,
  created_at: "2026-01-01T00:00:00.000Z",
  other_names: "",
  ...fields,
});

async function search(q: string): Promise<string[]> {
  // NOTE: the rows are written by hand, behind the app, which drops its prepared answers (a search's first
  // page among them, decision 057) only on its own writes: dropped here as one of those would.
  t.app.answerCache.dropHere();
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/products?q=${encodeURIComponent(q)}&limit=48${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await request(t.app, { method: "GET", url, cookie: user.cookie });
    expect(res.statusCode, url).toBe(200);
    const page = ProductListSchema.parse(res.json());
    names.push(...page.items.map((p) => p.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogIn(t.app, "Gopal");
  imageId = await saveImage(
    { db: t.db.kysely },
    { ownerId: user.id, image: await prepareImage(await sampleImage("png", 40, 30)) },
  );
});
afterAll(() => t.close());

describe("the name search through its index", () => {
  it("finds what a search of every row finds, kept in step as products are added, renamed and deleted", async () => {
    const okra = row("Tender Okra");
    await t.db.kysely
      .insertInto("products")
      .values([okra, row('Say "Cheese" Paneer'), row("Émmental Wheel"), row("Crème Fraîche")])
      .execute();
    expect(await search("okra")).toEqual(["Tender Okra"]);
    expect(await search('"cheese"')).toEqual(['Say "Cheese" Paneer']);
    expect(await search("ÉMMENTAL")).toEqual(["Émmental Wheel"]);
    expect(await search("me fr")).toEqual(["Crème Fraîche"]);
    expect(await search("creme")).toEqual([]);

    await t.db.kysely
      .updateTable("products")
      .set({ name: "Green Beans" })
      .where("id", "=", okra.id)
      .execute();
    expect(await search("okra")).toEqual([]);
    expect(await search("green bean")).toEqual(["Green Beans"]);
    // NOTE: a change that is not the name (stock, on every order) leaves the index alone, and it still holds.
    await t.db.kysely.updateTable("products").set({ stock: 3 }).where("id", "=", okra.id).execute();
    expect(await search("green bean")).toEqual(["Green Beans"]);
    await t.db.kysely.deleteFrom("products").where("id", "=", okra.id).execute();
    expect(await search("green bean")).toEqual([]);
  });

  it("finds Devanagari names by part of the name, as their farmer wrote them (issue 24)", async () => {
    await t.db.kysely
      .insertInto("products")
      .values([row("टमाटर (देसी)"), row("देसी घी"), row("कांदा")])
      .execute();
    expect(await search("टमाटर")).toEqual(["टमाटर (देसी)"]);
    expect(await search("देसी")).toEqual(["टमाटर (देसी)", "देसी घी"].sort());
    expect(await search("कांदा")).toEqual(["कांदा"]);
    expect(await search("टमाटा")).toEqual([]);
  });

  it("finds a product by its other names in any script, through the index and the list's walk, kept in step (issue 40 item 9)", async () => {
    const carrot = row("Desi Carrots", { other_names: "गाजर\ngajar" });
    await t.db.kysely
      .insertInto("products")
      .values([carrot, row("Gajanan Rice")])
      .execute();
    expect(await search("गाजर")).toEqual(["Desi Carrots"]);
    expect(await search("Gajar")).toEqual(["Desi Carrots"]);
    expect(await search("gaja")).toEqual(["Desi Carrots", "Gajanan Rice"]);
    // NOTE: no match runs from one name into the next.
    expect(await search("carrots g")).toEqual([]);
    for (const sort of PRODUCT_SORTS) {
      const walked = await productSearchWalkQuery(t.db.kysely, { sort, limit: 48 }, "गाजर").execute();
      expect(walked.map((p) => p.id)).toEqual([carrot.id]);
    }
    await t.db.kysely
      .updateTable("products")
      .set({ other_names: "carotte" })
      .where("id", "=", carrot.id)
      .execute();
    expect(await search("गाजर")).toEqual([]);
    expect(await search("carotte")).toEqual(["Desi Carrots"]);
    await t.db.kysely
      .updateTable("products")
      .set({ name: "Hybrid Carrots" })
      .where("id", "=", carrot.id)
      .execute();
    expect(await search("carotte")).toEqual(["Hybrid Carrots"]);
    await t.db.kysely.deleteFrom("products").where("id", "=", carrot.id).execute();
    expect(await search("carotte")).toEqual([]);
  });

  it(`pages through a text matching more than ${TRIGRAM_MATCHES_TO_SORT} products, and through one matching a few`, async () => {
    const many = Array.from({ length: TRIGRAM_MATCHES_TO_SORT + 20 }, (_, i) =>
      row(`Bottle Gourd ${i}`, {
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i % 7)).toISOString(),
        price_paise: 100 + (i % 5),
        stock: i % 9 === 0 ? 0 : null,
      }),
    );
    for (let i = 0; i < many.length; i += 200) {
      await t.db.kysely
        .insertInto("products")
        .values(many.slice(i, i + 200))
        .execute();
    }
    await t.db.kysely
      .insertInto("products")
      .values([row("Ridge Gourd"), row("Gourd Seeds", { image_id: null })])
      .execute();
    const expected = [...many.map((p) => p.name), "Ridge Gourd"].sort();
    expect(await search("gourd")).toEqual(expected);
    expect(await search("bottle gourd 1")).toEqual(
      many
        .map((p) => p.name)
        .filter((name) => name.startsWith("Bottle Gourd 1"))
        .sort(),
    );
    expect(await search("ridge")).toEqual(["Ridge Gourd"]);
  });

  it(`finds matches beyond the list's first ${SEARCH_WALK_ROWS} products, after those among them, in order`, async () => {
    const at = (month: number, i: number) => new Date(Date.UTC(2025, month, 1, 0, 0, i)).toISOString();
    const newest = Array.from({ length: 10 }, (_, i) =>
      row(`Zucchini Blossom N${i}`, { created_at: at(3, i) }),
    );
    const filler = Array.from({ length: SEARCH_WALK_ROWS + 50 }, (_, i) =>
      row(`Filler Produce ${i}`, { created_at: at(2, i % 3600) }),
    );
    const oldest = Array.from({ length: 30 }, (_, i) =>
      row(`Zucchini Blossom O${i}`, { created_at: at(1, i) }),
    );
    const all = [...newest, ...filler, ...oldest];
    for (let i = 0; i < all.length; i += 500) {
      await t.db.kysely
        .insertInto("products")
        .values(all.slice(i, i + 500))
        .execute();
    }
    const res = await request(t.app, {
      method: "GET",
      url: "/api/products?q=zucchini&limit=24",
      cookie: user.cookie,
    });
    const page = ProductListSchema.parse(res.json());
    const inOrder = [...newest.reverse(), ...oldest.reverse()].map((p) => p.name);
    expect(page.items.map((p) => p.name)).toEqual(inOrder.slice(0, 24));
    expect(await search("zucchini")).toEqual([...inOrder].sort());
    expect(await search("blossom o7")).toEqual(["Zucchini Blossom O7"]);
    const last = `Filler Produce ${filler.length - 1}`;
    expect(await search(last.toLowerCase())).toEqual([last]);
  });
});

describe("the shop's orders walk an index", () => {
  /** The query plan of one page of the list, as the repository builds it (or of another query). */
  async function plan(query: ProductListFilter | Compilable): Promise<string> {
    const compiled = ("compile" in query ? query : await productPageQuery(t.db.kysely, query)).compile();
    if (testDialect === "sqlite") {
      const { rows } = await t.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r.detail).join("\n");
    }
    // NOTE: PostgreSQL plans a tiny table by sorting it all; forbidding sorts asks whether an index can
    // serve the order at all (the plan keeps a Sort when none can).
    return t.db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_incremental_sort = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
  }

  it("each sort, with and without a category, from the start and from a cursor, sorts nothing", async () => {
    for (const sort of PRODUCT_SORTS) {
      const keyset = PRODUCT_KEYSETS[sort];
      const cursor = decodeCursor(
        Buffer.from(
          JSON.stringify([keyset.scope, 1, keyset.keyKind === "number" ? 500 : "2026", "x"]),
        ).toString("base64url"),
        keyset,
      );
      for (const filter of [
        { sort, limit: 25 },
        { sort, limit: 25, after: cursor },
        ...(sort === "newest" ? [{ sort, limit: 25, category: "dairy" as const, after: cursor }] : []),
      ]) {
        const text = await plan(filter);
        const where = JSON.stringify(filter);
        if (testDialect === "sqlite") {
          expect(text, where).not.toMatch(/TEMP B-TREE/);
          expect(text, where).toMatch(/(SCAN|SEARCH) p USING INDEX products_/);
        } else {
          expect(text, where).not.toMatch(/Sort/);
          expect(text, where).toMatch(/Index Scan( Backward)? using products_\w+ on products p/);
        }
      }
    }
  });

  it("a name search walks each sort's index and reads only what the index carries, until a name matches", async () => {
    // NOTE: SQLite asks its index for the matches first and walks the list through productPageQuery.
    if (testDialect === "sqlite") return;
    for (const sort of PRODUCT_SORTS) {
      for (const filter of [
        { sort, limit: 25 },
        { sort, limit: 25, category: "dairy" as const },
      ]) {
        const text = await plan(productSearchWalkQuery(t.db.kysely, filter, "gourd"));
        const where = JSON.stringify(filter);
        expect(text, where).not.toMatch(/Sort/);
        expect(text, where).toMatch(/Index Only Scan( Backward)? using products_\w+ on products p/);
      }
    }
  });
});

describe("migration 0009", () => {
  it("indexes the names of the products already there", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateUpTo(database.db, "0007-accounts");
      const db = database.db.kysely;
      const at = "2026-01-01T00:00:00.000Z";
      await sql`insert into users (id, email, name, password_hash, created_at) values ('u', 'u@example.com', 'U', 'x', ${at})`.execute(
        db,
      );
      await sql`insert into images (id, owner_id, content_type, width, height, created_at) values ('i', 'u', 'image/webp', 40, 30, ${at})`.execute(
        db,
      );
      for (const [id, name, image] of [
        ["p1", "Alphonso Mangoes", "i"],
        ["p2", "Totapuri Mangoes", "i"],
        ["p3", "Basmati Rice", "i"],
        ["p4", "Unpictured Mangoes", null],
      ]) {
        await sql`insert into products (id, owner_id, name, price_paise, description, category, image_id, created_at, stock) values (${id}, 'u', ${name}, 100, 'Fresh', 'fruits', ${image}, ${at}, ${id === "p2" ? 0 : null})`.execute(
          db,
        );
      }
      await migrateToLatest(database.db);
      const { rows } = await sql<{ id: string; sold_out: number; in_stock: number; listed: number }>`
        select id, sold_out, in_stock, listed from products order by id`.execute(db);
      expect(rows.map((r) => [r.id, Number(r.sold_out), Number(r.in_stock), Number(r.listed)])).toEqual([
        ["p1", 0, 1, 1],
        ["p2", 1, 0, 1],
        ["p3", 0, 1, 1],
        ["p4", 0, 1, 0],
      ]);
      const found = await (
        await productPageQuery(db, { sort: "newest", limit: 10, nameContains: "mangoes" })
      ).execute();
      // NOTE: in stock first, then sold out (p2); the unpictured one is not listed.
      expect(found.map((r) => r.id)).toEqual(["p1", "p2"]);
    } finally {
      await database.dispose();
    }
  });
});
