/**
 * Orders benchmark: places orders of 10 lines, pricing them with one batched product lookup
 * (`where id in (…)`, what the service does) and with one query per line, side by side on the same database.
 *
 *   npx tsx bench/orders.bench.ts                       # SQLite (a temporary file)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders.bench.ts
 *
 * `benchOrders()` is exported for a bench runner; run directly, this file prints its results.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { AnswerCache } from "../src/server/answer-cache.ts";
import { SessionCache } from "../src/server/auth/session-cache.ts";
import { type Context, settingsOf } from "../src/server/context.ts";
import { createDb, type Db } from "../src/server/db/database.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { silentOutbox } from "../src/server/mail/outbox.ts";
import { findProductsByIds } from "../src/server/orders/orders.repository.ts";
import { placeOrder } from "../src/server/orders/placement.service.ts";
import { type ProductLookup, priceCartLines } from "../src/server/orders/pricing.service.ts";
import { insertFarmer, insertProduct } from "../src/server/test/order-fixtures.ts";
import { testConfig } from "../src/server/test/test-app.ts";
import { createPostgresSchema } from "../src/server/test/test-db.ts";
import type { PlaceOrder } from "../src/shared/schemas/orders.ts";

export interface OrdersBenchOptions {
  /** `sqlite:<file>` or `postgres://…`; a temporary SQLite file (or PostgreSQL schema) when omitted. */
  databaseUrl?: string;
  linesPerOrder?: number;
  /** Measured orders per strategy (after a warm-up). */
  orders?: number;
  catalogueSize?: number;
}

export interface StrategyResult {
  strategy: "batched" | "per-line";
  /** Mean milliseconds to price one order (lookup + arithmetic). */
  pricingMs: number;
  /** Mean milliseconds to place one order (pricing + the transaction that writes it). */
  placeMs: number;
}

export interface OrdersBenchResult {
  database: string;
  linesPerOrder: number;
  orders: number;
  results: StrategyResult[];
  /** per-line ÷ batched, for pricing alone and for the whole placement. */
  pricingRatio: number;
  placeRatio: number;
}

const batched: ProductLookup = findProductsByIds;
const perLine: ProductLookup = async (db, ids) => {
  const rows = [];
  for (const id of ids) {
    // NOTE: one query per line, the way a naive loop would look products up.
    rows.push(...(await findProductsByIds(db, [id])));
  }
  return rows;
};
const strategies = { batched, "per-line": perLine } as const;

async function openDatabase(
  url: string | undefined,
): Promise<{ db: Db; label: string; dispose(): Promise<void> }> {
  if (url?.startsWith("postgres")) {
    const schema = await createPostgresSchema(url);
    const db = createDb(schema.url);
    return {
      db,
      label: "PostgreSQL",
      dispose: async () => {
        await db.close();
        await schema.drop();
      },
    };
  }
  const dir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "veggie-cart-bench-"));
  const db = createDb(url ?? `sqlite:${path.join(dir!, "bench.sqlite")}`);
  return {
    db,
    label: "SQLite",
    dispose: async () => {
      await db.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchOrders(options: OrdersBenchOptions = {}): Promise<OrdersBenchResult> {
  const linesPerOrder = options.linesPerOrder ?? 10;
  const orders = options.orders ?? 300;
  const catalogueSize = options.catalogueSize ?? 500;
  const { db, label, dispose } = await openDatabase(options.databaseUrl ?? process.env.BENCH_DATABASE_URL);
  try {
    await migrateToLatest(db);
    const farmer = await insertFarmer(db.kysely, "Bench Farmer");
    const shopper = await insertFarmer(db.kysely, "Bench Shopper");
    const productIds: string[] = [];
    for (let i = 0; i < catalogueSize; i += 1) {
      const product = await insertProduct(db.kysely, farmer, {
        name: `Produce ${i}`,
        pricePaise: 1000 + ((i * 37) % 9000),
      });
      productIds.push(product.id);
    }
    const shipping = {
      fullName: "Bench Shopper",
      email: "bench@example.com",
      address: "1 Market Road",
      city: "Pune",
      state: "MH",
      zipCode: "411001",
      country: "IN",
      phone: "+91 98765 43210",
    };
    let cursor = 0;
    const nextOrder = (): PlaceOrder => {
      const items = Array.from({ length: linesPerOrder }, (_, i) => ({
        productId: productIds[(cursor + i * 7) % productIds.length]!,
        quantity: 1 + (i % 3),
      }));
      cursor += 1;
      return { items, shipping, paymentMethod: "upi", payment: "on_delivery" };
    };

    const settings = settingsOf(testConfig());
    const totals = { batched: { pricing: 0, place: 0 }, "per-line": { pricing: 0, place: 0 } };
    const warmUp = Math.min(20, orders);
    // NOTE: the strategies alternate order by order, so drift (caches, WAL growth) hits both alike.
    for (let round = 0; round < warmUp + orders; round += 1) {
      for (const name of Object.keys(strategies) as (keyof typeof strategies)[]) {
        const lookup = strategies[name];
        const input = nextOrder();
        const pricingStart = performance.now();
        // NOTE: no mail: the confirmation's queueing is not what this measures.
        const ctx: Context = {
          db: db.kysely,
          now: new Date(),
          mail: silentOutbox(),
          phone: { sendSecret: () => {}, sendsCodes: false, channels: [], newsQueued: () => {} },
          settings,
          sessions: new SessionCache(),
          answers: { cache: new AnswerCache() },
        };
        await priceCartLines(ctx, input.items, { lookup });
        const pricingMs = performance.now() - pricingStart;
        const placeStart = performance.now();
        await placeOrder(ctx, { userId: shopper, idempotencyKey: randomUUID(), input, pricing: { lookup } });
        const placeMs = performance.now() - placeStart;
        if (round >= warmUp) {
          totals[name].pricing += pricingMs;
          totals[name].place += placeMs;
        }
      }
    }
    const results: StrategyResult[] = (Object.keys(strategies) as (keyof typeof strategies)[]).map(
      (name) => ({
        strategy: name,
        pricingMs: totals[name].pricing / orders,
        placeMs: totals[name].place / orders,
      }),
    );
    const [b, p] = results as [StrategyResult, StrategyResult];
    return {
      database: label,
      linesPerOrder,
      orders,
      results,
      pricingRatio: p.pricingMs / b.pricingMs,
      placeRatio: p.placeMs / b.placeMs,
    };
  } finally {
    await dispose();
  }
}

export function formatOrdersBench(result: OrdersBenchResult): string {
  const rows = result.results.map(
    (r) =>
      `  ${r.strategy.padEnd(9)} pricing ${r.pricingMs.toFixed(3)} ms/order   place ${r.placeMs.toFixed(3)} ms/order`,
  );
  return [
    `orders bench on ${result.database}: ${result.orders} orders of ${result.linesPerOrder} lines per strategy`,
    ...rows,
    `  per-line ÷ batched: pricing ×${result.pricingRatio.toFixed(2)}, whole placement ×${result.placeRatio.toFixed(2)}`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(formatOrdersBench(await benchOrders()));
}
