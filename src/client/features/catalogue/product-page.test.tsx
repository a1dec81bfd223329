import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dashboardAnswers, noLikes } from "../../test/answers.ts";
import { api, apiError, apiRequestsTo, HttpResponse, http, shellAnswers } from "../../test/api.ts";
import { aProduct } from "../../test/products.fixture.ts";
import { loadScreens, renderAt, renderScreen, screenQueryClient } from "../../test/render.tsx";
import { DASHBOARD_PRODUCT_COUNT, DashboardPage } from "./dashboard-page.tsx";
import { latestProductsQuery, productQuery } from "./products.api.ts";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() =>
  loadScreens("/products/okra-1", "/products/okra-2", "/products/a", "/products/b", "/products/gone"),
);

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

describe("a product's own page", () => {
  beforeEach(() => api.use(...shellAnswers, ...noLikes));

  it("shows the picture, name, price per unit, stock, harvest, description and farmer, with Add to Cart and Like", async () => {
    window.localStorage.setItem("veggieCart.likesMergedFor", JSON.stringify([asha.id]));
    let liked: string[] = [];
    api.use(
      http.get("/api/likes", () => HttpResponse.json({ productIds: liked })),
      http.put("/api/likes/:id", () => {
        liked = ["okra-1"];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const product = aProduct({
      id: "okra-1",
      name: "Okra",
      price: 60,
      unit: "500 g",
      stock: 3,
      description: "Tender green okra",
      farmerName: "Ravi",
      harvestedOn: new Date().toISOString().slice(0, 10),
    });
    renderAt("/products/okra-1", asha, [[productQuery("okra-1").queryKey, product]]);
    expect(await screen.findByRole("heading", { level: 1, name: "Okra" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Okra" })).toBeInTheDocument();
    // NOTE: a pack shows its price per kg too, so packs compare (decision 020).
    expect(screen.getByText("₹60.00 / 500 g · ₹120.00 / kg")).toBeInTheDocument();
    expect(screen.getByText("Only 3 left")).toBeInTheDocument();
    expect(screen.getByText(/^Harvested/)).toBeInTheDocument();
    expect(screen.getByText("Tender green okra")).toBeInTheDocument();
    expect(screen.getByText("by Ravi")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Okra added to cart!")).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("cart") ?? "[]")).toEqual([
      expect.objectContaining({ id: "okra-1", quantity: 1 }),
    ]);

    const like = screen.getByRole("button", { name: "Like" });
    expect(like).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute("aria-pressed", "true"));
    expect(await apiRequestsTo("/api/likes/okra-1", "PUT")).toHaveLength(1);
  });

  it("shows a portrait photo whole, in its own proportions; cards keep cropping to 4:3 (issue 40 item 21)", async () => {
    const portrait = aProduct({ id: "okra-2", name: "Tall okra", imageWidth: 900, imageHeight: 1200 });
    renderAt("/products/okra-2", asha, [[productQuery("okra-2").queryKey, portrait]]);
    const photo = await screen.findByRole("img", { name: "Tall okra" });
    expect(photo).toHaveClass("object-contain");
    expect(photo).not.toHaveClass("object-cover");
    const box = photo.parentElement!;
    expect(box).not.toHaveClass("aspect-[4/3]");
    expect(box.getAttribute("style")).toMatch(/aspect-ratio: 900 \/ 1200/);
  });

  it("says In stock for plentiful stock and disables Add to Cart when sold out", async () => {
    const { unmount } = renderAt("/products/a", asha, [
      [productQuery("a").queryKey, aProduct({ stock: 40 })],
    ]);
    expect(await screen.findByText("In stock")).toBeInTheDocument();
    unmount();
    renderAt("/products/b", asha, [[productQuery("b").queryKey, aProduct({ stock: 0 })]]);
    expect(await screen.findByRole("button", { name: "Sold out" })).toBeDisabled();
  });

  it("says Product not found for an id the server does not know (or hides), with a way back to the shop", async () => {
    api.use(http.get("/api/products/gone", () => apiError(404, "not_found", "This product does not exist")));
    renderAt("/products/gone", asha);
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/shop");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("is reached from a dashboard card's name and picture", async () => {
    const client = screenQueryClient();
    const product = aProduct({ id: "figs-9", name: "Figs" });
    client.setQueryData(latestProductsQuery(DASHBOARD_PRODUCT_COUNT).queryKey, {
      items: [product],
      nextCursor: null,
    });
    api.use(...dashboardAnswers());
    renderScreen(<DashboardPage userId={null} />, { client });
    // The name (in the tab order) and the picture (for a finger or a pointer) both lead there.
    const links = screen.getAllByRole("link", { name: "Figs" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/products/figs-9", "/products/figs-9"]);
    expect(links.filter((link) => link.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole("img", { name: "Figs" }).closest("a")).toHaveAttribute(
      "href",
      "/products/figs-9",
    );
  });

  it("is not open to a signed-out visitor", async () => {
    const { router } = renderAt("/products/okra-1", null);
    expect(await screen.findByRole("heading", { name: "Welcome to Veggie Cart" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });
});
