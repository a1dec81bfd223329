import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CSRF_HEADER } from "../../shared/constants.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody, stockOf } from "../test/order-helpers.ts";
import { startServerProcess } from "../test/server-process.ts";
import { createTestApp, request, type SignedInUser, signUpAndLogIn, type TestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-db.ts";

let t: TestApp;
let buyer: SignedInUser;
let farmer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUpAndLogIn(t.app, "Race Buyer");
  farmer = await signUpAndLogIn(t.app, "Race Farmer");
});
afterAll(() => t.close());

const CHECKOUTS = 50;
const CAPACITY = 5;
const ALREADY_TAKEN = 2;
const LEFT = CAPACITY - ALREADY_TAKEN;

// NOTE: on PostgreSQL the checkouts are spread over two real server processes on one database (as behind a load
// balancer); SQLite serves one process, so there the race runs against this one. The processes run on the real
// clock, so the slot is two days ahead with no cut-off.
it(`places exactly ${LEFT} of ${CHECKOUTS} concurrent checkouts for the last ${LEFT} places of a slot (${testDialect === "postgres" ? "two server processes on one PostgreSQL" : "one process on SQLite"}); the rest get 409 slot_full and nothing is written`, async () => {
  const weekday = (new Date().getUTCDay() + 2) % 7;
  const pattern = {
    kind: "delivery",
    weekday,
    start: "12:00",
    end: "14:00",
    capacity: CAPACITY,
    cutoffHours: 0,
  };
  const setup = (method: "POST" | "PUT" | "GET", url: string, payload?: Record<string, unknown>) =>
    request(t.app, { method, url, cookie: farmer.cookie, ...(payload ? { payload } : {}) });
  await setup("PUT", "/api/farmer/delivery-area", { pinPrefixes: ["411"] });
  expect((await setup("POST", "/api/farmer/slot-patterns", pattern)).statusCode).toBe(201);
  const [slot] = (await setup("GET", "/api/farmer/slots")).json().items as { id: string }[];
  if (!slot) throw new Error("no slot was made");
  const product = await insertProduct(t.db.kysely, farmer.id, {
    name: "Race Beans",
    pricePaise: 1000,
    stock: 100,
  });
  const items = [{ productId: product.id, quantity: 1 }];
  const slots = { [farmer.id]: slot.id };
  for (let n = 0; n < ALREADY_TAKEN; n += 1) {
    const res = await request(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      headers: { "idempotency-key": randomUUID() },
      payload: { ...orderBody(items), slots },
    });
    expect(res.statusCode).toBe(201);
  }
  const ordersBefore = await t.db.kysely
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();

  const servers =
    testDialect === "postgres"
      ? await Promise.all([startServerProcess(t.databaseUrl), startServerProcess(t.databaseUrl)])
      : [];
  let statuses: { status: number; code?: string }[];
  try {
    let ports = servers.map((server) => server.port);
    if (ports.length === 0) {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      ports = [(t.app.server.address() as AddressInfo).port];
    }
    const body = JSON.stringify({ ...orderBody(items), slots });
    statuses = await Promise.all(
      Array.from({ length: CHECKOUTS }, (_, n) =>
        fetch(`http://127.0.0.1:${ports[n % ports.length]}/api/orders`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: buyer.cookie,
            [CSRF_HEADER]: "1",
            "idempotency-key": randomUUID(),
          },
          body,
        }).then(async (res) => ({
          status: res.status,
          code:
            res.status === 201 ? undefined : ((await res.json()) as { error: { code: string } }).error.code,
        })),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  expect(statuses.filter((s) => s.status === 201)).toHaveLength(LEFT);
  expect(statuses.filter((s) => s.status === 409 && s.code === "slot_full")).toHaveLength(CHECKOUTS - LEFT);

  const [after] = (await setup("GET", "/api/farmer/slots")).json().items as { id: string; taken: number }[];
  expect(after).toMatchObject({ id: slot.id, taken: CAPACITY });
  // NOTE: the refused checkouts took no stock and wrote no order.
  expect(await stockOf(t.app, buyer, product.id)).toBe(100 - CAPACITY);
  const ordersAfter = await t.db.kysely
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  expect(Number(ordersAfter.n) - Number(ordersBefore.n)).toBe(LEFT);
  const bookings = await t.db.kysely
    .selectFrom("slot_bookings")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("slot_id", "=", slot.id)
    .executeTakeFirstOrThrow();
  expect(Number(bookings.n)).toBe(CAPACITY);
}, 90_000);
