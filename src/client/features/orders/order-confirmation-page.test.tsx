import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Order } from "../../../shared/schemas/orders.ts";
import { i18n } from "../../lib/i18n.ts";
import { api, apiError, http } from "../../test/api.ts";
import { screenQueryClient } from "../../test/render.tsx";
import { orderNumber } from "./format.ts";
import { orderQuery } from "./order.api.ts";
import { OrderConfirmationPage } from "./order-confirmation-page.tsx";

const orderId = "0a1b2c3d-0000-4000-8000-000000000000";

const order: Order = {
  id: orderId,
  userId: "u1",
  items: [
    { productId: "p1", name: "Okra", unitPrice: 40, unit: "kg", quantity: 2, lineTotal: 80 },
    { productId: "p2", name: "Paneer", unitPrice: 90, unit: "250 g", quantity: 1, lineTotal: 90 },
  ],
  total: 170,
  billTotal: 170,
  billFinal: false,
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
  status: "pending",
  createdAt: "2026-11-21T08:00:00.000Z",
  payment: { mode: "on_delivery", status: null, state: "unpaid", paid: 0, refunded: 0, due: 0 },
  fulfilments: [],
} as unknown as Order;

/** The confirmation as the checkout opens it (with the order in the history entry's state) or directly. */
function openConfirmation(state: unknown, known: Order[] = []) {
  const client = screenQueryClient();
  for (const each of known) client.setQueryData(orderQuery(each.id).queryKey, each);
  const router = createMemoryRouter(
    [
      { path: "/order-confirmation", element: <OrderConfirmationPage /> },
      { path: "/orders", element: <h1>My orders</h1> },
    ],
    { initialEntries: [{ pathname: "/order-confirmation", state }] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

describe("order confirmation", () => {
  it("shows the order it confirms: number, each item with quantity and price per unit, and the total", async () => {
    openConfirmation({ orderId, total: 170, paymentMethod: "upi" }, [order]);
    expect(await screen.findByRole("heading", { name: "Order Confirmed" })).toBeInTheDocument();
    expect(screen.getByText(orderNumber(orderId))).toBeInTheDocument();
    const items = screen.getByRole("list", { name: "Items ordered" });
    expect(items).toHaveTextContent("Okra × 2 (₹40.00 / kg)₹80.00");
    expect(items).toHaveTextContent("Paneer × 1 (₹90.00 / 250 g)₹90.00");
    expect(screen.getAllByText("about ₹170.00").length).toBeGreaterThan(0);
  });

  it("says the total is an estimate while a line sold by weight is not weighed yet, as the order page does", async () => {
    openConfirmation({ orderId, total: 170, paymentMethod: "upi" }, [order]);
    expect(await screen.findByRole("heading", { name: "Order Confirmed" })).toBeInTheDocument();
    expect(screen.getByText(/· Total/)).toHaveTextContent("· Total about ₹170.00");
    expect(screen.getByText("Total").parentElement).toHaveTextContent("Totalabout ₹170.00");
  });

  it("says the total plainly once the bill is final (nothing sold by weight)", async () => {
    const counted = {
      ...order,
      items: [
        { productId: "p3", name: "Coriander", unitPrice: 15, unit: "bunch", quantity: 2, lineTotal: 30 },
      ],
      total: 30,
      billTotal: 30,
      billFinal: true,
    } as Order;
    openConfirmation({ orderId, total: 30, paymentMethod: "upi" }, [counted]);
    expect(await screen.findByRole("heading", { name: "Order Confirmed" })).toBeInTheDocument();
    expect(screen.getByText(/· Total/)).toHaveTextContent("· Total ₹30.00");
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });

  it("says a pickup is paid at pickup, not when it is delivered (issue 40, item 19)", async () => {
    const slot = {
      id: "s1",
      kind: "pickup",
      date: "2026-11-29",
      start: "17:00",
      end: "19:00",
      pickupPoint: { id: "pp1", name: "Gate 2", address: "Baner Road" },
    };
    const pickedUp = {
      ...order,
      fulfilments: [{ id: "part-1", farmerName: "Asha", slot }],
    } as unknown as Order;
    openConfirmation({ orderId, total: 170, paymentMethod: "upi" }, [pickedUp]);
    const howYouPay = (await screen.findByRole("heading", { name: "How you pay" })).parentElement!;
    expect(howYouPay).toHaveTextContent(
      "Nothing is charged online. You pay each farmer for their part when you pick it up.",
    );
    expect(howYouPay).toHaveTextContent("Pay the farmer by UPI when you get your order: scan their QR code.");
    expect(howYouPay).not.toHaveTextContent(/on delivery|when it is delivered|at the door/);
  });

  it("opened with no order behind it, goes to /orders instead of confirming nothing", async () => {
    const router = openConfirmation(null);
    expect(await screen.findByRole("heading", { name: "My orders" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
    expect(screen.queryByText("Order Confirmed")).not.toBeInTheDocument();
  });

  it("goes to /orders for an order the server does not know", async () => {
    api.use(http.get("/api/orders/:id", () => apiError(404, "not_found", "This order does not exist")));
    const router = openConfirmation({ orderId: "no-such-order" });
    expect(await screen.findByRole("heading", { name: "My orders" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
  });
});
