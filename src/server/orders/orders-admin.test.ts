import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OperatorOrder, OperatorOrderListSchema } from "../../shared/schemas/operator-orders.ts";
import { orderNumber } from "../../shared/schemas/orders.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { DEAL_ID, dealWindow } from "../deals/index.ts";
import { signUpOperator } from "../test/admin-fixtures.ts";
import { tableChecksums } from "../test/db-snapshot.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { postOrder, testShipping } from "../test/order-helpers.ts";
import { mailsTo, sendOrderNews } from "../test/outbox.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { placeOrder } from "./placement.service.ts";

const ZONE = "Asia/Kolkata";
let t: TestApp;
let operator: SignedInUser;
let buyer: SignedInUser;
let farmer: SignedInUser;
let beansId: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signUpOperator(t.app, t.db);
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  farmer = await signUpAndLogIn(t.app, "Ravi Farmer");
  beansId = (await insertProduct(t.db.kysely, farmer.id, { name: "Beans", pricePaise: 3000, stock: 100 }))
    .id!;
});
afterAll(() => t.close());

const dealLine = (quantity = 1) => ({
  productId: DEAL_ID,
  quantity,
  dealStartTime: dealWindow(new Date(), ZONE).startTime.toISOString(),
});
async function order(items: object[]): Promise<OperatorOrder> {
  const res = await postOrder(t.app, buyer, items as never);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order;
}
const list = async (query = "") => {
  const res = await request(t.app, {
    method: "GET",
    url: `/api/admin/orders${query}`,
    cookie: operator.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return OperatorOrderListSchema.parse(res.json());
};
const move = (id: string, body: object, cookie = operator.cookie) =>
  request(t.app, { method: "POST", url: `/api/admin/fulfilments/${id}/status`, cookie, payload: body });
const shopPart = (o: { fulfilments: { farmerId: string | null; id: string }[] }) =>
  o.fulfilments.find((f) => f.farmerId === null)!;

describe("the operator's orders", () => {
  it("lists every order newest first, with its buyer and parts, filtered by status, shop part and shop date", async () => {
    const beansOnly = await order([{ productId: beansId, quantity: 1 }]);
    const withDeal = await order([{ productId: beansId, quantity: 2 }, dealLine(3)]);
    // NOTE: an order from two shop days ago, placed through the service with its own clock.
    const old = new Date(Date.now() - 2 * 86_400_000);
    await placeOrder(contextOf(t, { now: old, timeZone: ZONE }), {
      userId: buyer.id,
      idempotencyKey: "an-old-order-two-days-ago",
      input: {
        items: [{ productId: beansId, quantity: 1 }],
        shipping: beansOnly.shipping,
        paymentMethod: "upi",
      },
    });

    const all = await list();
    expect(all.items.map((o) => o.id).slice(0, 2)).toEqual([withDeal.id, beansOnly.id]);
    expect(all.items).toHaveLength(3);
    expect(all.items[0]).toMatchObject({
      buyer: { id: buyer.id, name: "Meera Buyer", email: buyer.email },
      total: 75,
      status: "pending",
    });
    expect(all.items[0]!.fulfilments.map((f) => [f.farmerName, f.total])).toEqual(
      expect.arrayContaining([
        ["Veggie Cart", 15],
        ["Ravi Farmer", 60],
      ]),
    );

    expect((await list("?part=shop")).items.map((o) => o.id)).toEqual([withDeal.id]);
    const today = shopDate(new Date(), ZONE);
    expect((await list(`?from=${today}`)).items).toHaveLength(2);
    expect((await list(`?to=${addDays(today, -1)}`)).items).toHaveLength(1);
    expect((await list(`?from=${addDays(today, -2)}&to=${addDays(today, -2)}`)).items).toHaveLength(1);
    expect((await list("?status=delivered")).items).toEqual([]);
    expect((await list("?status=pending")).items).toHaveLength(3);
  });

  it("pages with a cursor, each order exactly once", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual((await list()).items.map((o) => o.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("refuses a bad filter or cursor with 400", async () => {
    for (const query of ["?status=lost", "?from=2026-13-01", "?part=mine", "?cursor=nope", "?limit=0"]) {
      const res = await request(t.app, {
        method: "GET",
        url: `/api/admin/orders${query}`,
        cookie: operator.cookie,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("the operator fulfils the shop's own part", () => {
  it("moves it through the farmer's statuses, recorded in its history and the audit log, the order following", async () => {
    const placed = await order([dealLine(2)]);
    const id = shopPart(placed).id;
    for (const status of ["confirmed", "out_for_delivery", "delivered"]) {
      const res = await move(id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(shopPart(res.json().order)).toMatchObject({ status });
      // NOTE: each move more than 2 minutes after the one before, so each has its buyer's mail (decision 048).
      await sendOrderNews(t);
    }
    const mine = await request(t.app, {
      method: "GET",
      url: `/api/orders/${placed.id}`,
      cookie: buyer.cookie,
    });
    const part = shopPart(mine.json().order) as unknown as {
      history: { status: string; by: { name: string } }[];
    };
    expect(mine.json().order.status).toBe("delivered");
    expect(part.history.map((h) => [h.status, h.by.name])).toEqual([
      ["pending", "Meera Buyer"],
      ["confirmed", "Olga Operator"],
      ["out_for_delivery", "Olga Operator"],
      ["delivered", "Olga Operator"],
    ]);
    // The buyer is mailed about each move, as for a farmer's; the shop's part is the shop's.
    const number = orderNumber(placed.id);
    const mails = (await mailsTo(t, testShipping.email)).filter((mail) =>
      mail.subject.startsWith(`Your Veggie Cart order ${number}: `),
    );
    expect(mails.map((mail) => mail.subject.split(": ")[1]).sort()).toEqual([
      "Confirmed",
      "Delivered",
      "Out for delivery",
    ]);
    expect(mails.find((mail) => mail.subject.endsWith("Delivered"))!.text).toContain(
      `Veggie Cart has marked these items of your order ${number} as delivered.`,
    );
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "target_type", "target_id", "reason", "actor_id"])
      .where("action", "=", "fulfilment.status")
      .orderBy("at")
      .execute();
    expect(audit).toEqual([
      {
        action: "fulfilment.status",
        target_type: "fulfilment",
        target_id: id,
        reason: "Pending → Confirmed",
        actor_id: operator.id,
      },
      {
        action: "fulfilment.status",
        target_type: "fulfilment",
        target_id: id,
        reason: "Confirmed → Out for delivery",
        actor_id: operator.id,
      },
      {
        action: "fulfilment.status",
        target_type: "fulfilment",
        target_id: id,
        reason: "Out for delivery → Delivered",
        actor_id: operator.id,
      },
    ]);
  });

  it("follows the same transition rules as a farmer: 409 for a move they do not list, 400 without a cancel reason, 404 unknown; nothing changes", async () => {
    const placed = await order([dealLine(1)]);
    const id = shopPart(placed).id;
    const before = await tableChecksums(t.db);
    const delivered = await move(id, { status: "delivered" });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error).toMatchObject({
      code: "invalid_transition",
      message: "This part of the order is pending; it cannot be marked delivered now",
    });
    expect((await move(id, { status: "cancelled" })).statusCode).toBe(400);
    expect((await move("00000000-0000-4000-8000-000000000000", { status: "confirmed" })).statusCode).toBe(
      404,
    );
    expect(await tableChecksums(t.db)).toEqual(before);

    const cancelled = await move(id, { status: "cancelled", reason: "No cabbages left today" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe("cancelled");
  });

  it("can move a farmer's part too (audited), while a farmer still cannot move the shop's part", async () => {
    const placed = await order([{ productId: beansId, quantity: 1 }, dealLine(1)]);
    const farmersPart = placed.fulfilments.find((f) => f.farmerId === farmer.id)!;
    const res = await move(farmersPart.id, { status: "cancelled", reason: "Farmer unreachable" });
    expect(res.statusCode).toBe(200);
    const entry = await t.db.kysely
      .selectFrom("audit_log")
      .select("reason")
      .where("target_id", "=", farmersPart.id)
      .executeTakeFirst();
    expect(entry?.reason).toBe("Pending → Cancelled: Farmer unreachable");
    const byFarmer = await request(t.app, {
      method: "POST",
      url: `/api/farmer/orders/${shopPart(placed).id}/status`,
      cookie: farmer.cookie,
      payload: { status: "confirmed" },
    });
    expect(byFarmer.statusCode).toBe(404);
  });
});
