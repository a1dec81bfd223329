/**
 * `npm run bench:standing-orders`: one materialiser pass (issue 35, decision 050) making the occurrences of N
 * standing orders for a fortnight, next to placing the same number of plain orders, on SQLite and (when
 * BENCH_DATABASE_URL names one) PostgreSQL, in process. Each side gets a database of its own with the same
 * shop: 100 farmers, each with 3 products (stock tracked), delivering weekly (one pattern, room for all its
 * shoppers), N / 100 standing orders each of 3 lines, every week, so a fortnight is 2 occurrences each.
 * "plain" places, one after another with `placeOrder` (checkout's code), as many orders as the pass made
 * occurrences, of the same lines into the same dated slots. Printed as milliseconds per order and the ratio.
 *
 *   npm run bench:standing-orders [-- --standing 10000 --databases sqlite,postgres]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:standing-orders
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { AnswerCache } from "../src/server/answer-cache.ts";
import { SessionCache } from "../src/server/auth/session-cache.ts";
import { type Context, settingsOf } from "../src/server/context.ts";
import { createDb, type Db } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { silentOutbox } from "../src/server/mail/outbox.ts";
import { placeOrder } from "../src/server/orders/index.ts";
import { ensureSlots } from "../src/server/slots/index.ts";
import { runStandingOrders } from "../src/server/standing-orders/index.ts";
// NOTE: the bench times the re-pricing's read on its own (decision 067); the domain does not export it.
import { toReprice } from "../src/server/standing-orders/price-holds.repository.ts";
import { insertFarmer, insertProduct } from "../src/server/test/order-fixtures.ts";
import { testShipping } from "../src/server/test/order-helpers.ts";
import { testConfig } from "../src/server/test/test-app.ts";
import { addDays, shopDate } from "../src/shared/shop-calendar.ts";
import { type BenchDatabase, postgresDatabase, sqliteDatabase } from "./databases.ts";

const { values: args } = parseArgs({
  options: {
    standing: { type: "string", default: "10000" },
    /** Which databases: sqlite, postgres (when BENCH_DATABASE_URL is set), or both. */
    databases: { type: "string", default: "sqlite,postgres" },
  },
});
const WANTED = new Set(args.databases.split(","));
const STANDING = Number(args.standing);
const FARMERS = 100;
const PER_SHOPPER = 20;
const now = new Date();
const settings = settingsOf(testConfig());
const shipping = testShipping;

const contextOf = (db: Db): Context => ({
  db: db.kysely,
  now,
  mail: silentOutbox(),
  phone: { sendSecret: () => {}, sendsCodes: false, channels: [], newsQueued: () => {} },
  settings,
  sessions: new SessionCache(),
  answers: { cache: new AnswerCache() },
});

interface Shop {
  /** Per standing order: its shopper, farmer and lines. */
  standing: { userId: string; farmerId: string; items: { productId: string; quantity: number }[] }[];
  patterns: Map<string, string>;
}

/** The shop both sides share: farmers, products, weekly patterns and their dated slots, shoppers. */
async function seedShop(db: Db): Promise<Shop> {
  await migrateToLatest(db);
  const today = shopDate(now, settings.shopTimeZone);
  // NOTE: three days ahead, so both of the fortnight's dates are well before their cut-off.
  const weekday = new Date(`${addDays(today, 3)}T00:00:00Z`).getUTCDay();
  const shop: Shop = { standing: [], patterns: new Map() };
  const perFarmer = Math.ceil(STANDING / FARMERS);
  const shoppers: string[] = [];
  for (let i = 0; i < Math.ceil(STANDING / PER_SHOPPER); i += 1) {
    shoppers.push(await insertFarmer(db.kysely, `Shopper ${i}`));
  }
  for (let f = 0; f < FARMERS && shop.standing.length < STANDING; f += 1) {
    const farmerId = await insertFarmer(db.kysely, `Farmer ${f}`);
    await db.kysely
      .insertInto("delivery_areas")
      .values({ id: randomUUID(), farmer_id: farmerId, pin_prefix: "4110" })
      .execute();
    const patternId = randomUUID();
    await db.kysely
      .insertInto("slot_patterns")
      .values({
        id: patternId,
        farmer_id: farmerId,
        kind: "delivery",
        pickup_point_id: null,
        weekday,
        start_time: "08:00",
        end_time: "10:00",
        capacity: perFarmer * 2,
        cutoff_hours: 12,
        generated_through: null,
        deleted_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    shop.patterns.set(farmerId, patternId);
    const products: string[] = [];
    for (let p = 0; p < 3; p += 1) {
      const product = await insertProduct(db.kysely, farmerId, {
        name: `Produce ${f}-${p}`,
        pricePaise: 2000 + p * 500,
        stock: perFarmer * 20,
      });
      products.push(product.id);
    }
    for (let s = 0; s < perFarmer && shop.standing.length < STANDING; s += 1) {
      const n = shop.standing.length;
      shop.standing.push({
        userId: shoppers[Math.floor(n / PER_SHOPPER)]!,
        farmerId,
        items: products.map((productId, index) => ({ productId, quantity: 1 + ((n + index) % 3) })),
      });
    }
  }
  await ensureSlots(contextOf(db));
  return shop;
}

/** Writes the standing orders as a shopper's POST would leave them before its first pass. */
async function insertStandingOrders(db: Db, shop: Shop): Promise<void> {
  const at = now.toISOString();
  const today = shopDate(now, settings.shopTimeZone);
  for (const [index, order] of shop.standing.entries()) {
    const id = randomUUID();
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("standing_orders")
        .values({
          id,
          user_id: order.userId,
          farmer_id: order.farmerId,
          every_weeks: 1,
          start_date: today,
          full_name: shipping.fullName,
          email: shipping.email,
          phone: shipping.phone,
          address: shipping.address,
          city: shipping.city,
          state: shipping.state,
          zip_code: shipping.zipCode,
          country: shipping.country,
          payment_method: "upi",
          reminder_hours: 24,
          status: "active",
          paused_from: null,
          paused_until: null,
          made_through: null,
          idempotency_key: `bench-${index}`,
          request_hash: "bench",
          created_at: at,
          updated_at: at,
          ended_at: null,
        })
        .execute();
      await trx
        .insertInto("standing_order_lines")
        .values(
          order.items.map((item, line) => ({
            standing_order_id: id,
            line_no: line + 1,
            product_id: item.productId,
            quantity: item.quantity,
            price_paise: 2000 + line * 500,
          })),
        )
        .execute();
      await trx
        .insertInto("standing_order_patterns")
        .values({ standing_order_id: id, pattern_id: shop.patterns.get(order.farmerId)! })
        .execute();
    });
  }
}

