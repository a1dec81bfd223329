import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LikesResponseSchema, MAX_LIKES } from "../../shared/schemas/likes.ts";
import { ProductListSchema } from "../../shared/schemas/products.ts";
import type { NewProductRow } from "../db/index.ts";
import { prepareImage, saveImage } from "../images/index.ts";
import { sampleImage } from "../test/multipart.ts";
import { insertFarmer } from "../test/order-fixtures.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";

let t: TestApp;
let shopper: SignedInUser;
let farmerId: string;
let imageId: string;
let minute = 0;

/** A complete product (listed in the shop), written straight to the table. */
async function product(fields: Partial<NewProductRow> = {}): Promise<string> {
  minute += 1;
  const row: NewProductRow = {
    id: randomUUID(),
    owner_id: farmerId,
    name: `Produce ${minute}`,
    price_paise: 1000 + minute,
    description: "Fresh",
    category: "vegetables",
    image_id: imageId,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    ...fields,
  };
  await t.db.kysely.insertInto("products").values(row).execute();
  return row.id;
}

const likes = async (user: SignedInUser) => {
  const res = await request(t.app, { method: "GET", url: "/api/likes", cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return LikesResponseSchema.parse(res.json()).productIds;
};
const like = (user: SignedInUser, productId: string) =>
  request(t.app, { method: "PUT", url: `/api/likes/${productId}`, cookie: user.cookie });
const unlike = (user: SignedInUser, productId: string) =>
  request(t.app, { method: "DELETE", url: `/api/likes/${productId}`, cookie: user.cookie });
const merge = (user: SignedInUser, payload: object) =>
  request(t.app, { method: "POST", url: "/api/likes/merge", cookie: user.cookie, payload });

beforeAll(async () => {
  t = await createTestApp();
  shopper = await signUpAndLogIn(t.app, "Liking Shopper");
  farmerId = await insertFarmer(t.db.kysely, "Liked Farmer");
  imageId = await saveImage(
    { db: t.db.kysely },
    { ownerId: farmerId, image: await prepareImage(await sampleImage("png", 400, 300)) },
  );
});
afterAll(() => t.close());

describe("likes on the account", () => {
  it("likes, lists newest first, and unlikes; doing either twice changes nothing", async () => {
    const user = await signUpAndLogIn(t.app, "Twice");
    const [first, second] = [await product(), await product()];
    expect(await likes(user)).toEqual([]);
    expect((await like(user, first)).statusCode).toBe(204);
    expect((await like(user, second)).statusCode).toBe(204);
    expect((await like(user, first)).statusCode).toBe(204);
    expect(await likes(user)).toEqual([second, first]);
    expect((await unlike(user, second)).statusCode).toBe(204);
    expect((await unlike(user, second)).statusCode).toBe(204);
    expect(await likes(user)).toEqual([first]);
    // Another account's likes are its own.
    expect(await likes(shopper)).not.toContain(first);
  });

  it("refuses a product that does not exist or is hidden from the shop (404), and an over-long id (414)", async () => {
    const res = await like(shopper, randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    const hidden = await product({ hidden_at: new Date().toISOString(), hidden_reason: "Mislabelled" });
    expect((await like(shopper, hidden)).statusCode).toBe(404);
    // NOTE: the router refuses a path parameter over 100 characters before the schema sees it.
    expect((await like(shopper, "x".repeat(101))).statusCode).toBe(414);
    expect(await likes(shopper)).toEqual([]);
  });

  it("goes with its product: deleting a product removes every account's like of it", async () => {
    const farmer = await signUpAndLogIn(t.app, "Deleting Farmer");
    // NOTE: its own picture, since deleting a product deletes its picture too.
    const picture = await prepareImage(await sampleImage("png", 400, 300));
    const id = await product({
      owner_id: farmer.id,
      image_id: await saveImage({ db: t.db.kysely }, { ownerId: farmer.id, image: picture }),
    });
    const user = await signUpAndLogIn(t.app, "Fan");
    await like(user, id);
    await like(farmer, id);
    const deleted = await request(t.app, {
      method: "DELETE",
      url: `/api/products/${id}`,
      cookie: farmer.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await likes(user)).toEqual([]);
    expect(await likes(farmer)).toEqual([]);
  });

  it("goes with its account: a deleted account leaves no likes behind", async () => {
    const user = await signUpAndLogIn(t.app, "Leaving");
    await like(user, await product());
    const res = await request(t.app, {
      method: "DELETE",
      url: "/api/account",
      cookie: user.cookie,
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(204);
    const left = await t.db.kysely
      .selectFrom("likes")
      .select("product_id")
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it(`stops at ${MAX_LIKES} likes with a clear 422, and unliking makes room`, async () => {
    const user = await signUpAndLogIn(t.app, "Likes Everything");
    const ids = Array.from({ length: MAX_LIKES + 1 }, () => randomUUID());
    await t.db.kysely
      .insertInto("products")
      .values(
        ids.map((id, i) => ({
          id,
          owner_id: farmerId,
          name: `Bulk ${i}`,
          price_paise: 500,
          description: "Fresh",
          category: "fruits",
          image_id: imageId,
          created_at: "2025-06-01T00:00:00.000Z",
        })),
      )
      .execute();
    const at = new Date().toISOString();
    await t.db.kysely
      .insertInto("likes")
      .values(ids.slice(0, MAX_LIKES).map((id) => ({ user_id: user.id, product_id: id, created_at: at })))
      .execute();
    const last = ids[MAX_LIKES]!;
    const refused = await like(user, last);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "too_many_likes",
      message: expect.stringMatching(/500/),
    });
    // Liking one already liked is still fine at the cap.
    expect((await like(user, ids[0]!)).statusCode).toBe(204);
    // A merge at the cap adds nothing and answers the list as it is.
    const merged = await merge(user, { productIds: [last] });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().productIds).toHaveLength(MAX_LIKES);
    expect(merged.json().productIds).not.toContain(last);
    await unlike(user, ids[0]!);
    expect((await like(user, last)).statusCode).toBe(204);
  });
});

describe("merging the browser's list on sign-in", () => {
  it("adds the browser's likes to the account's, skips products that are gone or hidden, and keeps the order", async () => {
    const user = await signUpAndLogIn(t.app, "Two Devices");
    const [kept, older, newer] = [await product(), await product(), await product()];
    const hidden = await product({ hidden_at: new Date().toISOString(), hidden_reason: "Mislabelled" });
    await like(user, kept);
    const res = await merge(user, { productIds: [older, randomUUID(), kept, hidden, newer, older] });
    expect(res.statusCode).toBe(200);
    // Later in the browser's list is a later like; the account's own like stays where it was.
    expect(LikesResponseSchema.parse(res.json()).productIds).toEqual([newer, older, kept]);
    expect(await likes(user)).toEqual([newer, older, kept]);
    // Merging the same list again changes nothing.
    expect((await merge(user, { productIds: [older, newer] })).json().productIds).toEqual([
      newer,
      older,
      kept,
    ]);
  });

  it("refuses a list that is not a list of ids, or is longer than the cap (400), and adds nothing", async () => {
    const user = await signUpAndLogIn(t.app, "Bad Lists");
    const id = await product();
    for (const payload of [
      {},
      { productIds: id },
      { productIds: [42] },
      { productIds: [""] },
      { productIds: [id], extra: true },
      { productIds: Array.from({ length: MAX_LIKES + 1 }, () => id) },
    ]) {
      const res = await merge(user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    expect(await likes(user)).toEqual([]);
  });
});

describe("the shop's Liked filter", () => {
  it("lists only the signed-in account's liked products, with the other filters, sorts and pages", async () => {
    const user = await signUpAndLogIn(t.app, "Filtering");
    const other = await signUpAndLogIn(t.app, "Someone Else");
    const fruit = await product({ category: "fruits", name: "Liked mango", price_paise: 9000 });
    const veg = await product({ category: "vegetables", name: "Liked okra", price_paise: 3000 });
    const third = await product({ category: "vegetables", name: "Liked beans", price_paise: 6000 });
    const notLiked = await product({ name: "Unliked okra" });
    const hidden = await product({ name: "Liked but hidden" });
    for (const id of [fruit, veg, third, hidden]) await like(user, id);
    await like(other, notLiked);
    await t.db.kysely
      .updateTable("products")
      .set({ hidden_at: new Date().toISOString() })
      .where("id", "=", hidden)
      .execute();

    const list = async (query: string) => {
      const res = await request(t.app, { method: "GET", url: `/api/products?${query}`, cookie: user.cookie });
      expect(res.statusCode, query).toBe(200);
      return ProductListSchema.parse(res.json());
    };
    expect((await list("liked=true")).items.map((p) => p.id)).toEqual([third, veg, fruit]);
    expect((await list("liked=true&sort=price-asc")).items.map((p) => p.id)).toEqual([veg, third, fruit]);
    expect((await list("liked=true&category=vegetables&q=OKRA")).items.map((p) => p.id)).toEqual([veg]);
    const firstPage = await list("liked=true&limit=2");
    expect(firstPage.items.map((p) => p.id)).toEqual([third, veg]);
    const nextPage = await list(`liked=true&limit=2&cursor=${firstPage.nextCursor}`);
    expect(nextPage.items.map((p) => p.id)).toEqual([fruit]);
    expect(nextPage.nextCursor).toBeNull();
    // Without the filter (or with liked=false) the shop lists everything.
    expect((await list("liked=false&limit=48")).items.map((p) => p.id)).toContain(notLiked);

    const bad = await request(t.app, { method: "GET", url: "/api/products?liked=yes", cookie: user.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("liked");
  });
});
