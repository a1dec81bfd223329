import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandingOrder } from "../../../shared/schemas/standing-orders.ts";
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

/** The screen on a server holding `weekly`, answering a skip with its second delivery skipped. */
function open() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === "GET" && path === "/api/standing-orders")
      return Response.json({ standingOrders: [weekly] });
    sent.push({ method, path, body });
    if (method === "POST" && path === "/api/standing-orders/s1/skip") {
      const [first, second] = weekly.next;
      return Response.json({
        standingOrder: {
          ...weekly,
          next: [first, { ...second, status: "skipped", total: null, reason: "skipped" }],
        },
      });
    }
    return Response.json({ error: { code: "not_here", message: "Not in this test" } }, { status: 418 });
  });
  renderScreen(<StandingOrdersPage />);
  return { sent };
}

afterEach(() => vi.restoreAllMocks());

describe("/standing-orders", () => {
  it("lists each standing order's next deliveries, and skips one", async () => {
    const { sent } = open();
    expect(await screen.findByRole("heading", { name: "Every week" })).toBeTruthy();
    expect(screen.getByText("Tomatoes × 2")).toBeTruthy();
    expect(screen.getAllByText("about ₹80.00")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Skip the delivery of Sat, 28 Mar" }));
    await waitFor(() => expect(screen.getByText("Skipped")).toBeTruthy());
    expect(sent).toEqual([
      { method: "POST", path: "/api/standing-orders/s1/skip", body: { date: "2026-03-28" } },
    ]);
    expect(screen.getAllByRole("button", { name: /^Skip the delivery/ })).toHaveLength(1);
  });

  it("reads in Hindi", async () => {
    await inLanguage("hi");
    open();
    expect(await screen.findByRole("heading", { name: "नियमित ऑर्डर" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "हर हफ़्ते" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /की डिलीवरी छोड़ें$/ })).toHaveLength(2);
    expect(screen.getAllByText("लगभग ₹80.00")).toHaveLength(2);
  });
});
