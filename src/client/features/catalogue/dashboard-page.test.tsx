import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { api, apiError, HttpResponse, http } from "../../test/api.ts";
import { aDeal, aProduct } from "../../test/products.fixture.ts";
import { renderScreen, screenQueryClient } from "../../test/render.tsx";
import { DASHBOARD_PRODUCT_COUNT, DashboardPage } from "./dashboard-page.tsx";
import { dealQuery } from "./deal.api.ts";
import { latestProductsQuery } from "./products.api.ts";

function dashboardWith(items: ReturnType<typeof aProduct>[], dealEndsInMs = 3_600_000) {
  const client = screenQueryClient();
  client.setQueryData(latestProductsQuery(DASHBOARD_PRODUCT_COUNT).queryKey, { items, nextCursor: null });
  client.setQueryData(dealQuery.queryKey, aDeal(dealEndsInMs));
  return client;
}

describe("dashboard", () => {
  it("shows the banner, category tiles that open the filtered shop, and the hero buttons", () => {
    renderScreen(<DashboardPage userId={null} />, {
      path: "/dashboard",
      client: dashboardWith([aProduct()]),
    });
    // "Rs." and its amount are joined by a no-break space, so a narrow screen never splits them.
    expect(screen.getByText("Free shipping on orders over Rs. 200").textContent).toContain("Rs.\u00a0200");
    expect(screen.getByRole("link", { name: /Dairy/ })).toHaveAttribute("href", "/shop?category=dairy");
    expect(screen.getByRole("link", { name: "Farmer Portal" })).toHaveAttribute("href", "/addproduct");
    expect(screen.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  });

  it("shows the loading spinner, then the product's toast when products cannot be loaded", async () => {
    const client = screenQueryClient();
    client.setQueryData(dealQuery.queryKey, aDeal(3_600_000));
    api.use(http.get("/api/products", () => apiError(503, "unavailable", "The shop is unavailable")));
    renderScreen(<DashboardPage userId={null} />, { client });
    expect(screen.getByRole("status")).toHaveTextContent("Loading products...");
    expect(await screen.findByText("Error loading products. Please try again later.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("says No products available when the catalogue is empty", () => {
    renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([]) });
    expect(screen.getByText("No products available")).toBeInTheDocument();
  });

  it("toggles a like with a pressed state that is kept in likedProducts across visits", async () => {
    const product = aProduct({ name: "Basmati rice" });
    const first = renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([product]) });
    const like = screen.getByRole("button", { name: "Like Basmati rice" });
    expect(like).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(like);
    expect(like).toHaveAttribute("aria-pressed", "true");
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual([product.id]);
    first.unmount();

    renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([product]) });
    const again = screen.getByRole("button", { name: "Like Basmati rice" });
    expect(again).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(again);
    expect(again).toHaveAttribute("aria-pressed", "false");
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual([]);
  });

  it("opens details in a dialog that closes on Escape and gives focus back", async () => {
    const product = aProduct({ name: "Fresh curd", description: "Thick homemade curd", price: 55 });
    renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([product]) });
    const opener = screen.getByRole("button", { name: "View details of Fresh curd" });
    await userEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Fresh curd" });
    expect(dialog).toHaveTextContent("Thick homemade curd");
    expect(dialog).toHaveTextContent("₹55.00");
    const add = within(dialog).getByRole("button", { name: "Add to Cart" });
    expect(add).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("shows the deal of the day at 5 against 10 with an HH:MM:SS countdown, and adds it to the cart", async () => {
    renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([], 2 * 3_600_000 + 5_000) });
    const deal = screen.getByRole("region", { name: "Deal of the Day" });
    expect(deal).toHaveTextContent("₹5.00");
    expect(within(deal).getByText("₹10.00", { exact: false })).toHaveClass("line-through");
    expect(within(deal).getByTestId("deal-countdown").textContent).toMatch(/^0[12]:\d\d:\d\d$/);
    await userEvent.click(within(deal).getByRole("button", { name: /Add to Cart/ }));
    expect(await screen.findByText("Cabbage added to cart!")).toBeInTheDocument();
    const [line] = JSON.parse(window.localStorage.getItem("cart") ?? "[]");
    expect(line).toMatchObject({
      id: "deal-of-the-day",
      price: 5,
      quantity: 1,
      startTime: expect.any(String),
    });
  });

  it("announces a new deal when the current one has ended", async () => {
    // NOTE: the page then asks for the new deal.
    api.use(http.get("/api/deal", () => HttpResponse.json({ deal: aDeal(24 * 3_600_000) })));
    renderScreen(<DashboardPage userId={null} />, { client: dashboardWith([], -1000) });
    expect(await screen.findByText("New deal of the day is available!")).toBeInTheDocument();
  });
});
