import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { Run, RunStop } from "../../shared/schemas/run.ts";
import { partMoveAnswers, sessionAnswer } from "../test/answers.ts";
import { api, apiError, apiRequests, HttpResponse, http, shellAnswers } from "../test/api.ts";
import { okraLine } from "../test/farmer.fixture.ts";
import { loadScreens, renderAt } from "../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/farmer/run/2026-12-07"));

const ravi = { id: "farmer-1", email: "ravi@example.com", name: "Ravi" };

const stop = (overrides: Partial<RunStop> = {}): RunStop => ({
  partId: "part-1",
  orderId: "0a1b2c3d-0000-4000-8000-000000000000",
  position: 1,
  buyer: { name: "Meera Iyer", phone: "+91 98200 12345" },
  kind: "delivery",
  address: "12 Lake Road, Pune 411001",
  mapUrl: "https://www.google.com/maps/search/?api=1&query=12%20Lake%20Road",
  slot: { id: "s1", kind: "delivery", date: "2026-12-07", start: "09:00", end: "11:00" },
  lines: [okraLine],
  total: 80,
  billFinal: true,
  due: 80,
  paidOnline: 0,
  upi: null,
  status: "out_for_delivery",
  payment: { state: "unpaid", paidAt: null, received: 0, records: [] },
  attempts: [],
  ...overrides,
});

const runOf = (stops: RunStop[]): Run => ({
  date: "2026-12-07",
  stops,
  totals: { stops: stops.length, done: 0, cash: 0, upi: 0, due: stops.reduce((sum, s) => sum + s.due, 0) },
});

/** The run screen on a server holding `run`, which takes the farmer's moves on its stops. */
function openRun(run: Run) {
  api.use(
    ...shellAnswers,
    http.get("/api/farmer/run", () => HttpResponse.json(run)),
    http.put("/api/farmer/run/order", () => HttpResponse.json(run)),
    ...partMoveAnswers(),
  );
  renderAt("/farmer/run/2026-12-07", ravi);
}

/** The run's writes as sent, with their Idempotency-Key (the reads, the shell's too, do not count here). */
const sent = async () =>
  (await apiRequests())
    .filter((request) => request.method !== "GET")
    .map(({ method, url, body, headers }) => ({
      method,
      path: url.pathname,
      body,
      key: headers.get("idempotency-key"),
    }));

const findStop = () => screen.findByRole("listitem", { name: "Stop 1: Meera Iyer" });

// NOTE: the lazy screen's code, loaded once before the tests (as farmer-page.test.tsx does).
beforeAll(() => Promise.all([import("./farmer-page.tsx"), import("./layout.tsx")]), 60_000);

