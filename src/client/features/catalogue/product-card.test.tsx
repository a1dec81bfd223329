import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aProduct } from "../../test/products.fixture.ts";
import { renderScreen } from "../../test/render.tsx";
import { ProductCard } from "./product-card.tsx";

const noop = () => {};

describe("shop product card", () => {
  it("shows the spec's fallbacks for a product with missing fields", () => {
    const bare = aProduct({ name: "", image: "", category: "", description: "", price: 0 });
    renderScreen(<ProductCard product={bare} canDelete={false} onDelete={noop} />);
    const card = screen.getByRole("article");
    expect(within(card).getByText("No Image")).toBeInTheDocument();
    expect(within(card).getByText("Uncategorized")).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: "Unnamed Product" })).toBeInTheDocument();
    expect(within(card).getByText("No description available")).toBeInTheDocument();
    expect(within(card).getByText("₹0.00")).toBeInTheDocument();
    expect(within(card).queryByRole("img")).not.toBeInTheDocument();
  });

  it("shows a complete product with its photo in several widths, category and price with two decimals", () => {
    const product = aProduct({ name: "Alphonso mangoes", category: "fruits", price: 1234.5 });
    renderScreen(<ProductCard product={product} canDelete={false} onDelete={noop} />);
    const image = screen.getByRole("img", { name: "Alphonso mangoes" });
    expect(image).toHaveAttribute("srcset", expect.stringContaining("?w=320 320w"));
    expect(image).toHaveAttribute("width", "1280");
    expect(image).toHaveAttribute("height", "960");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(screen.getByText("Fruits")).toBeInTheDocument();
    expect(screen.getByText("₹1,234.50")).toBeInTheDocument();
  });

  it("offers Delete only when told the viewer owns the product, and reports which product", async () => {
    const product = aProduct();
    const deleted: string[] = [];
    const { unmount } = renderScreen(
      <ProductCard product={product} canDelete={false} onDelete={(p) => deleted.push(p.id)} />,
    );
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    unmount();
    renderScreen(<ProductCard product={product} canDelete onDelete={(p) => deleted.push(p.id)} />);
    await userEvent.click(screen.getByRole("button", { name: /Delete/ }));
    expect(deleted).toEqual([product.id]);
  });

  it("adds to the stored cart with the spec's toasts: added, then quantity updated", async () => {
    const product = aProduct({ name: "Paneer", price: 90 });
    renderScreen(<ProductCard product={product} canDelete={false} onDelete={noop} />);
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
});
