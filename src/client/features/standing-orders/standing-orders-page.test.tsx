import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Occurrence, StandingOrder } from "../../../shared/schemas/standing-orders.ts";
import { api, apiError, apiRequests, HttpResponse, http } from "../../test/api.ts";
import { inLanguage, renderScreen } from "../../test/render.tsx";
import { StandingOrdersPage } from "./standing-orders-page.tsx";

const slot = (id: string, date: string) => ({
  id,
  patternId: "p1",
  kind: "delivery" as const,
  date,
  start: "08:00",
  end: "10:00",
  cutoffAt: `${date}T14:30:00.000Z`,
});

const weekly: StandingOrder = {
  id: "s1",
  farmerId: "f1",
  items: [{ productId: "tomato", name: "Tomatoes", quantity: 2, unitPrice: 40 }],
  slotPatternIds: ["p1"],
  everyWeeks: 1,
  startDate: "2026-03-20",
  shipping: {
    fullName: "Meera Iyer",
    email: "meera@example.com",
    phone: "+91 98765 43210",
    address: "12 Lake Road",
    city: "Pune",
    state: "MH",
    zipCode: "411001",
    country: "IN",
  },
  paymentMethod: "upi",
  reminderHours: 24,
  status: "active",
  slotRemoved: false,
  next: [
    { orderId: "o1", date: "2026-03-21", slot: slot("a", "2026-03-21"), status: "scheduled", total: 80 },
    { orderId: "o2", date: "2026-03-28", slot: slot("b", "2026-03-28"), status: "scheduled", total: 80 },
  ],
};

/**
 * The screen on a server holding `weekly`, answering a skip with its second delivery skipped; `emailOptional`
 * for an account made by phone (issue 37).
 */
function open({ emailOptional = false } = {}) {
  const [first, second] = weekly.next;
  api.use(
    http.get("/api/standing-orders", () => HttpResponse.json({ standingOrders: [weekly] })),
    // NOTE: the address form offers the kept addresses (none here).
    http.get("/api/account/addresses", () => HttpResponse.json({ addresses: [] })),
    http.get("/api/standing-orders/s1", () => HttpResponse.json({ standingOrder: weekly })),
    http.patch("/api/standing-orders/s1", () => HttpResponse.json({ standingOrder: weekly })),
    http.post("/api/orders/o1/accept-price", () => HttpResponse.json({ standingOrder: weekly })),
    http.patch("/api/orders/o2", () => HttpResponse.json({ order: placedOrder })),
    http.post("/api/standing-orders/s1/skip", () =>
      HttpResponse.json({
        standingOrder: {
          ...weekly,
          next: [first, { ...second, status: "skipped", total: null, reason: "skipped" }],
        },
      }),
    ),
  );
  renderScreen(<StandingOrdersPage emailOptional={emailOptional} />);
  /** What the screen sent besides reading the list. */
  const sent = async () =>
    (await apiRequests())
      .filter((request) => !(request.method === "GET" && request.url.pathname === "/api/standing-orders"))
      .map(({ method, url, body }) => ({ method, path: url.pathname, body }));
  return { sent };
}

const placedOrder = {
  id: "o2",
  userId: "u1",
  items: [],
  total: 120,
  billTotal: 120,
  billFinal: false,
  shippingAddress: "12 Lake Road",
  shipping: weekly.shipping,
  paymentMethod: "upi",
  status: "scheduled",
  createdAt: "2026-03-20T04:00:00.000Z",
  fulfilments: [],
  payment: { mode: "on_delivery", status: null, state: "unpaid", paid: 0, refunded: 0, due: 0 },
  standingOrderId: "s1",
};

/** Opens the form that changes the address and reminder. */
async function changeAddress() {
  await userEvent.click(await screen.findByRole("button", { name: "Change the address or reminder" }));
  return screen.getByRole("form", { name: "Address and reminder" });
}

