import { describe, expect, it } from "vitest";
import type { Run, RunStop } from "../../../shared/schemas/run.ts";
import {
  drain,
  memoryStore,
  type Outcome,
  outcomeOf,
  type QueuedAction,
  queuedAction,
  showRun,
} from "./run-queue.ts";

/** The delivery run's queue (decision 046): what the screen shows at once, and how the queue is sent. */

const stop = (partId: string, overrides: Partial<RunStop> = {}): RunStop => ({
  partId,
  orderId: `order-${partId}`,
  position: 1,
  buyer: { name: `Buyer ${partId}`, phone: "9822012345" },
  kind: "delivery",
  address: `${partId} Lake Road`,
  mapUrl: "https://www.google.com/maps/search/?api=1&query=x",
  slot: { id: "s1", kind: "delivery", date: "2026-12-07", start: "09:00", end: "11:00" },
  lines: [
    {
      productId: "p1",
      name: "Tomatoes",
      unitPrice: 40,
      unit: "kg",
      quantity: 2,
      lineTotal: 80,
      lineId: 1,
      weighed: true,
      packedGrams: null,
      estimate: 80,
      amount: 80,
    },
  ],
  total: 80.5,
  billFinal: true,
  due: 80.5,
  paidOnline: 0,
  upi: null,
  status: "out_for_delivery",
  payment: { state: "unpaid", paidAt: null, received: 0, records: [] },
  attempts: [],
  ...overrides,
});

const DATE = "2026-12-07";
const run = (stops: RunStop[]): Run => ({
  date: DATE,
  stops: stops.map((s, index) => ({ ...s, position: index + 1 })),
  totals: { stops: stops.length, done: 0, cash: 0, upi: 0, due: stops.reduce((sum, s) => sum + s.due, 0) },
});

describe("an action kept in the queue", () => {
  it("becomes the request the screen sent online, with a key of its own made once", () => {
    const paid = queuedAction(DATE, { kind: "pay", partId: "a/b", payment: { method: "cash", amount: 50 } });
    const delivered = queuedAction(DATE, { kind: "delivered", partId: "a" });
    const order = queuedAction(DATE, { kind: "order", partIds: ["b", "a"] });
    expect(paid).toMatchObject({
      method: "POST",
      path: "/api/farmer/orders/a%2Fb/payments",
      body: { method: "cash", amount: 50 },
    });
    expect(delivered).toMatchObject({ path: "/api/farmer/orders/a/status", body: { status: "delivered" } });
    expect(order).toMatchObject({
      method: "PUT",
      path: "/api/farmer/run/order",
      body: { date: DATE, partIds: ["b", "a"] },
    });
    expect(new Set([paid.key, delivered.key, order.key]).size).toBe(3);
    // Recorded in the same millisecond, they still keep the order they were recorded in.
    expect(paid.seq).toBeLessThan(delivered.seq);
    expect(delivered.seq).toBeLessThan(order.seq);
  });
});

