/**
 * `npm run bench:micro`: measures, side by side on one SQLite file and the real app (via inject):
 *   1. the start-up seed of the demo catalogue;
 *   2. a deep page of the shop (12 a page) by keyset (what GET /api/products does) against OFFSET;
 *   3. serving a prepared image variant from the database against re-encoding it on every request;
 *   4. placing orders of 10 lines priced with one batched product lookup against one query per line
 *      (on PostgreSQL too when BENCH_DATABASE_URL names one).
 * Runs in well under a minute.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildApp } from "../src/server/app.ts";
import { createDb } from "../src/server/db/database.ts";
import { decodeCursor } from "../src/server/db/keyset.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import type { NewProductRow } from "../src/server/db/tables-catalogue.ts";
import { seedDemoCatalogue } from "../src/server/demo/demo.service.ts";
import { listProducts, PRODUCT_KEYSETS } from "../src/server/products/products.repository.ts";
import { request, signUpAndLogIn, testConfig } from "../src/server/test/test-app.ts";
import { benchOrders, formatOrdersBench } from "./orders.bench.ts";

const CATALOGUE_SIZE = 5_000;
const PAGE_SIZE = 12;
const DEEP_PAGE = 400; // rows 4 789–4 800: near the end of the catalogue

function timeIt(label: string, runs: number, work: () => unknown | Promise<unknown>) {
  return (async () => {
    for (let i = 0; i < Math.min(20, runs); i += 1) await work();
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) await work();
    const perRunMs = (performance.now() - started) / runs;
    console.log(`  ${label.padEnd(58)} ${perRunMs.toFixed(3).padStart(9)} ms/run  (${runs} runs)`);
    return perRunMs;
  })();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-bench-"));
const url = `sqlite:${path.join(dir, "bench.sqlite")}`;
const db = createDb(url);
const benchStarted = performance.now();
try {
  await migrateToLatest(db);
  const app = await buildApp({ config: testConfig({ databaseUrl: url }), db });

  console.log("\n1. Start-up seed (24 demo products, pictures drawn and re-encoded)");
  const seed = await seedDemoCatalogue(db);
  console.log(`  seeded ${seed.products} products in ${seed.ms} ms`);

  const user = await signUpAndLogIn(app, "Bench");
  const images = await db.kysely.selectFrom("images").select("id").execute();
  const rows: NewProductRow[] = [];
  for (let i = 0; i < CATALOGUE_SIZE - seed.products; i += 1) {
    rows.push({
      id: randomUUID(),
      owner_id: user.id,
      name: `Bench product ${i}`,
      price_paise: 100 + ((i * 7919) % 50_000),
      description: "Benchmark row",
      category: ["vegetables", "fruits", "dairy", "grains"][i % 4]!,
      image_id: images[i % images.length]!.id,
      created_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
    });
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("products")
        .values(rows.slice(i, i + 500))
        .execute();
  });

  console.log(`\n2. Shop page ${DEEP_PAGE} of ${CATALOGUE_SIZE} products, ${PAGE_SIZE} a page, newest first`);
  let cursor: string | null = null;
  for (let page = 1; page < DEEP_PAGE; page += 1) {
    const res = await request(app, {
      method: "GET",
      url: `/api/products?limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ""}`,
      cookie: user.cookie,
    });
    cursor = res.json().nextCursor;
  }
  const deepCursor = cursor!;
  const after = decodeCursor(deepCursor, PRODUCT_KEYSETS.newest);
  const keysetIds = (await listProducts(db.kysely, { sort: "newest", after, limit: PAGE_SIZE })).map(
    (r) => r.id,
  );
  const offsetQuery = () =>
    db.kysely
      .selectFrom("products as p")
      .innerJoin("users as u", "u.id", "p.owner_id")
      .leftJoin("images as i", "i.id", "p.image_id")
      .select([
        "p.id",
        "p.name",
        "p.price_paise",
        "p.created_at",
        "u.name as farmer_name",
        "i.width",
        "i.height",
      ])
      .where("p.image_id", "is not", null)
      .where("p.name", "<>", "")
      .where("p.price_paise", ">", 0)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(PAGE_SIZE)
      .offset((DEEP_PAGE - 1) * PAGE_SIZE)
      .execute();
  const offsetIds = (await offsetQuery()).map((r) => r.id);
  if (JSON.stringify(keysetIds) !== JSON.stringify(offsetIds))
    throw new Error("keyset and OFFSET pages differ");
  const keyset = await timeIt("keyset query (repository)", 1000, () =>
    listProducts(db.kysely, { sort: "newest", after, limit: PAGE_SIZE }),
  );
  const offset = await timeIt("OFFSET query (same joins and order)", 300, offsetQuery);
  const api = await timeIt("GET /api/products?cursor=… (whole request via inject)", 500, () =>
    request(app, {
      method: "GET",
      url: `/api/products?limit=${PAGE_SIZE}&cursor=${deepCursor}`,
      cookie: user.cookie,
    }),
  );
  console.log(`  OFFSET / keyset: ${(offset / keyset).toFixed(1)}x slower at page ${DEEP_PAGE}`);

  console.log("\n3. One product picture at 640 px wide");
  const original = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const imageId = images[0]!.id;
  const fromDb = await timeIt("GET /api/images/:id?w=640 (prepared variant, from the DB)", 1000, () =>
    app.inject({ method: "GET", url: `/api/images/${imageId}?w=640` }),
  );
  const etag = (await app.inject({ method: "GET", url: `/api/images/${imageId}?w=640` })).headers
    .etag as string;
  await timeIt("GET with If-None-Match (304, no bytes read)", 1000, () =>
    app.inject({ method: "GET", url: `/api/images/${imageId}?w=640`, headers: { "if-none-match": etag } }),
  );
  const onTheFly = await timeIt("re-encode a 1600x1200 JPEG to 640 px WebP per request", 30, () =>
    sharp(original).resize({ width: 640 }).webp({ quality: 80 }).toBuffer(),
  );
  console.log(`  re-encoding / prepared: ${(onTheFly / fromDb).toFixed(0)}x slower`);

  console.log("\n4. Placing an order of 10 lines");
  const orders = await benchOrders();
  console.log(formatOrdersBench(orders));
  if (process.env.BENCH_DATABASE_URL) {
    console.log(formatOrdersBench(await benchOrders({ databaseUrl: process.env.BENCH_DATABASE_URL })));
  }

  console.log(
    `\nSummary: seed ${seed.ms} ms; deep page keyset ${keyset.toFixed(2)} ms vs OFFSET ${offset.toFixed(2)} ms ` +
      `(${(offset / keyset).toFixed(1)}x), API ${api.toFixed(2)} ms; image from DB ${fromDb.toFixed(2)} ms vs ` +
      `re-encoded ${onTheFly.toFixed(1)} ms (${(onTheFly / fromDb).toFixed(0)}x); order pricing per-line / batched ` +
      `${orders.pricingRatio.toFixed(2)}x. Total ${((performance.now() - benchStarted) / 1000).toFixed(1)} s.`,
  );
  await app.close();
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
