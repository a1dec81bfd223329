import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Order } from "../../shared/schemas/orders.ts";
import { DIGEST_WINDOW_MS } from "../mail/index.ts";
import { insertProduct } from "../test/order-fixtures.ts";
import { orderBody } from "../test/order-helpers.ts";
import { mailsTo } from "../test/outbox.ts";
import {
  contextOf,
  createTestApp,
  request,
  type SignedInUser,
  signUpAndLogIn,
  type TestApp,
} from "../test/test-app.ts";
import { movePart } from "./moves.service.ts";

/**
 * Issue 40 item 23, decision 048: what one order does for its buyer within 2 minutes goes out as one mail, no
 * later than 2 minutes after the first of it; the bill keeps its own mail; a farmer's new-order mail goes at once.
 * Time is the contexts' (`contextOf(t, { now })`) and the mailer's pass at a given time, never a real wait.
 */
let t: TestApp;
let farmers: SignedInUser[];
let buyer: SignedInUser;
let products: string[];
let spinach: string;

beforeAll(async () => {
  t = await createTestApp();
  farmers = [
    await signUpAndLogIn(t.app, "Asha Farmer"),
    await signUpAndLogIn(t.app, "Ravi Farmer"),
    await signUpAndLogIn(t.app, "Kiran Farmer"),
  ];
  buyer = await signUpAndLogIn(t.app, "Meera Buyer");
  const names = ["Tomatoes", "Milk", "Rice"];
  products = await Promise.all(
    farmers.map(
      async (farmer, i) =>
        (await insertProduct(t.db.kysely, farmer.id, { name: names[i]!, pricePaise: 4000 + i * 1000 })).id!,
    ),
  );
  spinach = (
    await insertProduct(t.db.kysely, farmers[0]!.id, { name: "Spinach", pricePaise: 6000, unit: "kg" })
  ).id!;
});
afterAll(() => t.close());

