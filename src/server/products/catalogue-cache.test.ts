import { randomBytes } from "node:crypto";
import type net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Deal, Product, ProductList } from "../../shared/schemas/products.ts";
import { shopDate } from "../../shared/shop-calendar.ts";
import { AnswerCache } from "../answer-cache.ts";
import { buildApp } from "../app.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { addProductWithPicture } from "../test/multipart.ts";
import { placed } from "../test/order-helpers.ts";
import {
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
  testConfig,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * GET `path` on `app` as `cookie`, over the network as a browser asks: the request reaches the server through
 * its sockets, after whatever the bus delivered before it.
 */
async function get<T>(
  app: FastifyInstance,
  path: string,
  cookie: string,
): Promise<{ status: number; body: T }> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as net.AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as T };
}

describe(`the catalogue's prepared answers across two servers (${testDialect})`, () => {
  let a: TestApp;
  let b: FastifyInstance;
  let farmer: SignedInUser;
  let shopper: SignedInUser;
  let operator: SignedInUser;

  beforeAll(async () => {
    const overrides = { redisUrl, redisPrefix: `veggie-cart-test:${randomBytes(6).toString("hex")}:` };
    a = await createTestApp(overrides);
    b = await buildApp({
      config: testConfig({ databaseUrl: a.databaseUrl, outboxDir: a.outboxDir, ...overrides }),
      db: a.db,
    });
    await vi.waitFor(() => expect(b.answerCache.caching && a.app.answerCache.caching).toBe(true));
    farmer = await signUpAndLogIn(a.app, "Asha Farmer");
    shopper = await signUpAndLogIn(a.app, "Sam Shopper");
    operator = await signUpOperator(a.app, a.db);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const FIRST_PAGE = "/api/products?limit=24";
  const FRUITS_BY_PRICE = "/api/products?limit=24&category=fruits&sort=price-asc";

  /** What `b` answers for the first pages and the product, asked twice so that `b` holds them. */
  async function readOnB(productId: string, cookie = shopper.cookie) {
    for (let i = 0; i < 2; i += 1) {
      const first = await get<ProductList>(b, FIRST_PAGE, cookie);
      const fruits = await get<ProductList>(b, FRUITS_BY_PRICE, cookie);
      const one = await get<{ product?: Product }>(b, `/api/products/${productId}`, cookie);
      if (i === 1) {
        return {
          first: first.body.items.find((p) => p.id === productId),
          fruits: fruits.body.items.find((p) => p.id === productId),
          one: one.status === 200 ? one.body.product : undefined,
        };
      }
    }
    throw new Error("unreachable");
  }

  const patch = (id: string, payload: object, cookie = farmer.cookie) =>
    request(a.app, { method: "PATCH", url: `/api/products/${id}`, cookie, payload });

  it("keeps its answers: a database change that tells no server is not seen, one through the other server is", async () => {
    const product = await addProductWithPicture(a.app, farmer.cookie, "Cached Mango", "40");
    expect((await readOnB(product.id)).one?.price).toBe(40);
    // NOTE: behind every server's back, as nothing in the shop writes: the answer is served from memory.
    await a.db.kysely
      .updateTable("products")
      .set({ price_paise: 4100 })
      .where("id", "=", product.id)
      .execute();
    const held = await readOnB(product.id);
    expect([held.one?.price, held.first?.price, held.fruits?.price]).toEqual([40, 40, 40]);

    expect((await patch(product.id, { price: 45 })).statusCode).toBe(200);
    const seen = await readOnB(product.id);
    expect([seen.one?.price, seen.first?.price, seen.fruits?.price]).toEqual([45, 45, 45]);
  });

  it("keeps a name search's first page as it keeps the first pages, and a write through the other server reaches it (decision 057)", async () => {
    const product = await addProductWithPicture(a.app, farmer.cookie, "Searched Jackfruit", "60");
    const search = async () => {
      await get<ProductList>(b, "/api/products?limit=24&q=Jackfruit", shopper.cookie);
      const found = await get<ProductList>(b, "/api/products?limit=24&q=jackfruit%20", shopper.cookie);
      return found.body.items.find((p) => p.id === product.id)?.price;
    };
    expect(await search()).toBe(60);
    await a.db.kysely
      .updateTable("products")
      .set({ price_paise: 6100 })
      .where("id", "=", product.id)
      .execute();
    expect(await search()).toBe(60);
    expect((await patch(product.id, { price: 65 })).statusCode).toBe(200);
    expect(await search()).toBe(65);
    // NOTE: a later page is read each time, as before.
    const first = await get<ProductList>(b, "/api/products?limit=1&q=jackfruit", shopper.cookie);
    expect(first.body.items.map((p) => p.id)).toEqual([product.id]);
  });

  it("a new product through one server is on the other's first pages at once", async () => {
    const before = await get<ProductList>(b, FIRST_PAGE, shopper.cookie);
    await get<ProductList>(b, FRUITS_BY_PRICE, shopper.cookie);
    const product = await addProductWithPicture(a.app, farmer.cookie, "Fresh Guava", "1");
    const after = await readOnB(product.id);
    expect(after.first?.name).toBe("Fresh Guava");
    expect(after.fruits?.name).toBe("Fresh Guava");
    expect(before.body.items.some((p) => p.id === product.id)).toBe(false);
  });

  it("an edit, a stock change and a new photo through one server are seen on the other", async () => {
    const product = await addProductWithPicture(a.app, farmer.cookie, "Pink Guava", "30");
    await readOnB(product.id);
    expect((await patch(product.id, { name: "Pink Guava (large)", stock: 8 })).statusCode).toBe(200);
    let seen = await readOnB(product.id);
    expect([seen.one?.name, seen.first?.name, seen.fruits?.name]).toEqual(
      Array(3).fill("Pink Guava (large)"),
    );
    expect([seen.one?.stock, seen.first?.stock]).toEqual([8, 8]);

    expect((await patch(product.id, { stockChange: -3 })).statusCode).toBe(200);
    seen = await readOnB(product.id);
    expect([seen.one?.stock, seen.first?.stock, seen.fruits?.stock]).toEqual([5, 5, 5]);
  });

  it("an order taking the last of a product through one server shows it sold out on the other", async () => {
    const product = await addProductWithPicture(a.app, farmer.cookie, "Last Papaya", "25");
    await patch(product.id, { stock: 2 });
    expect((await readOnB(product.id)).first?.stock).toBe(2);
    await placed(a.app, shopper, [{ productId: product.id, quantity: 2 }]);
    const seen = await readOnB(product.id);
    expect([seen.one?.stock, seen.first?.stock, seen.fruits?.stock]).toEqual([0, 0, 0]);
  });

  it("a product an operator hides leaves the other server's shop at once; its farmer still sees it, hidden", async () => {
    const product = await addProductWithPicture(a.app, farmer.cookie, "Odd Fig", "12");
    expect((await readOnB(product.id)).first).toBeDefined();
    // NOTE: the farmer's own view is the shared answer with the farmer's part laid over it.
    const own = await readOnB(product.id, farmer.cookie);
    expect([own.first?.hidden, own.one?.hidden]).toEqual([false, false]);
    expect((await readOnB(product.id)).first?.hidden).toBeUndefined();

    const hide = await request(a.app, {
      method: "POST",
      url: `/api/admin/products/${product.id}/hide`,
      cookie: operator.cookie,
      payload: { reason: "Mislabelled" },
    });
    expect(hide.statusCode).toBe(200);
    expect(await readOnB(product.id)).toEqual({ first: undefined, fruits: undefined, one: undefined });
    const hidden = await readOnB(product.id, farmer.cookie);
    expect(hidden.first).toBeUndefined();
    expect(hidden.one).toMatchObject({ hidden: true, hiddenReason: "Mislabelled" });
  });

  it("a farmer's new name, their suspension and a deleted product reach the other server at once", async () => {
    const grower = await signUpAndLogIn(a.app, "Ravi Grower");
    const product = await addProductWithPicture(a.app, grower.cookie, "Hill Plum", "20");
    const gone = await addProductWithPicture(a.app, grower.cookie, "Soft Plum", "21");
    expect((await readOnB(product.id)).first?.farmerName).toBe("Ravi Grower");
    await readOnB(gone.id);

    const rename = await request(a.app, {
      method: "PATCH",
      url: "/api/account",
      cookie: grower.cookie,
      payload: { name: "Ravi Orchard" },
    });
    expect(rename.statusCode).toBe(200);
    expect((await readOnB(product.id)).first?.farmerName).toBe("Ravi Orchard");

    const del = await request(a.app, {
      method: "DELETE",
      url: `/api/products/${gone.id}`,
      cookie: grower.cookie,
    });
    expect(del.statusCode).toBe(204);
    expect(await readOnB(gone.id)).toEqual({ first: undefined, fruits: undefined, one: undefined });

    const suspend = await request(a.app, {
      method: "POST",
      url: `/api/admin/users/${grower.id}/suspend`,
      cookie: operator.cookie,
      payload: { reason: "Spam" },
    });
    expect(suspend.statusCode).toBe(200);
    expect(await readOnB(product.id)).toEqual({ first: undefined, fruits: undefined, one: undefined });
  });

  it("the deal an operator plans for today is the other server's deal at once", async () => {
    expect((await get<{ deal: Deal }>(b, "/api/deal", shopper.cookie)).body.deal.name).toBe("Cabbage");
    const plan = await request(a.app, {
      method: "PUT",
      url: "/api/admin/deal",
      cookie: operator.cookie,
      payload: {
        date: shopDate(new Date(), "Asia/Kolkata"),
        name: "Sweet Corn",
        description: "Two cobs at a price",
        price: 15,
        originalPrice: 30,
      },
    });
    expect(plan.statusCode).toBe(200);
    expect((await get<{ deal: Deal }>(b, "/api/deal", shopper.cookie)).body.deal.name).toBe("Sweet Corn");
  });
});

describe("a prepared answer", () => {
  /** A load the test resolves by hand, counting its calls. */
  function loads() {
    const pending: ((value: string) => void)[] = [];
    const load = () =>
      new Promise<{ value: string }>((resolve) => pending.push((value) => resolve({ value })));
    return { pending, load };
  }

  it("is filled once for concurrent readers, and kept", async () => {
    const cache = new AnswerCache();
    const { pending, load } = loads();
    const both = Promise.all([cache.read("k", 0, load), cache.read("k", 0, load)]);
    expect(pending).toHaveLength(1);
    pending[0]?.("v1");
    expect(await both).toEqual(["v1", "v1"]);
    expect(await cache.read("k", 1, load)).toBe("v1");
    expect(pending).toHaveLength(1);
  });

  it("read before a write and filled after it is not kept, and no later reader waits for it", async () => {
    const cache = new AnswerCache();
    const { pending, load } = loads();
    const early = cache.read("k", 0, load);
    // NOTE: a write commits and drops while the early read is still loading what it read before.
    await cache.drop();
    const late = cache.read("k", 0, load);
    expect(pending).toHaveLength(2);
    pending[0]?.("before the write");
    pending[1]?.("after the write");
    expect([await early, await late]).toEqual(["before the write", "after the write"]);
    expect(await cache.read("k", 0, load)).toBe("after the write");
  });

  it("holds until the moment time alone changes it", async () => {
    const cache = new AnswerCache();
    let n = 0;
    const load = async () => {
      n += 1;
      return { value: n, until: 100 };
    };
    expect(await cache.read("k", 0, load)).toBe(1);
    expect(await cache.read("k", 99, load)).toBe(1);
    expect(await cache.read("k", 100, load)).toBe(2);
  });

  it("of a group holds at most the group's places, its oldest out first, the others kept", async () => {
    const cache = new AnswerCache();
    let n = 0;
    const load = async () => {
      n += 1;
      return { value: n };
    };
    const group = { name: "searches", most: 2 };
    await cache.read("first page", 0, load);
    for (const key of ["q=a", "q=b", "q=c"]) await cache.read(key, 0, load, group);
    expect(n).toBe(4);
    // "q=a" went out for "q=c"; "q=b", "q=c" and the first page are kept.
    expect(await cache.read("q=b", 0, load, group)).toBe(3);
    expect(await cache.read("q=c", 0, load, group)).toBe(4);
    expect(await cache.read("first page", 0, load)).toBe(1);
    expect(await cache.read("q=a", 0, load, group)).toBe(5);
  });

  it("is not kept while the channel to the other servers is lost", async () => {
    const cache = new AnswerCache();
    let n = 0;
    const load = async () => {
      n += 1;
      return { value: n };
    };
    cache.setCaching(false);
    expect([await cache.read("k", 0, load), await cache.read("k", 0, load)]).toEqual([1, 2]);
    cache.setCaching(true);
    expect([await cache.read("k", 0, load), await cache.read("k", 0, load)]).toEqual([3, 3]);
  });
});
