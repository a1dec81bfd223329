// Three built servers behind nginx on PostgreSQL, Redis, a local bucket (s3rver) and a local SMTP server,
// asked through nginx as clients would (decision 033). Run by `npm run test:cluster` only; needs
// `npm run build` first, nginx, PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL).
import { randomBytes, randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/database.ts";
import { multipartBody, sampleImage } from "../../src/server/test/multipart.ts";
import { type LocalBucket, startLocalBucket } from "../../src/server/test/object-storage.ts";
import { insertProduct } from "../../src/server/test/order-fixtures.ts";
import { testShipping } from "../../src/server/test/order-helpers.ts";
import { createTestDatabase } from "../../src/server/test/test-db.ts";
import { CSRF_HEADER } from "../../src/shared/constants.ts";
import { addDays, DEFAULT_SHOP_TIME_ZONE, shopDate, startOfShopDay } from "../../src/shared/shop-calendar.ts";
import { type Cluster, checkPrerequisites, startCluster } from "../cluster.ts";

const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** nginx's port; the servers take the next three, the bucket and the SMTP server the two after. */
const basePort = Number(process.env.CLUSTER_TEST_PORT ?? 4400);
const POLL_MS = 50;
/**
 * The servers' clock is set so that the shop's midnight comes this long after they are started: the deal's
 * turnover falls within the run (the first test waits for it) instead of a real midnight.
 */
const MIDNIGHT_LEAD_MS = 15_000;
const DAY_MS = 86_400_000;

/** What the tests read of an answer's JSON (nginx's own error pages are text: `{ text }`). */
interface Body {
  deal?: { name: string; startTime: string };
  order?: { id: string };
  product?: { id: string; image: string };
  slotPattern?: { id: string };
  standingOrder?: { id: string };
  user?: { id: string };
  text?: string;
}

interface Answer {
  status: number;
  body: Body;
  cookies: string[];
  headers: Headers;
}

/** A client as our SPA is: JSON with the CSRF header; `ip` is the address nginx passes on (X-Forwarded-For). */
async function call(
  base: string,
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    ip?: string;
    headers?: Record<string, string>;
    body?: Buffer;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { [CSRF_HEADER]: "1", ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body
      ? new Uint8Array(options.body)
      : options.json === undefined
        ? undefined
        : JSON.stringify(options.json),
  });
  const text = await res.text();
  let body: Body;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    body = { text };
  }
  return { status: res.status, body, cookies: res.headers.getSetCookie(), headers: res.headers };
}

let clients = 0;
/** A client address of its own (10.x.y.z), so that each client's limits are its own, as on the Internet. */
const newIp = () => {
  clients += 1;
  return `10.${randomBytes(1)[0]}.${clients >> 8}.${clients & 255}`;
};

interface User {
  email: string;
  password: string;
  cookie: string;
  ip: string;
}

async function signUp(base: string, name: string): Promise<User> {
  const ip = newIp();
  const email = `${name.toLowerCase().replaceAll(" ", ".")}.${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery";
  const signup = await call(base, "POST", "/api/auth/signup", { json: { name, email, password }, ip });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await call(base, "POST", "/api/auth/login", { json: { email, password }, ip });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const cookie = login.cookies.map((c) => c.split(";")[0]).join("; ");
  return { email, password, cookie, ip };
}

/** Lists a product with a photo and `stock` (a number: counted) as `farmer`; answers its id and image URL. */
async function addProduct(base: string, farmer: User, name: string, stock: number) {
  const form = await multipartBody({
    name,
    price: "40",
    description: "From the hills",
    category: "fruits",
    image: { bytes: await sampleImage("png", 640, 480), filename: "p.png", type: "image/png" },
  });
  const added = await call(base, "POST", "/api/products", {
    cookie: farmer.cookie,
    ip: farmer.ip,
    headers: form.headers,
    body: form.payload,
  });
  if (added.status !== 201) throw new Error(`add product: ${added.status} ${JSON.stringify(added.body)}`);
  const product = added.body.product!;
  const patched = await call(base, "PATCH", `/api/products/${product.id}`, {
    cookie: farmer.cookie,
    ip: farmer.ip,
    json: { stock },
  });
  if (patched.status !== 200) throw new Error(`stock: ${patched.status} ${JSON.stringify(patched.body)}`);
  return product;
}

function placeOrder(
  base: string,
  buyer: User,
  items: { productId: string; quantity: number }[],
  key: string,
) {
  return call(base, "POST", "/api/orders", {
    cookie: buyer.cookie,
    ip: buyer.ip,
    headers: { "idempotency-key": key },
    json: { items, shipping: testShipping, paymentMethod: "upi" },
  });
}

/** Polls `check` until it is true, for at most `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs `worker` on `connections` loops until `stop()` is true; answers every result in order of start. */
async function load<T>(connections: number, stop: () => boolean, worker: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop()) results.push(await worker());
    }),
  );
  return results;
}

