import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import type { Order } from "../../../shared/schemas/orders.ts";
import { quoteOfCart } from "../../test/answers.ts";
import { api, apiError, apiRequestsTo, HttpResponse, http, shellAnswers } from "../../test/api.ts";
import { inLanguage, loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/checkout"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao" };
const cart: CartItem[] = [
  {
    id: "p-tomato",
    name: "Tomatoes",
    price: 40.5,
    image: "",
    description: "",
    category: "vegetables",
    userId: "f1",
    quantity: 3,
  },
  {
    id: "deal-of-the-day",
    name: "Cabbage",
    price: 5,
    image: "",
    description: "",
    category: "Vegetables",
    userId: "system",
    quantity: 1,
    startTime: "2026-11-21T00:00:00.000Z",
  },
];

/**
 * What checkout asks when a test says nothing else: the session, no kept addresses, no farmer with slots and
 * the cart's quote. A test's own answers come first (`api.use`).
 */
beforeEach(() =>
  api.use(
    ...shellAnswers,
    http.get("/api/auth/me", () => HttpResponse.json({ user: asha, shopTimeZone: "Asia/Kolkata" })),
    http.get("/api/account/addresses", () => HttpResponse.json({ addresses: [] })),
    http.get("/api/slots", () => HttpResponse.json({ farmers: [] })),
    quoteOfCart,
  ),
);

function openCheckout() {
  window.localStorage.setItem("cart", JSON.stringify(cart));
  renderAt("/checkout", asha);
}

const ordersPlaced = async () =>
  (await apiRequestsTo("/api/orders", "POST")).filter((r) => r.path === "/api/orders");

const placeOrder = () => userEvent.click(screen.getByRole("button", { name: "Place Order" }));

/** The order the server makes of what checkout sent: one tomato line, paid on delivery. */
const placedOrder = (shipping: Order["shipping"]): Order => ({
  id: "0a1b2c3d-0000-4000-8000-000000000000",
  userId: "u2",
  items: [],
  total: 121.5,
  billTotal: 121.5,
  billFinal: false,
  shippingAddress: "12 Lake Road, Pune, Maharashtra 411001",
  shipping,
  paymentMethod: "credit-card",
  status: "pending",
  createdAt: "2026-11-21T08:00:00.000Z",
  fulfilments: [],
  payment: { mode: "on_delivery", status: null, state: "unpaid", paid: 0, refunded: 0, due: 121.5 },
  standingOrderId: null,
});