interface Side {
  orders: number;
  ms: number;
}

/** One pass of the timer on a shop of N standing orders: how many orders it made and how long it took. */
async function materialise(bench: BenchDatabase): Promise<Side> {
  const db = createDb(await bench.urlFor(1));
  try {
    const shop = await seedShop(db);
    await insertStandingOrders(db, shop);
    const started = performance.now();
    await runStandingOrders(contextOf(db));
    const ms = performance.now() - started;
    const made = await db.kysely
      .selectFrom("standing_occurrences")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("state", "=", "made")
      .executeTakeFirstOrThrow();
    const missed = await db.kysely
      .selectFrom("standing_occurrences")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("state", "!=", "made")
      .executeTakeFirstOrThrow();
    if (Number(missed.n) > 0) throw new Error(`${missed.n} occurrences not made: the bench's shop is wrong`);
    // NOTE: the pass every server runs each minute once all is made (nothing due): its reads alone, the
    // re-pricing's look at every coming occurrence's prices among them (decision 067). The median of three.
    const median = async (work: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const from = performance.now();
        await work();
        times.push(performance.now() - from);
      }
      return `${times.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${times.sort((a, b) => a - b)[1]!.toFixed(0)})`;
    };
    const since = new Date(now.getTime() - 86_400_000).toISOString();
    console.log(
      `${bench.label}: the pass with nothing due took ${await median(() => runStandingOrders(contextOf(db)))}`,
    );
    console.log(
      `${bench.label}: of which the re-pricing's read ${await median(() => toReprice(db.kysely, since, 200))}`,
    );
    return { orders: Number(made.n), ms };
  } finally {
    await db.close();
  }
}

/** `count` plain orders of the same lines into the same dated slots, one after another, as checkouts. */
async function placePlain(bench: BenchDatabase, count: number): Promise<Side> {
  const db = createDb(await bench.urlFor(2));
  try {
    const shop = await seedShop(db);
    const slots = await db.kysely.selectFrom("slots").select(["id", "pattern_id"]).orderBy("date").execute();
    const slotsOf = new Map<string, string[]>();
    for (const slot of slots)
      slotsOf.set(slot.pattern_id!, [...(slotsOf.get(slot.pattern_id!) ?? []), slot.id]);
    const ctx = contextOf(db);
    const started = performance.now();
    for (let n = 0; n < count; n += 1) {
      const order = shop.standing[n % shop.standing.length]!;
      const dated = slotsOf.get(shop.patterns.get(order.farmerId)!)!;
      const slotId = dated[Math.floor(n / shop.standing.length) % dated.length]!;
      await placeOrder(ctx, {
        userId: order.userId,
        idempotencyKey: `plain-${n}`,
        input: { items: order.items, shipping, paymentMethod: "upi", slots: { [order.farmerId]: slotId } },
      });
      if ((n + 1) % 2000 === 0)
        console.log(`  plain: ${n + 1} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return { orders: count, ms: performance.now() - started };
  } finally {
    await db.close();
  }
}

const databases: BenchDatabase[] = WANTED.has("sqlite") ? [await sqliteDatabase()] : [];
if (process.env.BENCH_DATABASE_URL && WANTED.has("postgres")) {
  databases.push(await postgresDatabase(process.env.BENCH_DATABASE_URL));
}
const rows: string[] = [];
try {
  for (const bench of databases) {
    const standing = await materialise(bench);
    // NOTE: each side as it ends: on a loaded machine the plain side may be stopped before it does.
    console.log(
      `${bench.label}: one pass made ${standing.orders} occurrences in ${(standing.ms / 1000).toFixed(1)} s`,
    );
    const plain = await placePlain(bench, standing.orders);
    const per = (side: Side) => side.ms / side.orders;
    rows.push(
      `| ${bench.label} | ${STANDING.toLocaleString("en")} | ${standing.orders.toLocaleString("en")} | ${(standing.ms / 1000).toFixed(1)} | ${per(standing).toFixed(2)} | ${(plain.ms / 1000).toFixed(1)} | ${per(plain).toFixed(2)} | ${(standing.ms / plain.ms).toFixed(2)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  for (const bench of databases) await bench.dispose();
}
console.log(
  [
    "",
    "| database | standing orders | occurrences made | one pass, s | ms per occurrence | plain orders, s | ms per plain order | pass ÷ plain |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n"),
);