describe("the delivery run", () => {
  it("shows the summary and a stop's card with call, WhatsApp and maps links", async () => {
    openRun(runOf([stop()]));
    const card = await findStop();
    expect(within(card).getByRole("link", { name: "Call +91 98200 12345" })).toHaveAttribute(
      "href",
      "tel:+91 98200 12345",
    );
    expect(within(card).getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      "https://wa.me/919820012345",
    );
    expect(within(card).getByRole("link", { name: "Open in maps" })).toHaveAttribute("href", stop().mapUrl);
    const summary = screen.getByLabelText("Summary of the run");
    expect(within(summary).getByText("Still due").nextSibling).toHaveTextContent("₹80.00");
  });

  it("records cash of the edited amount with an Idempotency-Key, a new key for each tap", async () => {
    openRun(runOf([stop()]));
    const card = await findStop();
    const amount = within(card).getByLabelText("Cash received (₹)");
    await userEvent.clear(amount);
    await userEvent.type(amount, "50");
    await userEvent.click(within(card).getByRole("button", { name: "Paid cash ₹50.00" }));
    await userEvent.click(within(card).getByRole("button", { name: "Delivered" }));
    await waitFor(async () => expect(await sent()).toHaveLength(2));
    const [payment, status] = await sent();
    expect(payment).toMatchObject({
      method: "POST",
      path: "/api/farmer/orders/part-1/payments",
      body: { method: "cash", amount: 50 },
    });
    expect(status).toMatchObject({
      path: "/api/farmer/orders/part-1/status",
      body: { status: "delivered" },
    });
    expect(payment?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(status?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payment?.key).not.toBe(status?.key);
  });

  it("offers Delivered only on a stop out for delivery, and says what a confirmed stop needs first", async () => {
    openRun(runOf([stop({ status: "confirmed" })]));
    const card = await findStop();
    expect(within(card).queryByRole("button", { name: "Delivered" })).toBeNull();
    expect(
      within(card).getByText(
        "Not out for delivery yet: send it out on the orders page before delivering it.",
      ),
    ).toBeVisible();
  });

  it("shows the server's conflict on the card", async () => {
    const message = "This order was cancelled";
    openRun(runOf([stop()]));
    api.use(http.post("/api/farmer/orders/:partId/status", () => apiError(409, "conflict", message)));
    const card = await findStop();
    await userEvent.click(within(card).getByRole("button", { name: "Delivered" }));
    const refused = await within(card).findByRole("alert");
    expect(refused).toHaveTextContent(`Not recorded: Delivered. ${message}`);
    await userEvent.click(within(refused).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(within(card).queryByRole("alert")).toBeNull());
  });

  it("with no connection, shows a tap at once as waiting to send, and sends it with its key once back online", async () => {
    let offline = true;
    openRun(runOf([stop()]));
    api.use(
      http.post("/api/farmer/orders/:partId/:move", () =>
        offline ? HttpResponse.error() : apiError(404, "not_found", "Gone"),
      ),
      // NOTE: back online, the app asks again who is signed in.
      sessionAnswer(ravi),
    );
    const card = await findStop();
    const amount = within(card).getByLabelText("Cash received (₹)");
    await userEvent.clear(amount);
    await userEvent.type(amount, "30");
    await userEvent.click(within(card).getByRole("button", { name: "Paid cash ₹30.00" }));
    await userEvent.click(within(card).getByRole("button", { name: "Delivered" }));
    expect(await within(card).findByText("Waiting to send")).toBeVisible();
    expect(within(card).getByText("Due: ₹50.00")).toBeVisible();
    expect(within(card).getByText("Delivered", { selector: "span" })).toBeVisible();
    await waitFor(async () => expect((await sent()).length).toBeGreaterThanOrEqual(1));
    // NOTE: the first action found no connection, so the second was not sent after it.
    const whileOffline = await sent();
    expect(whileOffline.every((request) => request.path.endsWith("/payments"))).toBe(true);
    const firstKey = whileOffline[0]?.key;
    offline = false;
    window.dispatchEvent(new Event("online"));
    const sentOnline = async () => (await sent()).slice(whileOffline.length);
    await waitFor(async () => expect(await sentOnline()).toHaveLength(2));
    const online = await sentOnline();
    expect(online.map((request) => request.path)).toEqual([
      "/api/farmer/orders/part-1/payments",
      "/api/farmer/orders/part-1/status",
    ]);
    expect(online[0]?.key).toBe(firstKey);
  });

  it("weighs a line not yet weighed on the card, with the orders page's form, queued like the other taps", async () => {
    const tomatoes = {
      ...stop().lines[0]!,
      productId: "p2",
      name: "Tomatoes",
      unit: "kg" as const,
      quantity: 2,
      lineId: 2,
      weighed: true,
    };
    openRun(runOf([stop({ status: "confirmed", billFinal: false, lines: [tomatoes] })]));
    const card = await findStop();
    await userEvent.click(within(card).getByRole("button", { name: "Weigh" }));
    await userEvent.type(within(card).getByLabelText("Tomatoes, grams (ordered 2 kg)"), "2150");
    await userEvent.click(within(card).getByRole("button", { name: "Save weights" }));
    await waitFor(async () => expect(await sent()).toHaveLength(1));
    const [weights] = await sent();
    expect(weights).toMatchObject({
      method: "POST",
      path: "/api/farmer/orders/part-1/weights",
      body: { lines: [{ lineId: 2, packedGrams: 2150 }] },
    });
    expect(weights?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("moves a stop down: the delivery stops in their new order", async () => {
    const second = stop({ partId: "part-2", position: 2, buyer: { name: "Asha Rao", phone: "9822012345" } });
    openRun(runOf([stop(), second]));
    const card = await findStop();
    expect(within(card).queryByRole("button", { name: "Move up" })).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: "Move down" }));
    await waitFor(async () => expect(await sent()).toHaveLength(1));
    expect((await sent())[0]).toMatchObject({
      method: "PUT",
      path: "/api/farmer/run/order",
      body: { date: "2026-12-07", partIds: ["part-2", "part-1"] },
    });
  });
});