/** An order from every farmer, mailed to a fresh checkout address, so its mails are this test's only. */
async function threeFarmerOrder(items = products.map((productId) => ({ productId, quantity: 1 }))) {
  const email = `digest.${randomUUID()}@example.com`;
  const body = orderBody(items);
  const res = await request(t.app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyer.cookie,
    headers: { "idempotency-key": randomUUID() },
    payload: { ...body, shipping: { ...body.shipping, fullName: "Meera at checkout", email } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order as Order;
  const partOf = (farmer: SignedInUser) => order.fulfilments.find((part) => part.farmerId === farmer.id)!.id;
  return { order, email, number: `#${order.id.slice(0, 8).toUpperCase()}`, partOf };
}

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
/** A farmer's move at `now`, as their request at that time would make it. */
const moveAt = (now: Date, farmer: SignedInUser, id: string, status: "confirmed" | "out_for_delivery") =>
  movePart(contextOf(t, { now }), farmer, id, { status });
/** The mailer's pass at `now`: what is due by then goes. */
const passAt = async (now: Date) => {
  await t.app.mailer.settle();
  await t.app.mailer.retryQueued(now);
};
/** The buyer's mails about the order's parts (not its confirmation, not a bill). */
const newsOf = async (email: string, number: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.subject.startsWith(`Your Veggie Cart order ${number}: `));

describe("one buyer mail per order within 2 minutes", () => {
  it("sends one mail listing all three parts when three farmers confirm within 2 minutes, at 2 minutes", async () => {
    const { email, number, partOf } = await threeFarmerOrder();
    const start = new Date();
    await moveAt(start, farmers[0]!, partOf(farmers[0]!), "confirmed");
    await moveAt(at(start, 30_000), farmers[1]!, partOf(farmers[1]!), "confirmed");
    await moveAt(at(start, 110_000), farmers[2]!, partOf(farmers[2]!), "confirmed");

    await passAt(at(start, DIGEST_WINDOW_MS - 1));
    expect(await newsOf(email, number)).toEqual([]);
    await passAt(at(start, DIGEST_WINDOW_MS));
    const mails = await newsOf(email, number);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Veggie Cart order ${number}: Confirmed`]);
    const [mail] = mails;
    expect(mail!.text).toContain(`Here is what changed in your order ${number}:`);
    for (const [farmer, line] of [
      ["Asha Farmer", "Tomatoes × 1  ₹40.00"],
      ["Ravi Farmer", "Milk × 1  ₹50.00"],
      ["Kiran Farmer", "Rice × 1  ₹60.00"],
    ]) {
      expect(mail!.text).toContain(`${farmer} has confirmed these items of your order ${number}`);
      expect(mail!.text).toContain(line);
      expect(mail!.html).toContain(`${farmer} has confirmed these items`);
    }
    // Sent once: a later pass finds nothing more.
    await passAt(at(start, 10 * DIGEST_WINDOW_MS));
    expect(await newsOf(email, number)).toHaveLength(1);
  });

  it("sends two mails for a confirmation at 0:00 and another at 3:00, even when the first was not sent by then", async () => {
    const { email, number, partOf } = await threeFarmerOrder();
    const start = new Date();
    await moveAt(start, farmers[0]!, partOf(farmers[0]!), "confirmed");
    // NOTE: no pass ran at 2:00 (every server busy or stopped): the 3:00 news still does not join a mail due
    // before it.
    await moveAt(at(start, 180_000), farmers[1]!, partOf(farmers[1]!), "confirmed");
    await passAt(at(start, 180_000));
    const first = await newsOf(email, number);
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toContain("Asha Farmer has confirmed");
    expect(first[0]!.text).not.toContain("Ravi Farmer");
    await passAt(at(start, 180_000 + DIGEST_WINDOW_MS));
    const both = await newsOf(email, number);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain("Ravi Farmer has confirmed");
    expect(both[1]!.text).not.toContain("Asha Farmer");
  });

  it("keeps the bill's own mail, sent at once, beside the order's news", async () => {
    const { email, number, order } = await threeFarmerOrder([{ productId: spinach, quantity: 1 }]);
    const id = order.fulfilments[0]!.id;
    const start = new Date();
    await moveAt(start, farmers[0]!, id, "confirmed");
    await moveAt(at(start, 20_000), farmers[0]!, id, "out_for_delivery");
    // The bill (final at dispatch) went at once; the news waits for its 2 minutes.
    await passAt(at(start, 20_000));
    const bills = (await mailsTo(t, email)).filter((mail) => mail.subject.startsWith("Your bill from"));
    expect(bills.map((mail) => mail.subject)).toEqual(["Your bill from Asha Farmer: ₹60.00"]);
    expect(await newsOf(email, number)).toEqual([]);
    await passAt(at(start, DIGEST_WINDOW_MS));
    // One mail of the part's latest news (out for delivery), not one per move.
    expect((await newsOf(email, number)).map((mail) => mail.subject)).toEqual([
      `Your Veggie Cart order ${number}: Out for delivery`,
    ]);
  });

  it("sends it at its 2 minutes by the mailer's own timer, with no other pass", async () => {
    const { email, number, partOf } = await threeFarmerOrder();
    // NOTE: only the timers are the test's; the clock is the real one, so the news is due 2 minutes from now.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await moveAt(new Date(), farmers[0]!, partOf(farmers[0]!), "confirmed");
      await t.app.mailer.settle();
      vi.advanceTimersByTime(DIGEST_WINDOW_MS - 1_000);
      await t.app.mailer.settle();
      expect(await newsOf(email, number)).toEqual([]);
      vi.advanceTimersByTime(1_000);
      await t.app.mailer.settle();
      expect((await newsOf(email, number)).map((mail) => mail.subject)).toEqual([
        `Your Veggie Cart order ${number}: Confirmed`,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("mails each farmer their new order at once", async () => {
    const { number } = await threeFarmerOrder();
    // No pass at a later time: only what went at once.
    for (const farmer of farmers) {
      const mails = (await mailsTo(t, farmer.email)).filter((mail) =>
        mail.subject.startsWith(`New order ${number}`),
      );
      expect(mails, farmer.name).toHaveLength(1);
    }
  });
});