describe("the run shown with the actions waiting", () => {
  it("shows Delivered and Paid cash at once: the status, what is due and the summary", () => {
    const actions = [
      queuedAction(DATE, { kind: "delivered", partId: "a" }),
      queuedAction(DATE, { kind: "pay", partId: "a", payment: { method: "cash", amount: 80.5 } }),
      queuedAction(DATE, { kind: "pay", partId: "b", payment: { method: "upi", amount: 30 } }),
      queuedAction(DATE, { kind: "attempt", partId: "c", reason: "Gate locked" }),
    ];
    const shown = showRun(run([stop("a"), stop("b"), stop("c")]), actions);
    const [a, b, c] = shown.stops;
    expect(a).toMatchObject({ status: "delivered", due: 0, payment: { received: 80.5 } });
    expect(a?.waiting.map((action) => action.kind)).toEqual(["delivered", "pay"]);
    expect(b).toMatchObject({ status: "out_for_delivery", due: 50.5 });
    expect(c?.attempts).toEqual([{ at: actions[3]?.at, reason: "Gate locked" }]);
    expect(shown.totals).toEqual({ stops: 3, done: 1, cash: 80.5, upi: 30, due: 131 });
  });

  it("shows no move the part's status does not allow, and counts a delivery the server already has once", () => {
    const actions = [
      queuedAction(DATE, { kind: "delivered", partId: "pending" }),
      queuedAction(DATE, { kind: "delivered", partId: "done" }),
    ];
    const shown = showRun(
      run([stop("pending", { status: "pending" }), stop("done", { status: "delivered" })]),
      actions,
    );
    expect(shown.stops.map((s) => s.status)).toEqual(["pending", "delivered"]);
    expect(shown.totals.done).toBe(0);
    expect(shown.stops.every((s) => s.waiting.length === 1)).toBe(true);
  });

  it("shows a refused action on its card, not applied; another date's actions are not this run's", () => {
    const refused = {
      ...queuedAction(DATE, { kind: "pay", partId: "a", payment: { method: "cash", amount: 80.5 } }),
      refused: "A cancelled part of an order cannot be marked as paid",
    };
    const otherDay = queuedAction("2026-12-08", { kind: "delivered", partId: "a" });
    const shown = showRun(run([stop("a")]), [refused, otherDay]);
    expect(shown.stops[0]).toMatchObject({ due: 80.5, status: "out_for_delivery", waiting: [] });
    expect(shown.stops[0]?.refused).toEqual([refused]);
    expect(shown.totals.cash).toBe(0);
    expect(shown.gone).toEqual([]);
  });

  it("shows a refused new order of the stops apart, and keeps the server's order", () => {
    const refused = { ...queuedAction(DATE, { kind: "order", partIds: ["b", "a"] }), refused: "Not found" };
    const shown = showRun(run([stop("a"), stop("b")]), [refused]);
    expect(shown.stops.map((s) => s.partId)).toEqual(["a", "b"]);
    expect(shown.refusedOrders).toEqual([refused]);
    expect(shown.waiting).toEqual([]);
  });

  it("keeps an action whose stop left the run (cancelled meanwhile) to be shown apart, with the stop's name", () => {
    const refused = {
      ...queuedAction(
        DATE,
        { kind: "pay", partId: "cancelled", payment: { method: "cash", amount: 40 } },
        { stop: "4. Meera Iyer" },
      ),
      refused: "A cancelled part of an order cannot be marked as paid",
    };
    const shown = showRun(run([stop("a")]), [refused]);
    expect(shown.gone).toEqual([refused]);
    expect(shown.gone[0]?.stop).toBe("4. Meera Iyer");
  });

  it("an undo waiting gives the payment back to what is due; weights and a new order show at once", () => {
    const record = {
      kind: "cash" as const,
      id: "pay-1",
      method: "cash" as const,
      amount: 20,
      at: "2026-12-07T04:00:00Z",
      by: { id: "f", name: "Ravi" },
    };
    const shown = showRun(
      run([
        stop("a", {
          due: 60.5,
          payment: { state: "part_paid", paidAt: null, received: 20, records: [record] },
        }),
        stop("b", { status: "confirmed" }),
      ]),
      [
        queuedAction(DATE, { kind: "undo", partId: "a", paymentId: "pay-1", reason: "Counted twice" }),
        queuedAction(DATE, {
          kind: "weigh",
          partId: "b",
          weights: { lines: [{ lineId: 1, packedGrams: 2150 }] },
        }),
        queuedAction(DATE, { kind: "order", partIds: ["b", "a"] }),
      ],
    );
    const [b, a] = shown.stops;
    expect(a).toMatchObject({ partId: "a", position: 2, due: 80.5, payment: { received: 0 } });
    expect(a?.payment.records[0]).toMatchObject({ undone: { reason: "Counted twice" } });
    expect(b).toMatchObject({ partId: "b", position: 1 });
    expect(b?.lines[0]?.packedGrams).toBe(2150);
    expect(shown.waiting).toHaveLength(1);
  });
});

describe("sending the queue", () => {
  const queueOf = async (outcomes: Record<string, Outcome>) => {
    const store = memoryStore();
    const actions = [
      queuedAction(DATE, { kind: "delivered", partId: "a" }),
      queuedAction(DATE, { kind: "pay", partId: "cancelled", payment: { method: "cash", amount: 40 } }),
      queuedAction(DATE, { kind: "attempt", partId: "c", reason: "Nobody home" }),
    ];
    for (const action of actions) await store.put(action);
    const sent: QueuedAction[] = [];
    const send = async (action: QueuedAction) => {
      sent.push(action);
      return outcomes["partId" in action ? action.partId : ""] ?? outcomes["*"] ?? { kind: "sent" as const };
    };
    return { store, actions, sent, send };
  };

  it("sends in the order recorded; a refusal is kept with its reason and does not hold back the rest", async () => {
    const { store, sent, send } = await queueOf({
      cancelled: { kind: "refused", reason: "A cancelled part of an order cannot be marked as paid" },
    });
    expect(await drain(store, send)).toEqual({ sent: 2, refused: 1, waiting: 0 });
    expect(sent.map((action) => action.kind)).toEqual(["delivered", "pay", "attempt"]);
    const left = await store.queue();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ partId: "cancelled", refused: expect.stringContaining("cancelled") });
    // A refused action is never sent again.
    sent.length = 0;
    expect(await drain(store, send)).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(sent).toEqual([]);
  });

  it("stops at the first action with no answer and sends it again, with the same key, next time", async () => {
    const outcomes: Record<string, Outcome> = { cancelled: { kind: "wait" } };
    const { store, actions, sent, send } = await queueOf(outcomes);
    expect(await drain(store, send)).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(sent.map((action) => ("partId" in action ? action.partId : ""))).toEqual(["a", "cancelled"]);
    expect((await store.queue()).map((action) => action.key)).toEqual([actions[1]?.key, actions[2]?.key]);
    delete outcomes.cancelled;
    sent.length = 0;
    expect(await drain(store, send)).toEqual({ sent: 2, refused: 0, waiting: 0 });
    expect(sent.map((action) => action.key)).toEqual([actions[1]?.key, actions[2]?.key]);
    expect(await store.queue()).toEqual([]);
  });

  it("reads the server's answer: no connection, signed out or a failing server wait; a rule's 4xx refuses", () => {
    for (const status of [0, 401, 408, 429, 500, 503])
      expect(outcomeOf(status, "x")).toEqual({ kind: "wait" });
    for (const status of [403, 404, 409, 422])
      expect(outcomeOf(status, "Already paid")).toEqual({ kind: "refused", reason: "Already paid" });
  });
});
