import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { likeMessages } from "../../../shared/schemas/likes.ts";
import { api, apiError, apiRequests, HttpResponse, http } from "../../test/api.ts";
import { aDeal, aProduct } from "../../test/products.fixture.ts";
import { renderScreen, screenQueryClient } from "../../test/render.tsx";
import { DASHBOARD_PRODUCT_COUNT, DashboardPage } from "./dashboard-page.tsx";
import { dealQuery } from "./deal.api.ts";
import { latestProductsQuery } from "./products.api.ts";

const products = [
  aProduct({ id: "a", name: "Apples" }),
  aProduct({ id: "b", name: "Beans" }),
  aProduct({ id: "c", name: "Curd" }),
];

function dashboard(userId: string) {
  const client = screenQueryClient();
  client.setQueryData(latestProductsQuery(DASHBOARD_PRODUCT_COUNT).queryKey, {
    items: products,
    nextCursor: null,
  });
  client.setQueryData(dealQuery.queryKey, aDeal(3_600_000));
  return renderScreen(<DashboardPage userId={userId} />, { client });
}

/** What the client sent, in order (the likes API being all the dashboard asks of a signed-in shopper). */
const sent = async () => (await apiRequests()).map(({ method, path, body }) => ({ method, url: path, body }));

const pressed = (name: string) => screen.getByRole("button", { name: `Like ${name}` });

describe("likes kept on the account", () => {
  it("merges the browser's list into the account on its first sign-in here, then reads the account's list", async () => {
    window.localStorage.setItem("likedProducts", JSON.stringify(["a", "b"]));
    api.use(http.post("/api/likes/merge", () => HttpResponse.json({ productIds: ["c", "b", "a"] })));
    const first = dashboard("u1");
    await waitFor(() => expect(pressed("Curd")).toHaveAttribute("aria-pressed", "true"));
    const merge = { method: "POST", url: "/api/likes/merge", body: { productIds: ["a", "b"] } };
    expect(await sent()).toEqual([merge]);
    // The browser keeps the account's list as its own copy, oldest like first.
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual(["a", "b", "c"]);
    first.unmount();

    api.use(http.get("/api/likes", () => HttpResponse.json({ productIds: ["b"] })));
    dashboard("u1");
    await waitFor(() => expect(pressed("Curd")).toHaveAttribute("aria-pressed", "false"));
    expect(pressed("Beans")).toHaveAttribute("aria-pressed", "true");
    expect(await sent()).toEqual([merge, { method: "GET", url: "/api/likes", body: undefined }]);
  });

  it("shows a like at once, before the server answers, sends it, and keeps likedProducts in step", async () => {
    window.localStorage.setItem("veggieCart.likesMergedFor", JSON.stringify(["u1"]));
    const account = new Set<string>();
    let answerPut = () => {};
    api.use(
      http.get("/api/likes", () => HttpResponse.json({ productIds: [...account] })),
      http.put("/api/likes/:id", ({ params }) => {
        account.add(String(params.id));
        return new Promise<Response>((resolve) => {
          answerPut = () => resolve(new HttpResponse(null, { status: 204 }));
        });
      }),
      http.delete("/api/likes/:id", ({ params }) => {
        account.delete(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    dashboard("u1");
    await waitFor(async () => expect(await sent()).toHaveLength(1));
    await userEvent.click(pressed("Apples"));
    await waitFor(() => expect(pressed("Apples")).toHaveAttribute("aria-pressed", "true"));
    expect(await sent()).toContainEqual({ method: "PUT", url: "/api/likes/a", body: undefined });
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual(["a"]);
    answerPut();
    await waitFor(async () => expect((await sent()).filter((r) => r.method === "GET")).toHaveLength(2));
    expect(pressed("Apples")).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(pressed("Apples"));
    await waitFor(() => expect(pressed("Apples")).toHaveAttribute("aria-pressed", "false"));
    expect(await sent()).toContainEqual({ method: "DELETE", url: "/api/likes/a", body: undefined });
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual([]);
  });

  it("takes a like back and says so when the server refuses it", async () => {
    window.localStorage.setItem("veggieCart.likesMergedFor", JSON.stringify(["u1"]));
    api.use(
      http.get("/api/likes", () => HttpResponse.json({ productIds: [] })),
      http.all("/api/likes/:id", () => apiError(500, "internal", "Something went wrong")),
    );
    dashboard("u1");
    await userEvent.click(pressed("Beans"));
    expect(await screen.findByText(likeMessages.notSaved)).toBeInTheDocument();
    expect(pressed("Beans")).toHaveAttribute("aria-pressed", "false");
  });
});
