import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "../../../shared/schemas/cart.ts";
import { dashboardAnswers } from "../../test/answers.ts";
import { api, shellAnswers } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/cart", "/dashboard"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

// NOTE: the cart itself lives in the browser; the signed-in header asks its count.
beforeEach(() => api.use(...shellAnswers));

const tomatoes: CartItem = {
  id: "p-tomato",
  name: "Tomatoes",
  price: 40.5,
  image: "",
  description: "",
  category: "vegetables",
  userId: "f1",
  quantity: 2,
};
const milk: CartItem = { ...tomatoes, id: "p-milk", name: "Milk", price: 0.1, quantity: 1 };

const storeCart = (items: CartItem[]) => window.localStorage.setItem("cart", JSON.stringify(items));
const storedCart = () => JSON.parse(window.localStorage.getItem("cart") ?? "[]") as CartItem[];
const total = () => screen.getByTestId("cart-total").textContent;

describe("cart page", () => {
  it("shows the empty state with Continue Shopping to /shop and a way back home", async () => {
    renderAt("/cart", asha);
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("link", { name: "Proceed to Checkout" })).not.toBeInTheDocument();
  });

  it("lists each line with name, price, quantity and the total, summed in paise", async () => {
    storeCart([tomatoes, milk, { ...milk, id: "p-milk2", name: "Curd", price: 0.2 }]);
    renderAt("/cart", asha);
    const lines = within(await screen.findByRole("list", { name: "Cart items" })).getAllByRole("listitem");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toHaveTextContent("Tomatoes");
    expect(lines[0]).toHaveTextContent("₹40.50");
    expect(screen.getByRole("status", { name: "Quantity of Tomatoes" })).toHaveTextContent("2");
    // 2 × 40.50 + 0.10 + 0.20 = 81.30 exactly (no floating-point 81.30000000000001)
    expect(total()).toBe("₹81.30");
    expect(lines[0]).toHaveTextContent("No Image");
    expect(screen.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    expect(screen.getByRole("link", { name: "Repeat this order" })).toHaveAttribute(
      "href",
      "/standing-orders/new",
    );
  });

  it("says what the quantity counts: packs of 500 g as '2 × 500 g', kilograms as '3 kg' (issue 40 item 21)", async () => {
    const okra: CartItem = { ...tomatoes, id: "p-okra", name: "Okra", unit: "500 g", quantity: 2 };
    storeCart([okra, { ...tomatoes, unit: "kg", quantity: 3 }]);
    renderAt("/cart", asha);
    const okraQuantity = await screen.findByRole("status", { name: "Quantity of Okra" });
    expect(okraQuantity).toHaveTextContent(/^2 × 500 g$/);
    expect(screen.getByRole("status", { name: "Quantity of Tomatoes" })).toHaveTextContent(/^3 kg$/);
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity of Okra" }));
    expect(okraQuantity).toHaveTextContent(/^3 × 500 g$/);
  });

  it("changes quantities with plus and minus, never below 1, and saves every change", async () => {
    storeCart([{ ...tomatoes, quantity: 1 }]);
    renderAt("/cart", asha);
    const minus = await screen.findByRole("button", { name: "Decrease quantity of Tomatoes" });
    const plus = screen.getByRole("button", { name: "Increase quantity of Tomatoes" });
    expect(minus).toBeDisabled();
    await userEvent.click(minus);
    expect(storedCart()[0]?.quantity).toBe(1);

    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(screen.getByRole("status", { name: "Quantity of Tomatoes" })).toHaveTextContent("3");
    expect(storedCart()[0]?.quantity).toBe(3);
    expect(total()).toBe("₹121.50");

    await userEvent.click(minus);
    expect(storedCart()[0]?.quantity).toBe(2);
    expect(total()).toBe("₹81.00");
    await userEvent.click(minus);
    expect(minus).toBeDisabled();
    expect(storedCart()[0]?.quantity).toBe(1);
  });

  it("removes a line with the trash button and says so", async () => {
    storeCart([tomatoes, milk]);
    renderAt("/cart", asha);
    await userEvent.click(await screen.findByRole("button", { name: "Remove Tomatoes from cart" }));
    expect(await screen.findByText("Item removed from cart")).toBeInTheDocument();
    expect(screen.queryByText("Tomatoes")).not.toBeInTheDocument();
    expect(storedCart().map((item) => item.id)).toEqual(["p-milk"]);
    expect(total()).toBe("₹0.10");
    await userEvent.click(screen.getByRole("button", { name: "Remove Milk from cart" }));
    expect(await screen.findByText("Your cart is empty")).toBeInTheDocument();
  });

  it("follows a change made in another tab", async () => {
    storeCart([tomatoes]);
    renderAt("/cart", asha);
    await screen.findByText("Tomatoes");
    act(() => {
      const value = JSON.stringify([{ ...tomatoes, quantity: 5 }, milk]);
      window.localStorage.setItem("cart", value);
      window.dispatchEvent(new StorageEvent("storage", { key: "cart", newValue: value }));
    });
    expect(await screen.findByText("Milk")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("status", { name: "Quantity of Tomatoes" })).toHaveTextContent("5"),
    );
  });

  it("shows the number of items on the header's Cart link, whose name stays Cart", async () => {
    storeCart([tomatoes, milk]);
    api.use(...dashboardAnswers());
    renderAt("/dashboard", asha);
    // NOTE: the wide row's link and the phone bar's cart button (CSS shows one of them).
    const links = await screen.findAllByRole("link", { name: "Cart" });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAccessibleDescription("3 items in your cart");
  });
});
