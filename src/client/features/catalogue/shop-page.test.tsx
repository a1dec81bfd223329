import type { InfiniteData } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductList } from "../../../shared/schemas/products.ts";
import { noLikes, productsAnswer } from "../../test/answers.ts";
import { api } from "../../test/api.ts";
import { aProduct } from "../../test/products.fixture.ts";
import { renderScreen, screenQueryClient } from "../../test/render.tsx";
import { productPagesQuery } from "./products.api.ts";
import { ShopPage } from "./shop-page.tsx";

function shopWith(items: ProductList["items"], nextCursor: string | null = null, path = "/shop") {
  const client = screenQueryClient();
  const { liked, ...filters } = Object.fromEntries(new URL(path, "http://x").searchParams);
  const data: InfiniteData<ProductList, string | undefined> = {
    pages: [{ items, nextCursor }],
    pageParams: [undefined],
  };
  client.setQueryData(
    productPagesQuery({ sort: "newest", ...filters, ...(liked ? { liked: true } : {}) } as Parameters<
      typeof productPagesQuery
    >[0]).queryKey,
    data,
  );
  return client;
}

describe("shop page", () => {
  // NOTE: a choice of filter asks for its own list (an empty one here); a signed-in shopper's likes are asked too.
  beforeEach(() => api.use(productsAnswer(), ...noLikes));

  it("has the product's title and farmer link, and shows Delete only on the signed-in user's own products", async () => {
    const mine = aProduct({ name: "My carrots", userId: "me" });
    const theirs = aProduct({ name: "Their apples", userId: "someone-else" });
    renderScreen(<ShopPage currentUserId="me" />, { path: "/shop", client: shopWith([mine, theirs]) });
    expect(screen.getByRole("heading", { level: 1, name: "Our Products" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Connect with Farmers" })).toHaveAttribute("href", "/contact");
    const [mineCard, theirsCard] = screen.getAllByRole("article");
    expect(within(mineCard!).getByRole("button", { name: /Delete/ })).toBeInTheDocument();
    expect(within(theirsCard!).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("asks before deleting, and Cancel keeps the product", async () => {
    const mine = aProduct({ name: "My carrots", userId: "me" });
    renderScreen(<ShopPage currentUserId="me" />, { path: "/shop", client: shopWith([mine]) });
    await userEvent.click(screen.getByRole("button", { name: /Delete/ }));
    const dialog = screen.getByRole("dialog", { name: "Delete this product?" });
    expect(dialog).toHaveTextContent("My carrots");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My carrots" })).toBeInTheDocument();
  });

  it("counts the products only when the whole list has loaded: the server gives no total (issue 25, item 21)", () => {
    const first = renderScreen(<ShopPage currentUserId="me" />, {
      path: "/shop",
      client: shopWith([aProduct({ name: "Carrots" }), aProduct({ name: "Apples" })], "next-page"),
    });
    expect(screen.queryByText(/Showing \d+ products/)).not.toBeInTheDocument();
    first.unmount();
    renderScreen(<ShopPage currentUserId="me" />, {
      path: "/shop",
      client: shopWith([aProduct({ name: "Carrots" }), aProduct({ name: "Apples" })]),
    });
    expect(screen.getByText("Showing 2 products")).toBeInTheDocument();
  });

  it("shows the empty state with Add New Product", () => {
    renderScreen(<ShopPage currentUserId="me" />, { path: "/shop", client: shopWith([]) });
    expect(screen.getByText("No products available")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/addProduct");
  });

  it("reads the category and search from the address, and offers Load more while there are more pages", () => {
    renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop?category=dairy&q=paneer",
      client: shopWith([aProduct({ category: "dairy" })], "next", "/shop?category=dairy&q=paneer"),
    });
    expect(screen.getByLabelText("Category")).toHaveValue("dairy");
    expect(screen.getByLabelText("Search products")).toHaveValue("paneer");
    expect(screen.getByRole("button", { name: "Load more" })).toBeInTheDocument();
  });

  it("writes a chosen category into the address", async () => {
    const { router } = renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop",
      client: shopWith([aProduct()]),
    });
    await userEvent.selectOptions(screen.getByLabelText("Category"), "grains");
    expect(router.state.location.search).toBe("?category=grains");
  });

  it("keeps Liked in the address, shows the liked list under it, and says when nothing is liked yet", async () => {
    const liked = aProduct({ name: "Liked figs" });
    const { router } = renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop?liked=true",
      client: shopWith([liked], null, "/shop?liked=true"),
    });
    const filter = screen.getByRole("button", { name: "Liked" });
    expect(filter).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("heading", { name: "Liked figs" })).toBeInTheDocument();
    await userEvent.click(filter);
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "false");

    const empty = renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop?liked=true",
      client: shopWith([], null, "/shop?liked=true"),
    });
    expect(within(empty.container).getByText("You have not liked any products yet.")).toBeInTheDocument();
  });

  it("gives every shop card a Like button", async () => {
    renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop",
      client: shopWith([aProduct({ name: "Okra" })]),
    });
    const like = screen.getByRole("button", { name: "Like Okra" });
    await userEvent.click(like);
    expect(like).toHaveAttribute("aria-pressed", "true");
  });

  it("makes each choice a history entry, so Back undoes it; a typed search is one entry", async () => {
    const { router } = renderScreen(<ShopPage currentUserId={null} />, {
      path: "/shop",
      client: shopWith([aProduct()]),
    });
    await userEvent.selectOptions(screen.getByLabelText("Category"), "grains");
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "price-asc");
    await userEvent.type(screen.getByLabelText("Search products"), "rice");
    await waitFor(() => expect(router.state.location.search).toContain("q=rice"));
    await userEvent.type(screen.getByLabelText("Search products"), " flour{Enter}");
    await waitFor(() => expect(router.state.location.search).toContain("q=rice+flour"));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?category=grains&sort=price-asc");
    expect(screen.getByLabelText("Search products")).toHaveValue("");
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?category=grains");
    expect(screen.getByLabelText("Sort by")).toHaveValue("newest");
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("");
  });

  it("keeps what was typed after a pause while the address catches up with the search", async () => {
    vi.useFakeTimers();
    try {
      const { router } = renderScreen(<ShopPage currentUserId={null} />, {
        path: "/shop",
        client: shopWith([aProduct()]),
      });
      const field = screen.getByLabelText("Search products");
      fireEvent.change(field, { target: { value: "ri" } });
      await act(async () => {
        // The pause puts "ri" in the address; the next key arrives before the page draws again.
        vi.advanceTimersByTime(300);
        fireEvent.change(field, { target: { value: "ric" } });
      });
      expect(field).toHaveValue("ric");
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(router.state.location.search).toBe("?q=ric");
    } finally {
      vi.useRealTimers();
    }
  });
});
