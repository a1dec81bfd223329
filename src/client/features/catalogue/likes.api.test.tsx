import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { likeMessages } from "../../../shared/schemas/likes.ts";
import { tolerateUndeclared } from "../../test/api.ts";
import { aDeal, aProduct } from "../../test/products.fixture.ts";
import { renderScreen, screenQueryClient } from "../../test/render.tsx";
import { DASHBOARD_PRODUCT_COUNT, DashboardPage } from "./dashboard-page.tsx";
import { dealQuery } from "./deal.api.ts";
import { latestProductsQuery } from "./products.api.ts";

// NOTE: not yet moved onto the fake API's declared answers (test/api.ts).
tolerateUndeclared();

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

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Answers the likes API the way the server does, recording what the client sent. */
function likesApi(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = {
      method: init?.method ?? "GET",
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    return answer(request);
  });
  return sent;
}

const pressed = (name: string) => screen.getByRole("button", { name: `Like ${name}` });

describe("likes kept on the account", () => {
  afterEach(() => vi.restoreAllMocks());

  it("merges the browser's list into the account on its first sign-in here, then reads the account's list", async () => {
    window.localStorage.setItem("likedProducts", JSON.stringify(["a", "b"]));
    let sent = likesApi(() => Response.json({ productIds: ["c", "b", "a"] }));
    const first = dashboard("u1");
    await waitFor(() => expect(pressed("Curd")).toHaveAttribute("aria-pressed", "true"));
    expect(sent).toEqual([{ method: "POST", url: "/api/likes/merge", body: { productIds: ["a", "b"] } }]);
    // The browser keeps the account's list as its own copy, oldest like first.
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual(["a", "b", "c"]);
    first.unmount();
    vi.restoreAllMocks();

    sent = likesApi(() => Response.json({ productIds: ["b"] }));
    dashboard("u1");
    await waitFor(() => expect(pressed("Curd")).toHaveAttribute("aria-pressed", "false"));
    expect(pressed("Beans")).toHaveAttribute("aria-pressed", "true");
    expect(sent).toEqual([{ method: "GET", url: "/api/likes", body: undefined }]);
  });

  it("shows a like at once, before the server answers, sends it, and keeps likedProducts in step", async () => {
    window.localStorage.setItem("veggieCart.likesMergedFor", JSON.stringify(["u1"]));
    const account = new Set<string>();
    let answerPut = () => {};
    const sent = likesApi((request) => {
      const id = request.url.split("/").pop() ?? "";
      if (request.method === "GET") return Response.json({ productIds: [...account] });
      if (request.method === "DELETE") account.delete(id);
      if (request.method === "PUT") {
        account.add(id);
        return new Promise<Response>((resolve) => {
          answerPut = () => resolve(new Response(null, { status: 204 }));
        });
      }
      return new Response(null, { status: 204 });
    });
    dashboard("u1");
    await waitFor(() => expect(sent).toHaveLength(1));
    await userEvent.click(pressed("Apples"));
    await waitFor(() => expect(pressed("Apples")).toHaveAttribute("aria-pressed", "true"));
    expect(sent).toContainEqual({ method: "PUT", url: "/api/likes/a", body: undefined });
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual(["a"]);
    answerPut();
    await waitFor(() => expect(sent.filter((r) => r.method === "GET")).toHaveLength(2));
    expect(pressed("Apples")).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(pressed("Apples"));
    await waitFor(() => expect(pressed("Apples")).toHaveAttribute("aria-pressed", "false"));
    expect(sent).toContainEqual({ method: "DELETE", url: "/api/likes/a", body: undefined });
    expect(JSON.parse(window.localStorage.getItem("likedProducts") ?? "[]")).toEqual([]);
  });

  it("takes a like back and says so when the server refuses it", async () => {
    window.localStorage.setItem("veggieCart.likesMergedFor", JSON.stringify(["u1"]));
    likesApi((request) =>
      request.method === "GET"
        ? Response.json({ productIds: [] })
        : Response.json({ error: { code: "internal", message: "Something went wrong" } }, { status: 500 }),
    );
    dashboard("u1");
    await userEvent.click(pressed("Beans"));
    expect(await screen.findByText(likeMessages.notSaved)).toBeInTheDocument();
    expect(pressed("Beans")).toHaveAttribute("aria-pressed", "false");
  });
});
