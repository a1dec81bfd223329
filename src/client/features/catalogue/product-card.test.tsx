import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { shopToday } from "../../lib/produce.ts";
import { aProduct } from "../../test/products.fixture.ts";
import { renderScreen } from "../../test/render.tsx";
import { ProductCard } from "./product-card.tsx";

const noop = () => {};

describe("shop product card", () => {
  it("shows the product's fallbacks for a product with missing fields", () => {
    const bare = aProduct({ name: "", image: "", category: "", description: "", price: 0 });
    renderScreen(
      <ProductCard liked={false} onToggleLike={noop} product={bare} canDelete={false} onDelete={noop} />,
    );
    const card = screen.getByRole("article");
    expect(within(card).getByText("No Image")).toBeInTheDocument();
    expect(within(card).getByText("Uncategorized")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: "Unnamed Product" })).toBeInTheDocument();
    expect(within(card).getByText("No description available")).toBeInTheDocument();
    expect(within(card).getByText("₹0.00 / kg")).toBeInTheDocument();
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
  });

  it("shows a complete product with its photo in several widths, category and price with two decimals", () => {
    const product = aProduct({ name: "Alphonso mangoes", category: "fruits", price: 1234.5 });
    renderScreen(
      <ProductCard liked={false} onToggleLike={noop} product={product} canDelete={false} onDelete={noop} />,
    );
    const image = screen.getByRole("img", { name: "Alphonso mangoes" });
    expect(image).toHaveAttribute("srcset", expect.stringContaining("?w=320 320w"));
    expect(image).toHaveAttribute("width", "1280");
    expect(image).toHaveAttribute("height", "960");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(screen.getByText("Fruits")).toBeInTheDocument();
    expect(screen.getByText("₹1,234.50 / kg")).toBeInTheDocument();
  });

  it("shows a 500 g or 250 g pack's price per kg too, so packs compare", () => {
    const okra = aProduct({ name: "Okra", price: 45, unit: "500 g" });
    const ghee = aProduct({ name: "Chillies", price: 12.34, unit: "250 g" });
    renderScreen(
      <>
        <ProductCard liked={false} onToggleLike={noop} product={okra} canDelete={false} onDelete={noop} />
        <ProductCard liked={false} onToggleLike={noop} product={ghee} canDelete={false} onDelete={noop} />
      </>,
    );
    expect(screen.getByText("₹45.00 / 500 g · ₹90.00 / kg")).toBeInTheDocument();
    expect(screen.getByText("₹12.34 / 250 g · ₹49.36 / kg")).toBeInTheDocument();
  });

  it("offers Delete only when told the viewer owns the product, and reports which product", async () => {
    const product = aProduct();
    const deleted: string[] = [];
    const { unmount } = renderScreen(
      <ProductCard
        liked={false}
        onToggleLike={noop}
        product={product}
        canDelete={false}
        onDelete={(p) => deleted.push(p.id)}
      />,
    );
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    unmount();
    renderScreen(
      <ProductCard
        liked={false}
        onToggleLike={noop}
        product={product}
        canDelete
        onDelete={(p) => deleted.push(p.id)}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: /Delete/ }));
    expect(deleted).toEqual([product.id]);
  });

  it("adds to the stored cart with the product's toasts: added, then quantity updated", async () => {
    const product = aProduct({ name: "Paneer", price: 90 });
    renderScreen(
      <ProductCard liked={false} onToggleLike={noop} product={product} canDelete={false} onDelete={noop} />,
    );
    const add = screen.getByRole("button", { name: /Add to Cart/ });
    await userEvent.click(add);
    expect(await screen.findByText("Paneer added to cart!")).toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByText("Paneer quantity updated!")).toBeInTheDocument();
    const cart = JSON.parse(window.localStorage.getItem("cart") ?? "[]");
    expect(cart).toEqual([
      expect.objectContaining({ id: product.id, name: "Paneer", price: 90, quantity: 2 }),
    ]);
  });

  it("says how many are left at five or fewer, and nothing when stock is plentiful or not counted", () => {
    const { unmount } = renderScreen(
      <ProductCard
        liked={false}
        onToggleLike={noop}
        product={aProduct({ stock: 3 })}
        canDelete={false}
        onDelete={noop}
      />,
    );
    expect(screen.getByText("Only 3 left")).toBeInTheDocument();
    unmount();
    for (const stock of [6, null]) {
      const view = renderScreen(
        <ProductCard
          liked={false}
          onToggleLike={noop}
          product={aProduct({ stock })}
          canDelete={false}
          onDelete={noop}
        />,
      );
      expect(screen.queryByText(/left|Sold out/)).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it("shows a sold-out product with Add to Cart disabled", async () => {
    renderScreen(
      <ProductCard
        liked={false}
        onToggleLike={noop}
        product={aProduct({ name: "Okra", stock: 0 })}
        canDelete={false}
        onDelete={noop}
      />,
    );
    expect(screen.getByText("Sold out")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Add to Cart/ })).toBeDisabled();
  });

  it("never puts more in the cart than the stock it shows", async () => {
    renderScreen(
      <ProductCard
        liked={false}
        onToggleLike={noop}
        product={aProduct({ name: "Figs", stock: 2 })}
        canDelete={false}
        onDelete={noop}
      />,
    );
    const add = screen.getByRole("button", { name: /Add to Cart/ });
    for (let i = 0; i < 3; i += 1) await userEvent.click(add);
    expect(
      await screen.findByText("Only 2 of Figs can be ordered, and your cart holds them all."),
    ).toBeInTheDocument();
    const cart = JSON.parse(window.localStorage.getItem("cart") ?? "[]");
    expect(cart).toEqual([expect.objectContaining({ name: "Figs", quantity: 2, stock: 2, unit: "kg" })]);
  });

  it("says when it was harvested, counted in the shop's calendar days", () => {
    const today = shopToday();
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    for (const [date, label] of [
      [today, "Harvested today"],
      [daysAgo(1), "Harvested yesterday"],
      [daysAgo(3), "Harvested 3 days ago"],
    ] as const) {
      const view = renderScreen(
        <ProductCard
          liked={false}
          onToggleLike={noop}
          product={aProduct({ harvestedOn: date })}
          canDelete={false}
          onDelete={noop}
        />,
      );
      expect(screen.getByText(label)).toHaveAttribute("datetime", date);
      view.unmount();
    }
  });
});