describe("checkout page", () => {
  it("says the cart is empty when it is", async () => {
    renderAt("/checkout", asha);
    expect(await screen.findByText("Your cart is empty!")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place Order" })).not.toBeInTheDocument();
  });

  it("summarises the order with two decimals, free shipping and the total", async () => {
    openCheckout();
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(summary).toHaveTextContent("Tomatoes");
    expect(summary).toHaveTextContent("₹40.50 × 3");
    expect(summary).toHaveTextContent("₹121.50");
    expect(within(summary).getByText("Subtotal").nextSibling).toHaveTextContent("₹126.50");
    expect(within(summary).getByText("Shipping").nextSibling).toHaveTextContent("Free");
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("₹126.50");
  });

  it("says that a line sold by weight is an estimate, and says nothing of the kind without one", async () => {
    openCheckout();
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(within(summary).queryByTestId("weighed-estimate-note")).not.toBeInTheDocument();
    window.localStorage.setItem("cart", JSON.stringify([{ ...cart[0], unit: "kg" }]));
    window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    expect(await within(summary).findByTestId("weighed-estimate-note")).toHaveTextContent(
      "Sold by weight: the amount is an estimate. The bill follows the weight packed: it may be up to 10 % more, or any amount less.",
    );
  });

  it("fills name and e-mail from the account and defaults the payment method to credit card", async () => {
    openCheckout();
    expect(await screen.findByLabelText("Full name")).toHaveValue("Asha Rao");
    expect(screen.getByLabelText("Email")).toHaveValue("asha@example.com");
    expect(screen.getByRole("radio", { name: "Credit Card" })).toBeChecked();
    for (const name of ["Debit Card", "UPI", "Net Banking"]) {
      expect(screen.getByRole("radio", { name })).not.toBeChecked();
    }
  });

  it("shows a message beside every missing field and sends nothing", async () => {
    openCheckout();
    await userEvent.clear(await screen.findByLabelText("Full name"));
    await userEvent.clear(screen.getByLabelText("Email"));
    await placeOrder();
    const expected = {
      "Full name": "Please enter your full name",
      Email: "Please enter your email address",
      "Phone number": "The farmer calls you on it about your order. Please enter your phone number",
      Address: "Please enter your address",
      City: "Please enter your city",
      State: "Please enter your state",
      "ZIP code": "Please enter your ZIP code",
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(message);
    }
    await waitFor(() => expect(screen.getByLabelText("Full name")).toHaveFocus());
    expect(await ordersPlaced()).toEqual([]);
  });

  it("asks an account made by phone for no e-mail, and places its order without one (issue 37)", async () => {
    const ravi = { id: "u2", email: null, phone: "+919876543210", name: "Ravi Patil" };
    api.use(
      http.get("/api/auth/me", () => HttpResponse.json({ user: ravi, shopTimeZone: "Asia/Kolkata" })),
      http.post("/api/orders", async ({ request }) => {
        const body = (await request.json()) as { shipping: Order["shipping"] };
        return HttpResponse.json({ order: placedOrder(body.shipping) }, { status: 201 });
      }),
    );
    window.localStorage.setItem("cart", JSON.stringify([cart[0]]));
    renderAt("/checkout", ravi);
    expect(await screen.findByLabelText("Full name")).toHaveValue("Ravi Patil");
    const email = screen.getByLabelText("Email (optional)");
    expect(email).toHaveValue("");
    expect(email).not.toBeRequired();
    await userEvent.type(screen.getByLabelText("Phone number"), "98765 43210");
    await userEvent.type(screen.getByLabelText("Address"), "12 Lake Road");
    await userEvent.type(screen.getByLabelText("City"), "Pune");
    await userEvent.selectOptions(screen.getByLabelText("State"), "Maharashtra");
    await userEvent.type(screen.getByLabelText("ZIP code"), "411001");
    await placeOrder();
    expect(await screen.findByText("Order placed successfully!")).toBeInTheDocument();
    const sent = (await ordersPlaced()).map((request) => request.body as { shipping: Order["shipping"] });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.shipping).toMatchObject({
      fullName: "Ravi Patil",
      email: "",
      city: "Pune",
    });
  });

  it("checks the e-mail format and clears each message once the field is fixed", async () => {
    openCheckout();
    const email = await screen.findByLabelText("Email");
    await userEvent.clear(email);
    await userEvent.type(email, "asha-at-example");
    await userEvent.type(screen.getByLabelText("Address"), "12 Lake Road");
    await userEvent.type(screen.getByLabelText("City"), "Pune");
    await userEvent.selectOptions(screen.getByLabelText("State"), "Maharashtra");
    await placeOrder();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(screen.getByLabelText("ZIP code")).toHaveAccessibleDescription("Please enter your ZIP code");
    expect(screen.getByLabelText("City")).not.toHaveAttribute("aria-invalid");

    await userEvent.clear(email);
    await userEvent.type(email, "asha@example.com");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
    await userEvent.type(screen.getByLabelText("ZIP code"), "4");
    expect(screen.getByLabelText("ZIP code")).toHaveAccessibleDescription(
      "Please enter a 6-digit PIN code, such as 411001",
    );
    await userEvent.type(screen.getByLabelText("ZIP code"), "11001");
    expect(screen.getByLabelText("ZIP code")).not.toHaveAttribute("aria-invalid");
    expect(await ordersPlaced()).toEqual([]);
  });

  it("offers the state as a list, sorted and named in the screen's language, and the PIN on the number keypad", async () => {
    openCheckout();
    const state = await screen.findByRole("combobox", { name: "State" });
    const names = within(state)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(names).toHaveLength(37);
    expect(names[0]).toBe("Choose your state");
    expect(names.slice(1, 4)).toEqual(["Andaman and Nicobar Islands", "Andhra Pradesh", "Arunachal Pradesh"]);
    await userEvent.selectOptions(state, "Maharashtra");
    expect(state).toHaveValue("MH");
    const pin = screen.getByLabelText("ZIP code");
    expect(pin).toHaveAttribute("inputmode", "numeric");
    expect(pin).toHaveAttribute("maxlength", "6");
    expect(pin).toHaveAttribute("autocomplete", "postal-code");
    // NOTE: with India alone (SHOP_COUNTRIES' default) the country is not asked.
    expect(screen.queryByLabelText("Country")).not.toBeInTheDocument();
  });

  it("fills the address used last, its state chosen in the list by its code, and names it in the Deliver to list", async () => {
    window.localStorage.setItem("cart", JSON.stringify(cart));
    const kept = (id: string, address: string, state: string) => ({
      id,
      fullName: "Asha Rao",
      phone: "+91 98765 43210",
      address,
      city: "Pune",
      state,
      zipCode: "411001",
      country: "IN",
      usedAt: "2026-11-20T10:00:00.000Z",
    });
    api.use(
      http.get("/api/account/addresses", () =>
        HttpResponse.json({ addresses: [kept("a1", "12 Lake Road", "MH"), kept("a2", "7 Hill Road", "KA")] }),
      ),
    );
    renderAt("/checkout", asha);
    await waitFor(() => expect(screen.getByLabelText("Address")).toHaveValue("12 Lake Road"));
    const state = screen.getByRole("combobox", { name: "State" });
    expect(state).toHaveValue("MH");
    expect(within(state).getByRole("option", { name: "Maharashtra" })).toHaveProperty("selected", true);
    expect(
      within(screen.getByLabelText("Deliver to"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Asha Rao, 12 Lake Road, Pune, Maharashtra 411001",
      "Asha Rao, 7 Hill Road, Pune, Karnataka 411001",
    ]);
  });

  it("names the states in Marathi, in Marathi's order, on a Marathi screen", async () => {
    await inLanguage("mr");
    openCheckout();
    const state = await screen.findByRole("combobox", { name: "राज्य" });
    const names = within(state)
      .getAllByRole("option")
      .slice(1)
      .map((option) => option.textContent ?? "");
    expect(names).toContain("महाराष्ट्र");
    expect(names).not.toContain("Maharashtra");
    expect(names).toEqual([...names].sort(new Intl.Collator("mr-IN").compare));
    await userEvent.selectOptions(state, "केरळ");
    expect(state).toHaveValue("KL");
  });

  it("says honestly how each payment method is paid", async () => {
    openCheckout();
    expect(await screen.findByText(/Nothing is charged online/)).toBeInTheDocument();
    expect(screen.getByText(/Pay the farmer by credit card when you get your order/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "UPI" }));
    expect(screen.getByText(/Pay the farmer by UPI when you get your order/)).toBeInTheDocument();
  });

  it("says a pickup is paid at pickup, not on delivery (issue 40, item 19)", async () => {
    window.localStorage.setItem("cart", JSON.stringify([cart[0]]));
    const pickup = {
      id: "s-pickup",
      kind: "pickup",
      date: "2026-11-29",
      start: "17:00",
      end: "19:00",
      pickupPoint: { id: "pp1", name: "Gate 2", address: "Baner Road" },
      available: true,
      left: 5,
    };
    api.use(
      http.get("/api/slots", () =>
        HttpResponse.json({
          farmers: [{ farmerId: "f1", farmerName: "Asha", usesSlots: true, slots: [pickup] }],
        }),
      ),
    );
    renderAt("/checkout", asha);
    await userEvent.click(await screen.findByRole("radio", { name: /^Pickup/ }));
    const note = screen.getByText(/Nothing is charged online/);
    expect(note).toHaveTextContent(
      "Nothing is charged online. You pay each farmer for their part when you pick it up.",
    );
    expect(note.parentElement).not.toHaveTextContent(/on delivery|when it is delivered|at the door/);
  });

  it("marks a line over the stock with how many are left, keeps Place Order disabled and remembers the stock", async () => {
    window.localStorage.setItem("cart", JSON.stringify([cart[0]]));
    api.use(
      http.post("/api/orders/quote", () =>
        HttpResponse.json({
          items: [
            {
              productId: "p-tomato",
              name: "Tomatoes",
              unitPrice: 40.5,
              unit: "kg",
              quantity: 3,
              lineTotal: 121.5,
              stock: 2,
              exceedsStock: true,
            },
          ],
          total: 121.5,
          problems: { "items.0.quantity": "Only 2 left" },
        }),
      ),
    );
    renderAt("/checkout", asha);
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(await within(summary).findByText("Only 2 left")).toBeInTheDocument();
    expect(summary).toHaveTextContent("₹40.50 / kg × 3");
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("no longer available in the quantity you chose");
    expect(JSON.parse(window.localStorage.getItem("cart") ?? "[]")[0]).toMatchObject({
      quantity: 3,
      stock: 2,
    });
  });

  it("names each line as the server does, never only as the cart remembers it (issue 25, item 14)", async () => {
    window.localStorage.setItem("cart", JSON.stringify([cart[0]]));
    api.use(
      http.post("/api/orders/quote", () =>
        HttpResponse.json({
          items: [
            {
              productId: "p-tomato",
              name: "Cherry Tomatoes",
              unitPrice: 40.5,
              unit: "kg",
              quantity: 3,
              lineTotal: 121.5,
              stock: null,
              exceedsStock: false,
            },
          ],
          total: 121.5,
          problems: {},
        }),
      ),
    );
    renderAt("/checkout", asha);
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(await within(summary).findByText("Cherry Tomatoes")).toBeInTheDocument();
    expect(within(summary).queryByText("Tomatoes")).not.toBeInTheDocument();
  });

  it("shows a deal replaced since it was added as refused at its line, and places nothing", async () => {
    window.localStorage.setItem("cart", JSON.stringify([cart[1]]));
    const message =
      "Line 1: the deal of the day has changed since you added it (it is now Mango). Remove it from your cart and add today's deal.";
    api.use(
      http.post("/api/orders/quote", () =>
        apiError(409, "deal_changed", message, { "items.0.dealStartTime": "This deal has changed" }),
      ),
    );
    renderAt("/checkout", asha);
    const summary = await screen.findByRole("region", { name: "Order Summary" });
    expect(await within(summary).findByText("This deal has changed")).toBeInTheDocument();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("keeps what was typed when the page is opened again in the same tab", async () => {
    window.localStorage.setItem("cart", JSON.stringify(cart));
    const { unmount } = renderAt("/checkout", asha);
    await userEvent.type(await screen.findByLabelText("Address"), "12 Lake Road");
    await userEvent.click(screen.getByRole("radio", { name: "UPI" }));
    unmount();
    renderAt("/checkout", asha);
    expect(await screen.findByLabelText("Address")).toHaveValue("12 Lake Road");
    expect(screen.getByRole("radio", { name: "UPI" })).toBeChecked();
  });
});
