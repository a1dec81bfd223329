import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RequestHandler } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { FarmerPart, FarmerSummary } from "../../shared/schemas/farmer.ts";
import type { FarmerReckoning } from "../../shared/schemas/payments.ts";
import { partMoveAnswers } from "../test/answers.ts";
import { api, apiError, apiRequests, HttpResponse, http, serveJson } from "../test/api.ts";
import { aFarmerPart } from "../test/farmer.fixture.ts";
import { aProduct } from "../test/products.fixture.ts";
import { renderAt } from "../test/render.tsx";

const ravi = { id: "farmer-1", email: "ravi@example.com", name: "Ravi" };

const summary: FarmerSummary = {
  today: { orders: 1, revenue: 80 },
  week: { orders: 4, revenue: 1234.5 },
  all: { orders: 9, revenue: 5000 },
};

const reckoning: FarmerReckoning = {
  week: "2026-11-16",
  delivered: 101,
  cash: 40,
  upi: 0,
  owed: 61,
  collectedOnline: 0,
  refunded: 0,
  commission: 0,
  payable: 0,
  paidOut: 0,
  balance: 0,
  buyers: [
    {
      buyerId: "b1",
      buyerName: "Meera Iyer",
      delivered: 101,
      cash: 40,
      upi: 0,
      owed: 61,
      collectedOnline: 0,
      refunded: 0,
      commission: 0,
      payable: 0,
      parts: [
        {
          partId: "f1",
          orderId: "0a1b2c3d-0000-4000-8000-000000000000",
          deliveredAt: "2026-11-21T10:00:00.000Z",
          state: "part_paid",
          delivered: 101,
          cash: 40,
          upi: 0,
          owed: 61,
          collectedOnline: 0,
          refunded: 0,
          commission: 0,
          payable: 0,
        },
      ],
    },
  ],
};

/** A line of 2 kg of tomatoes, sold by weight, packed at `packedGrams` (null: not weighed yet). */
const tomatoes = (packedGrams: number | null) => ({
  productId: "p2",
  name: "Tomatoes",
  unitPrice: 40,
  unit: "kg" as const,
  quantity: 2,
  lineTotal: 80,
  lineId: 1,
  weighed: true,
  packedGrams,
  estimate: 80,
  amount: packedGrams === null ? 80 : (packedGrams * 40) / 1000,
});

/**
 * The workspace on a server that answers the farmer's reads with these; `answers` come first, for what a test
 * is about.
 */
async function openWorkspace(
  fulfilments: FarmerPart[],
  products = [aProduct({ userId: ravi.id })],
  { path = "/farmer", answers = [] }: { path?: string; answers?: RequestHandler[] } = {},
) {
  serveJson({
    "/api/farmer/summary": summary,
    "/api/farmer/pending-count": { pending: fulfilments.filter((f) => f.status === "pending").length },
    "/api/farmer/orders": { fulfilments, nextCursor: null },
    "/api/farmer/products": { items: products },
    "/api/farmer/profile": { upiId: null, phone: null },
    "/api/farmer/payments": reckoning,
    "/api/farmer/standing-orders": { standingOrders: [] },
    "/api/farmer/demand": { slots: [] },
    // NOTE: a farmer who has set up no delivery or pickup yet.
    "/api/farmer/slot-patterns": { items: [] },
    "/api/farmer/pickup-points": { items: [] },
    "/api/farmer/delivery-area": { pinPrefixes: [] },
    "/api/farmer/slots": { items: [] },
  });
  api.use(...answers);
  const view = renderAt(path, ravi);
  // NOTE: the screen's code loads on first visit (a lazy route), which can take a while in a cold test run.
  await screen.findByRole("heading", { name: "Farmer Portal", level: 1 });
  return view;
}

/** The requests the workspace sent to `path` (its query aside) with `method`. */
const sentTo = async (path: string, method = "GET") =>
  (await apiRequests()).filter((request) => request.url.pathname === path && request.method === method);

// NOTE: the workspace's code (a lazy screen, with the layout's) is transformed and loaded before the tests, in
// the hook's own time: the first test's deadline is for what the screen does, not for compiling it.
beforeAll(() => Promise.all([import("./farmer-page.tsx"), import("./layout.tsx")]), 60_000);

