import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertProduct } from "../test/order-fixtures.ts";
import { testShipping } from "../test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { runStandingOrders } from "./index.ts";

let t: TestApp;
let farmer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  farmer = await signUpAndLogIn(t.app, "Race Farmer");
});
afterAll(() => t.close());

const STANDING_ORDERS = 12;
const PASSES = 3;

/** One timer pass in a process of its own (src/server/test/materialise.ts); resolves once it exits. */
function passInProcess(databaseUrl: string): Promise<string> {
  const script = path.resolve(import.meta.dirname, "../test/materialise.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pass failed: ${output}`)),
    ),
  );
}

// NOTE: on PostgreSQL the passes are separate processes on one database, as several servers' timers; SQLite
// serves one process, so there they race in this one. The processes run on the real clock, so the weekly slot
// is two days ahead.
it(`makes exactly one occurrence per standing order and dated slot when ${PASSES} materialisers race (${testDialect === "postgres" ? "processes on one PostgreSQL" : "one process on SQLite"}), with stock and slot places adding up`, async () => {
  const setup = (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
    request(t.app, { method, url, cookie: farmer.cookie, payload });
  await setup("PUT", "/api/farmer/delivery-area", { pinPrefixes: ["411"] });
  const weekday = (new Date().getUTCDay() + 2) % 7;
  const pattern = await setup("POST", "/api/farmer/slot-patterns", {
    kind: "delivery",
    weekday,
    start: "12:00",
    end: "14:00",
    capacity: 100,
    cutoffHours: 0,
  });
  const patternId = pattern.json().slotPattern.id as string;
  const product = await insertProduct(t.db.kysely, farmer.id, {
    name: "Race Milk",
    pricePaise: 3000,
    stock: 500,
  });
  const ids: string[] = [];
  for (let n = 0; n < STANDING_ORDERS; n += 1) {
    const buyer = await signUpAndLogIn(t.app, `Race Buyer ${n}`);
    const res = await request(t.app, {
      method: "POST",
      url: "/api/standing-orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      // NOTE: first date beyond the horizon, so nothing is made yet; brought forward below for the race.
      payload: {
        items: [{ productId: product.id, quantity: 2 }],
        slotPatternIds: [patternId],
        everyWeeks: 1,
        startDate: "2099-01-01",
        shipping: { ...testShipping, zipCode: "411038" },
        paymentMethod: "upi",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().standingOrder.id);
  }
  await t.db.kysely
    .updateTable("standing_orders")
    .set({ start_date: "2000-01-01", made_through: null })
    .where("id", "in", ids)
    .execute();

  if (testDialect === "postgres") {
    await Promise.all(Array.from({ length: PASSES }, () => passInProcess(t.databaseUrl)));
  } else {
    await Promise.all(Array.from({ length: PASSES }, () => runStandingOrders(contextOf(t))));
  }
  // and once more after a restart that lost how far the passes got
  await t.db.kysely
    .updateTable("standing_orders")
    .set({ made_through: null })
    .where("id", "in", ids)
    .execute();
  await runStandingOrders(contextOf(t));

  const occurrences = await t.db.kysely
    .selectFrom("standing_occurrences")
    .select(["standing_order_id", "slot_id", "state", "order_id"])
    .where("standing_order_id", "in", ids)
    .execute();
  const slots = await t.db.kysely
    .selectFrom("slots")
    .select(["id", "taken"])
    .where("pattern_id", "=", patternId)
    .execute();
  // every dated slot of the horizon (two, as the weekday comes twice in 14 days) once per standing order
  expect(slots.length).toBe(2);
  expect(occurrences.length).toBe(STANDING_ORDERS * slots.length);
  expect(new Set(occurrences.map((o) => `${o.standing_order_id} ${o.slot_id}`)).size).toBe(
    occurrences.length,
  );
  expect(occurrences.every((o) => o.state === "made" && o.order_id !== null)).toBe(true);
  const orders = await t.db.kysely
    .selectFrom("orders")
    .select("id")
    .where("standing_order_id", "in", ids)
    .execute();
  expect(orders.length).toBe(occurrences.length);
  for (const slot of slots) expect(slot.taken).toBe(STANDING_ORDERS);
  const stock = await t.db.kysely
    .selectFrom("products")
    .select("stock")
    .where("id", "=", product.id)
    .executeTakeFirstOrThrow();
  expect(stock.stock).toBe(500 - 2 * occurrences.length);
}, 120_000);