describe("/standing-orders", () => {
  it("lists each standing order's next deliveries, and skips one", async () => {
    const { sent } = open();
    expect(await screen.findByRole("heading", { name: "Every week" })).toBeTruthy();
    expect(screen.getByText("Tomatoes × 2")).toBeTruthy();
    expect(screen.getAllByText("about ₹80.00")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Skip the delivery of Sat, 28 Mar" }));
    await waitFor(() => expect(screen.getByText("Skipped")).toBeTruthy());
    expect(await sent()).toEqual([
      { method: "POST", path: "/api/standing-orders/s1/skip", body: { date: "2026-03-28" } },
    ]);
    expect(screen.getAllByRole("button", { name: /^Skip the delivery/ })).toHaveLength(1);
  });

  it("changes one delivery, or from now on; pauses; accepts a held price; changes the address and reminder", async () => {
    weekly.next[0] = { ...(weekly.next[0] as Occurrence), held: "price_rise" };
    const { sent } = open();
    await userEvent.click(await screen.findByRole("button", { name: "Change the delivery of Sat, 28 Mar" }));
    const form = screen.getByRole("form", { name: "New quantities for Sat, 28 Mar" });
    await userEvent.clear(within(form).getByLabelText("Tomatoes"));
    await userEvent.type(within(form).getByLabelText("Tomatoes"), "3");
    await userEvent.click(within(form).getByRole("button", { name: "Just this one" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /New quantities/ })).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Change the delivery of Sat, 28 Mar" }));
    await userEvent.click(screen.getByRole("button", { name: "From now on" }));
    await userEvent.click(screen.getByRole("button", { name: "Accept the new price of Sat, 21 Mar" }));
    const pause = screen.getByRole("form", { name: "Pause" });
    await userEvent.type(within(pause).getByLabelText("Away from"), "2026-03-27");
    await userEvent.type(within(pause).getByLabelText("until"), "2026-04-03");
    await userEvent.click(within(pause).getByRole("button", { name: "Pause" }));
    await userEvent.click(screen.getByRole("button", { name: "Change the address or reminder" }));
    const details = screen.getByRole("form", { name: "Address and reminder" });
    await userEvent.clear(within(details).getByLabelText("Address"));
    await userEvent.type(within(details).getByLabelText("Address"), "4 Hill Road");
    await userEvent.selectOptions(within(details).getByLabelText("Reminder"), "48 hours before");
    await userEvent.click(within(details).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Address and reminder" })).toBeNull());
    const changes = (await sent()).filter((each) => each.method !== "GET");
    expect(changes.map((each) => [each.method, each.path])).toEqual([
      ["PATCH", "/api/orders/o2"],
      ["PATCH", "/api/standing-orders/s1"],
      ["POST", "/api/orders/o1/accept-price"],
      ["PATCH", "/api/standing-orders/s1"],
      ["PATCH", "/api/standing-orders/s1"],
    ]);
    expect(changes[0]?.body).toEqual({ items: [{ productId: "tomato", quantity: 3 }] });
    expect(changes[1]?.body).toEqual({ items: [{ productId: "tomato", quantity: 2 }] });
    expect(changes[3]?.body).toEqual({ pausedFrom: "2026-03-27", pausedUntil: "2026-04-03" });
    expect(changes[4]?.body).toMatchObject({ shipping: { address: "4 Hill Road" }, reminderHours: 48 });
    weekly.next[0] = { ...(weekly.next[0] as Occurrence), held: undefined };
  });

  it("still asks an e-mail account for its e-mail when its address is changed (issue 37)", async () => {
    const { sent } = open();
    const details = await changeAddress();
    await userEvent.clear(within(details).getByLabelText("Email"));
    await userEvent.click(within(details).getByRole("button", { name: "Save" }));
    expect(within(details).getByLabelText("Email")).toHaveAccessibleDescription(
      "Please enter your email address",
    );
    expect((await sent()).filter((each) => each.method !== "GET")).toEqual([]);
  });

  it("saves the address of an account made by phone without an e-mail (issue 37)", async () => {
    const { sent } = open({ emailOptional: true });
    const details = await changeAddress();
    const email = within(details).getByLabelText("Email (optional)");
    expect(email).not.toBeRequired();
    await userEvent.clear(email);
    await userEvent.click(within(details).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Address and reminder" })).toBeNull());
    const [change] = (await sent()).filter((each) => each.method !== "GET");
    expect(change?.body).toMatchObject({ shipping: { email: "", address: "12 Lake Road" } });
  });

  it("says the server's message when the cut-off has passed", async () => {
    open();
    api.use(
      http.post("/api/standing-orders/s1/skip", () =>
        apiError(
          409,
          "cutoff_passed",
          "The cut-off for this delivery has passed: it can no longer be skipped or changed",
        ),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Skip the delivery of Sat, 21 Mar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The cut-off for this delivery has passed: it can no longer be skipped or changed",
    );
  });

  it("reads in Hindi", async () => {
    await inLanguage("hi");
    open();
    expect(await screen.findByRole("heading", { name: "नियमित ऑर्डर" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "हर हफ़्ते" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /की डिलीवरी छोड़ें$/ })).toHaveLength(2);
    expect(screen.getAllByText("लगभग ₹80.00")).toHaveLength(2);
    // NOTE: each delivery's window too (it read "8–10 am"; the languages journey found it).
    expect(document.body.textContent).not.toMatch(/\d (am|pm)\b/);
  });
});