describe("farmer workspace", () => {
  it("says whether the buyer was reached by WhatsApp or SMS about a part, and says nothing when not by phone", async () => {
    await openWorkspace([
      aFarmerPart({ buyerReached: { channel: "whatsapp", status: "delivered" } }),
      aFarmerPart({ id: "f2", orderId: "1a1b2c3d-0000-4000-8000-000000000000", buyerReached: null }),
    ]);
    const [reached, notByPhone] = within(
      await screen.findByRole("list", { name: "Incoming orders" }),
    ).getAllByRole("article");
    expect(reached).toHaveTextContent("Buyer told by WhatsApp: delivered");
    expect(notByPhone).not.toHaveTextContent("Buyer told by");
  });

  it("shows the summary and a pending order with the buyer's details, my lines and only the allowed moves", async () => {
    await openWorkspace([aFarmerPart()]);
    const totals = screen.getByRole("region", { name: "Summary" });
    expect(await within(totals).findByText("₹1,234.50")).toBeInTheDocument();
    expect(totals).toHaveTextContent("9 orders");

    const order = within(await screen.findByRole("list", { name: "Incoming orders" })).getByRole("article");
    expect(order).toHaveTextContent("Meera Iyer");
    // NOTE: the checkout's e-mail, where the shop's mails about the order go, not the account's (issue 25).
    expect(within(order).getByRole("link", { name: "meera.home@example.com" })).toHaveAttribute(
      "href",
      "mailto:meera.home@example.com",
    );
    expect(order).not.toHaveTextContent("meera@example.com");
    expect(within(order).getByRole("link", { name: "+91 98200 12345" })).toHaveAttribute(
      "href",
      "tel:+919820012345",
    );
    expect(order).toHaveTextContent("12 Lake Road, Pune, Maharashtra 411001");
    // NOTE: in the shop's time zone and labelled, as the summary's "Today" is, wherever the browser is.
    expect(order).toHaveTextContent("Placed on 21 Nov 2026, 1:30 pm IST");
    expect(order).toHaveTextContent("Okra × 2 (₹40.00 / bunch)");
    expect(order).toHaveTextContent("Not paid yet");
    const buttons = within(order)
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(buttons).toEqual([
      // NOTE: the payment form's button (its text is its name) comes first: the card's payments sit above its moves.
      null,
      "Confirm: order #0A1B2C3D",
      "Mark paid: order #0A1B2C3D",
      "Cancel order #0A1B2C3D",
    ]);
  });

  it("offers no moves on a delivered, paid order", async () => {
    openWorkspace([
      aFarmerPart({
        status: "delivered",
        payment: { state: "paid", paidAt: "2026-11-21T10:00:00Z", received: 80, records: [] },
      }),
    ]);
    const order = within(await screen.findByRole("list", { name: "Incoming orders" })).getByRole("article");
    expect(within(order).queryAllByRole("button")).toEqual([]);
    expect(order).toHaveTextContent("Delivered");
    expect(order).toHaveTextContent("Paid");
  });

  it("says a part was paid online and what is still due at the door, so nobody collects twice", async () => {
    const paidOnline = aFarmerPart({
      id: "f-online",
      orderId: "1b2c3d4e-0000-4000-8000-000000000000",
      status: "out_for_delivery",
      // NOTE: weighed heavier than the ₹80 paid: the rest, ₹8, is collected at the door.
      items: [tomatoes(2200)],
      total: 88,
      payment: {
        state: "part_paid",
        paidAt: null,
        received: 80,
        records: [
          {
            kind: "gateway",
            id: "g1",
            amount: 80,
            method: "card",
            at: "2026-11-21T08:01:00.000Z",
            gatewayPaymentId: "pay_1",
          },
        ],
      },
    });
    await openWorkspace([paidOnline, aFarmerPart()]);
    const [online, atDoor] = within(
      await screen.findByRole("list", { name: "Incoming orders" }),
    ).getAllByRole("article");
    expect(within(online!).getByTestId("door-money")).toHaveTextContent(
      "Paid online: ₹80.00Collect ₹8.00 at the door",
    );
    expect(within(atDoor!).getByTestId("door-money")).toHaveTextContent(
      "Pays by UPI on deliveryDue at the door: ₹80.00",
    );
  });

  it("needs a reason before a cancel is sent", async () => {
    await openWorkspace([aFarmerPart()]);
    await userEvent.click(await screen.findByRole("button", { name: /^Cancel order/ }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel order #0A1B2C3D?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    expect(within(dialog).getByLabelText("Reason")).toHaveAccessibleDescription(
      "Please give a reason for cancelling",
    );
    expect((await apiRequests()).some((request) => request.path.includes("/status"))).toBe(false);
  });

  it("lists my products with their stock, and checks an edit before sending it", async () => {
    await openWorkspace(
      [],
      [
        aProduct({ name: "Okra", userId: ravi.id, stock: 0, unit: "kg" }),
        aProduct({ name: "Ghee", userId: ravi.id, stock: null, unit: "litre", price: 650 }),
      ],
    );
    expect(await screen.findByText("No orders for your products yet.")).toBeInTheDocument();
    const products = await screen.findByRole("list", { name: "My products" });
    expect(within(products).getByRole("status", { name: "Stock of Okra" })).toHaveTextContent("0");
    expect(within(products).getByText("Sold out")).toBeInTheDocument();
    expect(within(products).getByRole("button", { name: "One less Okra in stock" })).toBeDisabled();
    expect(within(products).getByRole("status", { name: "Stock of Ghee" })).toHaveTextContent("Not counted");
    expect(products).toHaveTextContent("₹650.00 / litre");

    await userEvent.click(within(products).getByRole("button", { name: "Edit Okra" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Okra" });
    expect(within(dialog).getByLabelText("Product name")).toHaveFocus();
    expect(within(dialog).getByLabelText("Unit")).toHaveValue("kg");
    await userEvent.clear(within(dialog).getByLabelText("Stock"));
    await userEvent.type(within(dialog).getByLabelText("Stock"), "2.5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText(/Stock must be a whole number/)).toBeInTheDocument();
    expect((await apiRequests()).some((request) => request.method === "PATCH")).toBe(false);
  });

  it("shows the standing customers and the demand ahead, scheduled marked not final", async () => {
    await openWorkspace([], undefined, {
      answers: [
        http.get("/api/farmer/slot-patterns", () =>
          HttpResponse.json({
            items: [
              {
                id: "pa",
                kind: "delivery",
                pickupPointId: null,
                weekday: 6,
                start: "08:00",
                end: "10:00",
                capacity: 5,
                cutoffHours: 12,
              },
            ],
          }),
        ),
        http.get("/api/farmer/standing-orders", () =>
          HttpResponse.json({
            standingOrders: [
              {
                id: "s1",
                customerName: "Meera Iyer",
                items: [{ productId: "p1", name: "Okra", quantity: 2 }],
                everyWeeks: 2,
                slotPatternIds: ["pa"],
                status: "active",
                coming: 1,
              },
            ],
          }),
        ),
        http.get("/api/farmer/demand", () =>
          HttpResponse.json({
            slots: [
              {
                slot: { id: "d1", kind: "delivery", date: "2026-03-21", start: "08:00", end: "10:00" },
                products: [{ productId: "p1", name: "Okra", unit: "kg", scheduled: 4, pending: 2 }],
              },
            ],
          }),
        ),
      ],
    });
    const customers = await screen.findByRole("list", { name: "Standing customers" });
    expect(customers).toHaveTextContent("Meera Iyer");
    expect(customers).toHaveTextContent("Okra × 2");
    expect(customers).toHaveTextContent("Every 2 weeks · Saturday 8–10 am");
    expect(customers).toHaveTextContent("1 delivery coming");
    const table = await screen.findByRole("table", { name: "Delivery, Sat, 21 Mar 8–10 am" });
    expect(within(table).getByRole("columnheader", { name: "Scheduled (not final)" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: "Okra 2 kg 4 kg" })).toBeInTheDocument();
  });

  it("marks a product one-off only (not in standing orders) from its edit form", async () => {
    await openWorkspace([], [aProduct({ id: "p9", name: "Honey", userId: ravi.id })], {
      answers: [
        http.patch("/api/products/p9", () =>
          HttpResponse.json({
            product: aProduct({ id: "p9", name: "Honey", userId: ravi.id, oneOffOnly: true }),
          }),
        ),
      ],
    });
    const products = await screen.findByRole("list", { name: "My products" });
    await userEvent.click(within(products).getByRole("button", { name: "Edit Honey" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Honey" });
    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: "One-off only (not in standing orders)" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await vi.waitFor(async () => expect(await sentTo("/api/products/p9", "PATCH")).toHaveLength(1));
    const [patch] = await sentTo("/api/products/p9", "PATCH");
    expect(patch?.body).toEqual({ oneOffOnly: true });
  });

  it("tells the farmer a product the shop hid, with the operator's reason", async () => {
    await openWorkspace(
      [],
      [
        aProduct({
          name: "Saffron",
          userId: ravi.id,
          hidden: true,
          hiddenReason: "Saffron cannot be sold as a vegetable",
          farmerSuspended: false,
        }),
        aProduct({ name: "Okra", userId: ravi.id, hidden: false, hiddenReason: null }),
      ],
    );
    const products = await screen.findByRole("list", { name: "My products" });
    const [saffron, okra] = within(products).getAllByRole("listitem");
    expect(saffron).toHaveTextContent("Hidden by the shop: Saffron cannot be sold as a vegetable");
    expect(okra).not.toHaveTextContent("Hidden");
  });

  it("sends −1 / +1 as a change to the stock the server holds, and shows a refusal's message", async () => {
    const okra = aProduct({ name: "Okra", userId: ravi.id, stock: 4, unit: "kg" });
    const refusal = "Only 2 left in stock: it cannot go below 0";
    let held = okra;
    await openWorkspace([], [okra], {
      answers: [
        http.get("/api/farmer/products", () => HttpResponse.json({ items: [held] })),
        http.patch(`/api/products/${okra.id}`, async ({ request }) => {
          const change = ((await request.json()) as { stockChange?: number }).stockChange;
          // NOTE: a sale has left 2 on the server while the screen still shows 4.
          if (change === 1) {
            held = { ...okra, stock: 3 };
            return HttpResponse.json({ product: held });
          }
          return apiError(409, "stock_out_of_range", refusal, { stockChange: refusal });
        }),
      ],
    });
    const sent = async () =>
      (await sentTo(`/api/products/${okra.id}`, "PATCH")).map((request) => request.body);
    const products = await screen.findByRole("list", { name: "My products" });
    await userEvent.click(within(products).getByRole("button", { name: "One more Okra in stock" }));
    const stock = within(products).getByRole("status", { name: "Stock of Okra" });
    await vi.waitFor(() => expect(stock).toHaveTextContent("3"));
    expect(await sent()).toEqual([{ stockChange: 1 }]);
    await userEvent.click(within(products).getByRole("button", { name: "One less Okra in stock" }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await sent()).toEqual([{ stockChange: 1 }, { stockChange: -1 }]);
  });

  it("filters by status from the address (?status=) and keeps the choice in it", async () => {
    const { router } = await openWorkspace([], undefined, { path: "/farmer?status=confirmed" });
    /** The status each read of the orders asked for. */
    const asked = async () =>
      (await sentTo("/api/farmer/orders")).map((request) => request.url.searchParams.get("status"));
    expect(await screen.findByText("No confirmed orders.")).toBeInTheDocument();
    const show = screen.getByLabelText("Show");
    expect(show).toHaveValue("confirmed");
    expect(await asked()).toEqual(["confirmed"]);

    await userEvent.selectOptions(show, "pending");
    expect(await screen.findByText("No pending orders.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=pending");
    expect((await asked()).at(-1)).toBe("pending");

    await userEvent.selectOptions(show, "");
    expect(await screen.findByText("No orders for your products yet.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect((await asked()).at(-1)).toBeNull();
  });

  it("shows older orders a page at a time, then no more button", async () => {
    const newer = aFarmerPart({ id: "f2", orderId: "0b000000-0000-4000-8000-000000000000" });
    const older = aFarmerPart({ id: "f1", orderId: "0a000000-0000-4000-8000-000000000000" });
    await openWorkspace([newer, older], undefined, {
      answers: [
        http.get("/api/farmer/orders", ({ request }) =>
          HttpResponse.json(
            new URL(request.url).searchParams.get("cursor") === "page-2"
              ? { fulfilments: [older], nextCursor: null }
              : { fulfilments: [newer], nextCursor: "page-2" },
          ),
        ),
      ],
    });
    const list = await screen.findByRole("list", { name: "Incoming orders" });
    expect(within(list).getAllByRole("article")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Show older orders" }));
    await vi.waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(2));
    expect(within(list).getAllByRole("article")[1]).toHaveTextContent("#0A000000");
    const cursors = (await sentTo("/api/farmer/orders")).map((request) =>
      request.url.searchParams.get("cursor"),
    );
    expect(cursors).toEqual([null, "page-2"]);
    expect(screen.queryByRole("button", { name: "Show older orders" })).not.toBeInTheDocument();
  });

  it("says why a move was refused (409: someone moved it meanwhile) and reloads the list", async () => {
    const message = "This order is already cancelled, so it cannot be confirmed";
    await openWorkspace([aFarmerPart()], undefined, {
      answers: [
        http.post("/api/farmer/orders/f1/status", () => apiError(409, "invalid_transition", message)),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Confirm:/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await vi.waitFor(async () => expect((await sentTo("/api/farmer/orders")).length).toBeGreaterThan(1));
  });

  it("weighs a line sold by weight, saying which lines are not weighed yet before the part goes out", async () => {
    const waiting = aFarmerPart({ status: "confirmed", items: [tomatoes(null)], billFinal: false });
    await openWorkspace([waiting], undefined, {
      answers: [
        http.post("/api/farmer/orders/:partId/weights", () =>
          HttpResponse.json({
            fulfilment: { ...waiting, items: [tomatoes(2150)], total: 86, billFinal: true },
          }),
        ),
      ],
    });
    const order = within(await screen.findByRole("list", { name: "Incoming orders" })).getByRole("article");
    expect(within(order).getByTestId("unweighed-lines")).toHaveTextContent("Not weighed yet: Tomatoes");
    expect(order).toHaveTextContent("about ₹80.00");
    expect(within(order).queryByRole("button", { name: /^Mark paid/ })).not.toBeInTheDocument();
    await userEvent.type(within(order).getByLabelText("Tomatoes, grams (ordered 2 kg)"), "2150");
    await userEvent.click(within(order).getByRole("button", { name: "Save weights" }));
    expect(await screen.findByText("Weights saved for order #0A1B2C3D.")).toBeInTheDocument();
    const weighed = await sentTo(`/api/farmer/orders/${waiting.id}/weights`, "POST");
    expect(weighed.map((request) => request.body)).toEqual([{ lines: [{ lineId: 1, packedGrams: 2150 }] }]);
  });

  it("records a payment at the door, and shows the week's reckoning buyer by buyer with its CSV", async () => {
    await openWorkspace([aFarmerPart({ status: "delivered" })], undefined, {
      answers: partMoveAnswers(aFarmerPart({ status: "delivered" })),
    });
    const order = within(await screen.findByRole("list", { name: "Incoming orders" })).getByRole("article");
    const form = within(order).getByRole("form", { name: "Record a payment for order #0A1B2C3D" });
    await userEvent.type(within(form).getByLabelText("Amount (₹)"), "40");
    await userEvent.click(within(form).getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("₹40.00 recorded for order #0A1B2C3D.")).toBeInTheDocument();
    const recorded = await sentTo("/api/farmer/orders/f1/payments", "POST");
    expect(recorded.map((request) => request.body)).toEqual([{ method: "cash", amount: 40 }]);

    const payments = screen.getByRole("region", { name: "Payments" });
    expect(await within(payments).findByRole("row", { name: /Meera Iyer/ })).toHaveTextContent(
      "#0A1B2C3D (Part paid)₹101.00₹40.00₹0.00₹61.00",
    );
    expect(within(payments).getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/farmer/payments.csv?week=2026-11-16",
    );
    expect(within(payments).getByLabelText("My UPI ID")).toHaveValue("");
  });
});