describe("three servers behind nginx on PostgreSQL, Redis and a bucket", () => {
  let cluster: Cluster;
  let bucket: LocalBucket;
  let smtp: SMTPServer;
  const mails: { to: string; subject: string }[] = [];
  let db: Db;
  let dispose: () => Promise<void> = async () => {};
  let base: string;
  let farmer: User;
  /** The servers' shop date when they start, the next one, and the midnight between (ms). */
  let today: string;
  let tomorrow: string;
  let midnight: number;
  let startedBeforeMidnight = false;
  /** How far the servers' clock is ahead of the real one (TEST_CLOCK_OFFSET_MS). */
  let clockOffsetMs = 0;
  const MIDNIGHT_DEAL = "Midnight mangoes";

  beforeAll(async () => {
    await checkPrerequisites(postgresUrl, redisUrl);
    bucket = await startLocalBucket("pictures", basePort + 4);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString())?.[1] ?? "";
          for (const to of session.envelope.rcptTo) mails.push({ to: to.address, subject });
          callback();
        });
      },
    });
    // NOTE: a server killed while it sends a mail resets its SMTP connection; smtp-server reports that here.
    smtp.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") throw error;
    });
    await new Promise<void>((resolve) => smtp.listen(basePort + 5, "127.0.0.1", resolve));
    // NOTE: migrated here, so that the three servers start together.
    const database = await createTestDatabase();
    db = database.db;
    dispose = database.dispose;
    // The servers' clock: MIDNIGHT_LEAD_MS before a shop midnight (ahead of the real one, never behind it),
    // and the operator's deal for the day that midnight begins.
    const realNow = Date.now();
    today = shopDate(new Date(realNow + MIDNIGHT_LEAD_MS), DEFAULT_SHOP_TIME_ZONE);
    tomorrow = addDays(today, 1);
    midnight = startOfShopDay(tomorrow, DEFAULT_SHOP_TIME_ZONE).getTime();
    clockOffsetMs = midnight - MIDNIGHT_LEAD_MS - realNow;
    await db.kysely
      .insertInto("deal_plans")
      .values({
        id: randomUUID(),
        effective_from: tomorrow,
        name: MIDNIGHT_DEAL,
        description: "Picked at dawn, priced for one day.",
        price_paise: 12_000,
        original_price_paise: 20_000,
        image_id: null,
        created_by: null,
        created_at: new Date(realNow + clockOffsetMs).toISOString(),
      })
      .execute();
    const { settings } = bucket;
    cluster = await startCluster({
      servers: 3,
      port: basePort,
      migrated: true,
      env: {
        NODE_ENV: "test",
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `veggie-cart-cluster-test:${randomBytes(6).toString("hex")}:`,
        S3_BUCKET: settings.bucket,
        S3_ENDPOINT: settings.endpoint ?? "",
        S3_REGION: settings.region,
        AWS_ACCESS_KEY_ID: settings.accessKeyId ?? "",
        AWS_SECRET_ACCESS_KEY: settings.secretAccessKey ?? "",
        SMTP_URL: `smtp://127.0.0.1:${basePort + 5}`,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        // NOTE: argon2's least cost (as every server test hashes); limits high enough for the order loads,
        // sign-in's own limit at its default (30 a minute per address), which one test counts.
        ARGON2_MEMORY_KIB: "8",
        ARGON2_TIME_COST: "1",
        ORDERS_PER_HOUR: "100000",
        MAX_EVENT_LOOP_DELAY_MS: "0",
        SHUTDOWN_DRAIN_MS: "200",
        SHUTDOWN_GRACE_MS: "5000",
        TEST_CLOCK_OFFSET_MS: String(clockOffsetMs),
      },
    });
    base = cluster.url;
    startedBeforeMidnight = Date.now() + clockOffsetMs < midnight;
    farmer = await signUp(base, "Asha Farmer");
  });

  afterAll(async () => {
    await cluster?.stop();
    await dispose();
    await bucket?.close();
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("the deal turns over at the shop's midnight once across the three servers, and each shows the new one", async () => {
    const daysOf = (date: string) =>
      db.kysely.selectFrom("deal_days").selectAll().where("shop_date", "=", date).execute();
    await until(
      "the midnight turnover",
      async () => (await daysOf(tomorrow)).length > 0,
      2 * MIDNIGHT_LEAD_MS,
    );
    for (const server of cluster.servers) {
      const answer = await call(server.url, "GET", "/api/deal", { cookie: farmer.cookie });
      expect(answer.body.deal).toMatchObject({
        name: MIDNIGHT_DEAL,
        startTime: new Date(midnight).toISOString(),
      });
    }
    // Each server turned each day over (the day it started on, then at midnight); each day's is recorded once.
    // NOTE: the day they started on only when they were all up before midnight (a slow start may miss it).
    if (startedBeforeMidnight) {
      const started = await daysOf(today);
      expect(started).toHaveLength(1);
      expect(started[0]).toMatchObject({ name: "Cabbage", price_paise: 500 });
    }
    const turned = await daysOf(tomorrow);
    expect(turned).toHaveLength(1);
    expect(turned[0]).toMatchObject({
      name: MIDNIGHT_DEAL,
      price_paise: 12_000,
      original_price_paise: 20_000,
    });
    expect(Date.parse(turned[0]!.turned_at)).toBeGreaterThanOrEqual(midnight);
    const ports = cluster.servers.map((server) => String(server.port));
    expect(ports).toContain(turned[0]!.turned_by.split(":").at(-2));
  });

  it("a photo uploaded through one server is served by every server, from the bucket", async () => {
    const product = await addProduct(base, farmer, "Hill mangoes", 5);
    const imageId = /\/api\/images\/([^?]+)/.exec(product.image)?.[1];
    expect(imageId).toBeDefined();
    const bodies = await Promise.all(
      cluster.servers.map(async (server) => {
        const res = await fetch(`${server.url}${product.image}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/webp");
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    expect(bodies[0]!.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    const viaNginx = Buffer.from(await (await fetch(`${base}${product.image}`)).arrayBuffer());
    expect(viaNginx.equals(bodies[0]!)).toBe(true);

    const keys = (await bucket.keys()).filter((key) => key.startsWith(`images/${imageId}/`));
    expect(keys.length).toBeGreaterThan(0);
    const variants = await db.kysely
      .selectFrom("image_variants")
      .select(["bytes"])
      .where("image_id", "=", imageId!)
      .execute();
    expect(variants).toHaveLength(keys.length);
    expect(variants.every((variant) => variant.bytes === null)).toBe(true);
  });

  it("a logout through one server is a 401 on the other two on the very next request", async () => {
    const user = await signUp(base, "Ravi Shopper");
    const [one, two, three] = cluster.servers;
    // NOTE: asked twice on each server, so that every server holds the session in its cache.
    for (const server of [one!, two!, three!, one!, two!, three!]) {
      expect((await call(server.url, "GET", "/api/account", { cookie: user.cookie })).status).toBe(200);
    }
    expect((await call(one!.url, "POST", "/api/auth/logout", { cookie: user.cookie })).status).toBe(204);
    expect((await call(two!.url, "GET", "/api/account", { cookie: user.cookie })).status).toBe(401);
    expect((await call(three!.url, "GET", "/api/account", { cookie: user.cookie })).status).toBe(401);
    expect((await call(base, "GET", "/api/account", { cookie: user.cookie })).status).toBe(401);
  });

  it("200 concurrent checkouts through nginx for the last 10 units sell exactly 10", async () => {
    const product = await addProduct(base, farmer, "Last basket of figs", 10);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(base, `Fig Buyer ${i}`)));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(base, buyers[i % buyers.length]!, [{ productId: product.id, quantity: 1 }], randomUUID()),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    const row = await db.kysely
      .selectFrom("products")
      .select("stock")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(0);
    const sold = await db.kysely
      .selectFrom("order_items")
      .select((eb) => eb.fn.sum<number>("quantity").as("sold"))
      .where("product_id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.sold)).toBe(10);
  });

  it("sign-in's limit per client address holds across the three servers", async () => {
    const ip = newIp();
    // NOTE: every attempt names another (unknown) account, so only the address's limit (30 a minute) counts.
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        call(base, "POST", "/api/auth/login", {
          ip,
          json: { email: `nobody${i}.${randomBytes(3).toString("hex")}@example.com`, password: "wrong one" },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
  });

  it("a server killed during order load loses no order a client was told of, and nginx carries on", async () => {
    const apples = await addProduct(base, farmer, "Apples for the load", 100_000);
    const pears = await addProduct(base, farmer, "Pears for the load", 100_000);
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(base, `Load Buyer ${i}`)));
    const items = [
      { productId: apples.id, quantity: 1 },
      { productId: pears.id, quantity: 2 },
    ];
    interface Attempt {
      buyer: User;
      key: string;
      startedAt: number;
      status: number;
      orderId?: string;
    }
    let created = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    let createdAfterKill = 0;
    const victim = cluster.servers[1]!;
    let next = 0;
    const attempts = load(
      20,
      () => createdAfterKill >= 30,
      async (): Promise<Attempt> => {
        const buyer = buyers[next++ % buyers.length]!;
        const key = randomUUID();
        const startedAt = Date.now();
        const answer = await placeOrder(base, buyer, items, key).catch(
          () => ({ status: 0, body: {} }) as Answer,
        );
        if (answer.status === 201) {
          created += 1;
          if (startedAt > killedAt) createdAfterKill += 1;
        }
        return { buyer, key, startedAt, status: answer.status, orderId: answer.body?.order?.id };
      },
    );
    await until("20 orders before the kill", () => created >= 20);
    await victim.stop("SIGKILL");
    killedAt = Date.now();
    const results = await attempts;
    // NOTE: started again while the checks below run; the rolling restart needs it.
    const restarted = victim.start();
    restarted.catch(() => {}); // NOTE: awaited below; this only keeps an early failure from going unhandled.

    // NOTE: only a request in flight when the server died may have failed (nginx answers it 502).
    const lateFailures = results.filter((a) => a.startedAt > killedAt && a.status !== 201);
    expect(lateFailures).toEqual([]);
    expect(results.every((a) => a.status === 201 || a.startedAt <= killedAt)).toBe(true);

    // A client retries with its Idempotency-Key: the same order when it had been told of one, an order either way.
    const retried = await Promise.all(
      results.map(async (attempt) => {
        const again = await placeOrder(base, attempt.buyer, items, attempt.key);
        expect([200, 201]).toContain(again.status);
        if (attempt.status === 201) {
          expect(again.status).toBe(200);
          expect(again.body.order?.id).toBe(attempt.orderId);
        }
        return again.body.order!.id;
      }),
    );
    expect(new Set(retried).size).toBe(results.length);

    // Every order is whole in the database (both lines), once per key, and stock was taken once per order.
    const lines = await db.kysely
      .selectFrom("order_items")
      .select(["order_id", "product_id", "quantity", "stock_taken"])
      .where("product_id", "in", [apples.id, pears.id])
      .execute();
    const ordersInDb = new Set(lines.map((line) => line.order_id));
    expect(ordersInDb).toEqual(new Set(retried));
    for (const id of ordersInDb) expect(lines.filter((line) => line.order_id === id)).toHaveLength(2);
    const stock = await db.kysely
      .selectFrom("products")
      .select(["id", "stock"])
      .where("id", "in", [apples.id, pears.id])
      .execute();
    const taken = (id: string) =>
      lines.filter((line) => line.product_id === id).reduce((sum, line) => sum + line.stock_taken, 0);
    expect(stock.find((row) => row.id === apples.id)?.stock).toBe(100_000 - retried.length);
    expect(taken(apples.id)).toBe(retried.length);
    expect(stock.find((row) => row.id === pears.id)?.stock).toBe(100_000 - 2 * retried.length);
    expect(taken(pears.id)).toBe(2 * retried.length);
    await restarted;
  });

  it("a rolling restart (SIGTERM, start, ready, nginx sends to it again; one server at a time) under load fails no request", async () => {
    const user = await signUp(base, "Steady Shopper");
    const produce = await addProduct(base, farmer, "Steady beans", 100_000);
    let restarting = true;
    const failures: string[] = [];
    const failed = (what: string) => (error: Error) => {
      failures.push(`${what}: ${error.message}`);
      return undefined;
    };
    const requests = load(
      6,
      () => !restarting,
      async () => {
        for (const url of ["/api/products", "/api/account"]) {
          const answer = await call(base, "GET", url, { cookie: user.cookie, ip: user.ip }).catch(
            failed(url),
          );
          if (answer && answer.status !== 200)
            failures.push(`${url}: ${answer.status} ${answer.body.text ?? ""}`);
        }
        const order = await placeOrder(
          base,
          user,
          [{ productId: produce.id, quantity: 1 }],
          randomUUID(),
        ).catch(failed("order"));
        if (order && order.status !== 201) failures.push(`order: ${order.status} ${order.body.text ?? ""}`);
      },
    );
    try {
      // NOTE: the server killed above may still count as failed in nginx: a restart starts from three.
      for (const server of cluster.servers) await cluster.sendingTo(server);
      for (const server of cluster.servers) expect(await cluster.restart(server)).toBe(0);
    } finally {
      restarting = false;
    }
    const done = await requests;
    if (failures.length > 0) console.log(`nginx said:\n${cluster.nginxOutput()}`);
    expect(failures).toEqual([]);
    expect(done.length).toBeGreaterThan(30);
  });

  it("a fortnight of standing-order passes on the three servers makes each delivery once, stock and slot places adding up", async () => {
    // A farmer of their own (the others' checkouts name no slot), delivering on three weekdays from tomorrow,
    // 8–10 am, ordering closing 12 hours before; one weekly slot has room for 2 of its 3 standing orders, and
    // the eggs run out.
    const grower = await signUp(base, "Fortnight Farmer");
    const setUp = (method: string, url: string, json: unknown) =>
      call(base, method, url, { cookie: grower.cookie, ip: grower.ip, json });
    expect((await setUp("PUT", "/api/farmer/delivery-area", { pinPrefixes: ["4110"] })).status).toBe(200);
    const startDate = shopDate(new Date(Date.now() + clockOffsetMs), DEFAULT_SHOP_TIME_ZONE);
    const weekdayIn = (days: number) => new Date(`${addDays(startDate, days)}T00:00:00Z`).getUTCDay();
    const [full, second, third] = await Promise.all(
      [
        { days: 1, capacity: 2 },
        { days: 3, capacity: 10 },
        { days: 5, capacity: 10 },
      ].map(async ({ days, capacity }) => {
        const pattern = await setUp("POST", "/api/farmer/slot-patterns", {
          kind: "delivery",
          weekday: weekdayIn(days),
          start: "08:00",
          end: "10:00",
          capacity,
          cutoffHours: 12,
        });
        expect(pattern.status, JSON.stringify(pattern.body)).toBe(201);
        return pattern.body.slotPattern!.id;
      }),
    );
    // NOTE: written to the database (uploading a photo through a server is the photo test's): ₹40 each.
    const STOCK = { greens: 1000, eggs: 5 };
    const growerId = (await call(base, "GET", "/api/auth/me", { cookie: grower.cookie })).body.user!.id;
    const greens = await insertProduct(db.kysely, growerId, {
      name: "Fortnight greens",
      pricePaise: 4000,
      stock: STOCK.greens,
    });
    const eggs = await insertProduct(db.kysely, growerId, {
      name: "Fortnight eggs",
      pricePaise: 4000,
      stock: STOCK.eggs,
    });
    const plans = [
      { items: [{ productId: greens.id, quantity: 2 }], slotPatternIds: [full!, second!], everyWeeks: 1 },
      { items: [{ productId: greens.id, quantity: 1 }], slotPatternIds: [full!], everyWeeks: 1 },
      { items: [{ productId: greens.id, quantity: 3 }], slotPatternIds: [full!, third!], everyWeeks: 1 },
      { items: [{ productId: eggs.id, quantity: 2 }], slotPatternIds: [second!], everyWeeks: 1 },
      {
        items: [
          { productId: eggs.id, quantity: 1 },
          { productId: greens.id, quantity: 1 },
        ],
        slotPatternIds: [second!, third!],
        everyWeeks: 2,
      },
    ];
    const shoppers = await Promise.all(plans.map((_, i) => signUp(base, `Standing Shopper ${i}`)));
    const made = await Promise.all(
      plans.map((plan, i) =>
        call(base, "POST", "/api/standing-orders", {
          cookie: shoppers[i]!.cookie,
          ip: shoppers[i]!.ip,
          headers: { "idempotency-key": randomUUID() },
          json: { ...plan, startDate, shipping: testShipping, paymentMethod: "cash" },
        }),
      ),
    );
    for (const answer of made) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const standingIds = made.map((answer) => answer.body.standingOrder!.id);

    // The fortnight: the servers' clock jumps a week on, twice; at each jump the three start at once, and each
    // runs the standing orders' pass as it starts (before it answers), racing the other two. Each jump is less
    // than the 14 days of dated slots, so every dated slot enters a horizon before its cut-off.
    const STEPS_DAYS = [7, 14];
    for (const days of STEPS_DAYS) {
      await cluster.restartAll({ TEST_CLOCK_OFFSET_MS: String(clockOffsetMs + days * DAY_MS) });
    }
    const end = new Date(Date.now() + clockOffsetMs + STEPS_DAYS.at(-1)! * DAY_MS).toISOString();
    const lastDay = addDays(startDate, STEPS_DAYS.at(-1)! + 13);

    // Exactly the dated slots each standing order delivers in (its weekly slots, in its weeks, up to the last
    // horizon) have an occurrence, one each: made, or missed with its reason.
    const slots = await db.kysely
      .selectFrom("slots")
      .select(["id", "pattern_id", "date", "cutoff_at", "capacity", "taken"])
      .where("pattern_id", "in", [full!, second!, third!])
      .execute();
    const inItsWeek = (date: string, everyWeeks: number) =>
      Math.floor((Date.parse(date) - Date.parse(startDate)) / (7 * DAY_MS)) % everyWeeks === 0;
    const expected = plans.flatMap((plan, i) =>
      slots
        .filter(
          (slot) =>
            plan.slotPatternIds.includes(slot.pattern_id!) &&
            slot.date >= startDate &&
            slot.date <= lastDay &&
            inItsWeek(slot.date, plan.everyWeeks),
        )
        .map((slot) => `${standingIds[i]} ${slot.id}`),
    );
    const occurrences = await db.kysely
      .selectFrom("standing_occurrences")
      .select(["standing_order_id", "slot_id", "state", "order_id", "reason"])
      .where("standing_order_id", "in", standingIds)
      .execute();
    expect(occurrences.map((o) => `${o.standing_order_id} ${o.slot_id}`).sort()).toEqual(expected.sort());
    // Four weeks of three weekly slots: 12 dates, 28 deliveries asked for (one every 2 weeks).
    expect(expected).toHaveLength(28);
    const madeOnes = occurrences.filter((o) => o.state === "made");
    const missed = occurrences.filter((o) => o.state !== "made");
    expect(new Set(missed.map((o) => `${o.state} ${o.reason}`))).toEqual(
      new Set(["missed slot_full", "missed sold_out"]),
    );
    // Each made one is one order, and no order of these standing orders is without its occurrence.
    const orders = await db.kysely
      .selectFrom("orders")
      .select("id")
      .where("standing_order_id", "in", standingIds)
      .execute();
    expect(orders.map((o) => o.id).sort()).toEqual(madeOnes.map((o) => o.order_id).sort());

    // Stock: what is left is what the made occurrences took, never below nothing.
    const lines = await db.kysely
      .selectFrom("order_items")
      .select(["product_id", "quantity", "stock_taken"])
      .where(
        "order_id",
        "in",
        orders.map((o) => o.id),
      )
      .execute();
    const products = await db.kysely
      .selectFrom("products")
      .select(["id", "stock"])
      .where("id", "in", [greens.id, eggs.id])
      .execute();
    for (const [product, stock] of [
      [greens, STOCK.greens],
      [eggs, STOCK.eggs],
    ] as const) {
      const ofIt = lines.filter((line) => line.product_id === product.id);
      const taken = ofIt.reduce((sum, line) => sum + line.stock_taken, 0);
      expect(taken).toBe(ofIt.reduce((sum, line) => sum + line.quantity, 0));
      expect(products.find((row) => row.id === product.id)?.stock).toBe(stock - taken);
    }
    expect(products.find((row) => row.id === eggs.id)!.stock).toBeLessThan(2);

    // Slot places: each dated slot holds its made occurrences, never more than it has room for; each part
    // past its slot's cut-off is pending, the others still scheduled.
    const bookings = await db.kysely
      .selectFrom("slot_bookings as b")
      .innerJoin("order_parts as p", "p.id", "b.part_id")
      .select(["b.slot_id", "p.order_id", "p.status"])
      .where("b.released_at", "is", null)
      .where(
        "p.order_id",
        "in",
        orders.map((o) => o.id),
      )
      .execute();
    expect(bookings).toHaveLength(orders.length);
    for (const slot of slots) {
      const held = madeOnes.filter((o) => o.slot_id === slot.id).length;
      expect(Number(slot.taken)).toBe(held);
      expect(held).toBeLessThanOrEqual(slot.capacity);
      const statuses = bookings.filter((b) => b.slot_id === slot.id).map((b) => b.status);
      expect(new Set(statuses).size).toBeLessThanOrEqual(1);
      if (held > 0) expect(statuses[0]).toBe(slot.cutoff_at <= end ? "pending" : "scheduled");
    }
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(["pending", "scheduled"]));
  });

  it("queued mails are sent once across the three servers (each claims a mail with a lease)", async () => {
    const now = new Date(Date.now() - 1000).toISOString();
    const subjects = Array.from(
      { length: 30 },
      (_, i) => `Cluster mail ${i} ${randomBytes(3).toString("hex")}`,
    );
    await db.kysely
      .insertInto("mail_queue")
      .values(
        subjects.map((subject) => ({
          id: randomUUID(),
          recipient: "queue@example.com",
          subject,
          text_body: "Queued while a mail server was away.",
          html_body: "<p>Queued while a mail server was away.</p>",
          attempts: 1,
          next_attempt_at: now,
          last_error: "Mailbox busy, try later",
          created_at: now,
        })),
      )
      .execute();
    // NOTE: an order placed on a server makes it deliver every due queued mail after its commit: three orders
    // placed at once, one on each server, set the three after the same 30 mails together.
    // NOTE: a farmer of its own: the servers' clock is a fortnight on, past the first farmer's session.
    const shop = await addProduct(base, await signUp(base, "Mail Farmer"), "Mail day greens", 100);
    const buyer = await signUp(base, "Mail Buyer");
    const orders = await Promise.all(
      cluster.servers.map((server) =>
        placeOrder(server.url, buyer, [{ productId: shop.id, quantity: 1 }], randomUUID()),
      ),
    );
    expect(orders.map((order) => order.status)).toEqual([201, 201, 201]);
    const mine = () => mails.filter((mail) => subjects.includes(mail.subject));
    await until("the queued mails sent", () => new Set(mine().map((mail) => mail.subject)).size === 30);
    // NOTE: stopping the servers lets every send they started finish, so a second send would be seen now.
    await cluster.stop();
    expect(mine()).toHaveLength(30);
    const left = await db.kysely
      .selectFrom("mail_queue")
      .select("id")
      .where("subject", "in", subjects)
      .execute();
    expect(left).toEqual([]);
  });
});
