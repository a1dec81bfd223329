import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Order, OrderPart, PlacedLine } from "../../../shared/schemas/orders.ts";
import { i18n } from "../../lib/i18n.ts";
import { screenQueryClient } from "../../test/render.tsx";
import { orderQuery } from "./order.api.ts";
import { OrderDetailPage } from "./order-detail-page.tsx";

/** The buyer's order page for produce sold by weight and paid at the door (decision 020). */
const orderId = "0a1b2c3d-0000-4000-8000-000000000000";
const uri =
  "upi://pay?pa=asha@okaxis&pn=Asha's%20farm&am=101.00&cu=INR&tn=Veggie%20Cart%20order%20%230A1B2C3D%2C%20Asha's%20farm";

const tomatoes = (packedGrams: number | null): PlacedLine => ({
  productId: "p1",
  name: "Tomatoes",
  unitPrice: 40,
  unit: "kg",
  quantity: 2,
  lineTotal: 80,
  lineId: 1,
  weighed: true,
  packedGrams,
  estimate: 80,
  amount: packedGrams === null ? 80 : (packedGrams * 40) / 1000,
});
const coriander: PlacedLine = {
  productId: "p2",
  name: "Coriander",
  unitPrice: 15,
  unit: "bunch",
  quantity: 1,
  lineTotal: 15,
  lineId: 2,
  weighed: false,
  packedGrams: null,
  estimate: 15,
  amount: 15,
};

function orderWith(part: Partial<OrderPart>): Order {
  const items = part.items ?? [tomatoes(null), coriander];
  const full: OrderPart = {
    id: "part-1",
    farmerId: "asha",
    farmerName: "Asha's farm",
    farmerPhone: null,
    status: "confirmed",
    items,
    estimate: 95,
    total: 95,
    billFinal: false,
    history: [],
    payment: { state: "unpaid", paidAt: null, received: 0, records: [] },
    upi: null,
    ...part,
  };
  return {
    id: orderId,
    userId: "u1",
    items,
    total: 95,
    billTotal: full.total,
    billFinal: full.billFinal,
    shippingAddress: "12 Lake Road, Pune, Maharashtra 411001",
    shipping: {
      fullName: "Meera Iyer",
      email: "meera@example.com",
      phone: "+91 98200 12345",
      address: "12 Lake Road",
      city: "Pune",
      state: "MH",
      zipCode: "411001",
      country: "IN",
    },
    paymentMethod: "upi",
    status: "in_progress",
    createdAt: "2026-11-21T08:00:00.000Z",
    payment: { mode: "on_delivery", status: null, state: "unpaid", paid: 0, refunded: 0, due: 0 },
    fulfilments: [full],
  };
}

function openOrder(order: Order) {
  const client = screenQueryClient();
  client.setQueryData(orderQuery(order.id).queryKey, order);
  const router = createMemoryRouter([{ path: "/orders/:id", element: <OrderDetailPage /> }], {
    initialEntries: [`/orders/${order.id}`],
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("the buyer's bill", () => {
  it("says 'about' until every weighed line is weighed, with the weight ordered, and offers no payment yet", async () => {
    openOrder(orderWith({}));
    const items = await screen.findByRole("list", { name: "Items from Asha's farm" });
    expect(items).toHaveTextContent("Tomatoes × 2 (₹40.00 / kg)ordered 2 kg₹80.00");
    expect(screen.getByTestId("order-bill")).toHaveTextContent("about ₹95.00");
    expect(screen.queryByRole("region", { name: /^Pay .* by UPI$/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Pay in cash on delivery")).not.toBeInTheDocument();
  });

  it("once final, shows the packed weight and 'Pay ₹Y by UPI' with a QR code and a upi:// link", async () => {
    openOrder(orderWith({ items: [tomatoes(2150), coriander], total: 101, billFinal: true, upi: { uri } }));
    const items = await screen.findByRole("list", { name: "Items from Asha's farm" });
    expect(items).toHaveTextContent("ordered 2 kg · packed 2.15 kg₹86.00");
    expect(screen.getByTestId("order-bill")).toHaveTextContent("₹101.00");
    expect(screen.getByTestId("order-bill")).not.toHaveTextContent("about");
    const pay = screen.getByRole("region", { name: "Pay ₹101.00 by UPI" });
    expect(within(pay).getByRole("link", { name: "Open in a UPI app" })).toHaveAttribute("href", uri);
    const qr = await within(pay).findByRole("img", { name: "QR code: Pay ₹101.00 by UPI" });
    expect(qr).toHaveAttribute("width", "240");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("without a UPI ID says 'Pay in cash on delivery'; paid, it asks for nothing", async () => {
    openOrder(orderWith({ items: [tomatoes(2000), coriander], total: 95, billFinal: true }));
    expect(await screen.findByText("Pay in cash on delivery")).toBeInTheDocument();
  });
});

describe("a part picked up (issue 40, item 19)", () => {
  const atGate = {
    slot: {
      id: "s1",
      kind: "pickup" as const,
      date: "2026-11-29",
      start: "17:00",
      end: "19:00",
      pickupPoint: { id: "pp1", name: "Gate 2", address: "Baner Road" },
    },
  };

  it("is paid at pickup: 'Pay in cash at pickup' without a UPI ID, and the order says when it is paid", async () => {
    openOrder(orderWith({ ...atGate, items: [tomatoes(2000), coriander], total: 95, billFinal: true }));
    expect(await screen.findByText("Pay in cash at pickup")).toBeInTheDocument();
    expect(screen.queryByText(/on delivery/)).not.toBeInTheDocument();
    expect(
      screen.getByText("Nothing is charged online. You pay each farmer for their part when you pick it up."),
    ).toBeInTheDocument();
  });

  it("with a UPI ID offers cash at pickup beside the QR code", async () => {
    openOrder(
      orderWith({ ...atGate, items: [tomatoes(2000), coriander], total: 95, billFinal: true, upi: { uri } }),
    );
    expect(await screen.findByText("Or pay in cash at pickup.")).toBeInTheDocument();
    expect(screen.queryByText(/on delivery/)).not.toBeInTheDocument();
  });

  it("picked up whole, names who picks it up and ships it nowhere: no address, no shipping line", async () => {
    const order = orderWith({ ...atGate, items: [tomatoes(2000), coriander], total: 95, billFinal: true });
    openOrder(order);
    const who = await screen.findByRole("region", { name: "Picked up by" });
    expect(who).toHaveTextContent(order.shipping.fullName);
    expect(who).not.toHaveTextContent(order.shippingAddress);
    expect(screen.queryByRole("region", { name: "Shipping to" })).not.toBeInTheDocument();
    expect(screen.queryByText("Shipping")).not.toBeInTheDocument();
  });
});

describe("a delivery attempt", () => {
  it("tells the buyer 'We came at 9:40, nobody was home' (the shop's time) with the farmer's note", async () => {
    openOrder(
      orderWith({
        status: "out_for_delivery",
        attempts: [{ at: "2026-11-21T04:10:00.000Z", reason: "Gate locked" }],
      }),
    );
    expect(await screen.findByText(/^We came at/)).toHaveTextContent("We came at 9:40, nobody was home");
    expect(screen.getByText("Their note: Gate locked")).toBeInTheDocument();
  });
});
