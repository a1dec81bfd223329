import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order, PlaceOrder } from "../../shared/schemas/orders.ts";
import { sqliteInTransaction } from "../db/index.ts";
import type { Outbox } from "../mail/index.ts";
import { insertFarmer, insertProduct } from "../test/order-fixtures.ts";
import { postOrder, stockOf, testShipping } from "../test/order-helpers.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";
import { placeOrder } from "./index.ts";

/**
 * Issue 27: an order's transaction runs as one block (decision 036). On SQLite the shop has one connection;
 * a transaction that awaited between its statements held it while other work of the process ran and queued
 * behind it. Now, from inside a placement's transaction, anything else the process has to do (here: work
 * scheduled by the placement itself as its confirmation is queued, run as soon as the placement lets
 * anything run) finds the transaction committed; on both databases, concurrent checkouts never oversell and
 * readers never see half an order.
 */
const CHECKOUTS = 30;
const LEFT = 12;
const READERS = 4;

let t: TestApp;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUpAndLogIn(t.app, "Block Buyer");
});
afterAll(() => t.close());

/** The buyer's orders as the API lists them (newest first, up to 50). */
async function listedOrders(): Promise<Order[]> {
  const res = await request(t.app, { method: "GET", url: "/api/orders?limit=50", cookie: buyer.cookie });
  expect(res.statusCode).toBe(200);
  return res.json().orders as Order[];
}

async function products() {
  const farmer = await insertFarmer(t.db.kysely, "Block Farmer");
  const other = await insertFarmer(t.db.kysely, "Second Farmer");
  const last = await insertProduct(t.db.kysely, farmer, {
    name: "Last Jackfruit",
    pricePaise: 9000,
    stock: LEFT,
  });
  const plenty = await insertProduct(t.db.kysely, other, {
    name: "Plenty Onions",
    pricePaise: 3000,
    stock: 1000,
  });
  const untracked = await insertProduct(t.db.kysely, other, {
    name: "Curry Leaves",
    pricePaise: 500,
    stock: null,
  });
  return { last, plenty, untracked };
}

describe("concurrent placements", () => {
  it(`sell the last ${LEFT} units to ${CHECKOUTS} checkouts exactly, and readers meanwhile see only whole orders`, async () => {
    const { last, plenty, untracked } = await products();
    const lines = [
      { productId: last.id, quantity: 1 },
      { productId: plenty.id, quantity: 2 },
      { productId: untracked.id, quantity: 3 },
    ];
    let placing = true;
    const seenByReaders: Order[] = [];
    const reader = async () => {
      while (placing) {
        seenByReaders.push(...(await listedOrders()));
        // NOTE: a turn of the event loop between reads: an injected read may resolve without one, and a loop
        // of them would starve the checkouts' requests of theirs.
        await setImmediate();
      }
    };
    const readers = Array.from({ length: READERS }, reader);
    const statuses = await Promise.all(
      Array.from({ length: CHECKOUTS }, () => postOrder(t.app, buyer, lines).then((res) => res.statusCode)),
    );
    placing = false;
    await Promise.all(readers);

    expect(statuses.filter((status) => status === 201)).toHaveLength(LEFT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CHECKOUTS - LEFT);
    expect(await stockOf(t.app, buyer, last.id)).toBe(0);
    expect(await stockOf(t.app, buyer, plenty.id)).toBe(1000 - 2 * LEFT);
    const final = await listedOrders();
    expect(final).toHaveLength(LEFT);
    for (const order of [...seenByReaders, ...final]) {
      expect(order.items.map((line) => [line.name, line.quantity])).toEqual([
        ["Last Jackfruit", 1],
        ["Plenty Onions", 2],
        ["Curry Leaves", 3],
      ]);
      expect(order.fulfilments.map((part) => [part.farmerName, part.history.length]).sort()).toEqual([
        ["Block Farmer", 1],
        ["Second Farmer", 1],
      ]);
    }
  }, 60_000);

  it.skipIf(testDialect !== "sqlite")(
    "on SQLite run each transaction as one block: nothing else runs between its statements",
    async () => {
      const { last, plenty } = await products();
      const input: PlaceOrder = {
        items: [
          { productId: last.id, quantity: 1 },
          { productId: plenty.id, quantity: 1 },
        ],
        shipping: testShipping,
        paymentMethod: "upi",
        payment: "on_delivery",
      };
      // Inside the transaction (as its mails are queued, between its statements) the connection is in the
      // transaction; the work it schedules there runs only once the transaction has committed.
      const inside: boolean[] = [];
      const next: boolean[] = [];
      const placements = Array.from({ length: 10 }, () => {
        const ctx = contextOf(t);
        const mail: Outbox = {
          ...ctx.mail,
          queued(due) {
            ctx.mail.queued(due);
            inside.push(sqliteInTransaction(t.db.kysely) === true);
            queueMicrotask(() => next.push(sqliteInTransaction(t.db.kysely) === true));
          },
        };
        return placeOrder({ ...ctx, mail }, { userId: buyer.id, idempotencyKey: randomUUID(), input });
      });
      const placed = await Promise.all(placements);
      expect(placed.map((p) => p.replayed)).toEqual(Array(10).fill(false));
      // Each placement queues the buyer's confirmation and one mail to each of the two farmers.
      expect(inside).toEqual(Array(30).fill(true));
      expect(next).toEqual(Array(30).fill(false));
    },
  );
});
