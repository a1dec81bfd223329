import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ownStorageKeys, storageKeys } from "../../../shared/constants.ts";
import { tolerateUndeclared } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// NOTE: not yet moved onto the fake API's declared answers (test/api.ts).
tolerateUndeclared();

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/account"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao" };

afterEach(() => vi.restoreAllMocks());

describe("deleting the account (issue 25, item 19)", () => {
  it("leaves nothing of the account in the browser: token, loggedInUser and the remembered user", async () => {
    window.localStorage.setItem(storageKeys.token, asha.id);
    window.localStorage.setItem(storageKeys.loggedInUser, asha.email);
    window.localStorage.setItem(ownStorageKeys.offlineUser, JSON.stringify(asha));
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/account" && init?.method === "DELETE") return new Response(null, { status: 204 });
      if (url === "/api/account") return Response.json({ user: asha, pendingEmail: null });
      if (url === "/api/account/sessions") return Response.json({ sessions: [] });
      return Response.json({ user: null, shopTimeZone: "Asia/Kolkata" });
    });
    const { router } = renderAt("/account", asha);
    await userEvent.type(
      await screen.findByLabelText("Type your password to delete your account"),
      "my password",
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.loggedInUser)).toBeNull();
    expect(window.localStorage.getItem(ownStorageKeys.offlineUser)).toBeNull();
  });
});

describe("the address book (issue 40 item 10)", () => {
  it("lists a kept address with its state's name, and adds one with the state from the list and the PIN on the keypad", async () => {
    const kept = {
      id: "a1",
      fullName: "Asha Rao",
      phone: "+91 98765 43210",
      address: "12 Lake Road",
      city: "Pune",
      state: "MH",
      zipCode: "411001",
      country: "IN",
      usedAt: "2026-11-20T10:00:00.000Z",
    };
    const posted: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/account/addresses" && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return Response.json({ address: { ...body, id: "a2", usedAt: kept.usedAt } }, { status: 201 });
      }
      if (url === "/api/account/addresses") return Response.json({ addresses: [kept] });
      if (url === "/api/account") return Response.json({ user: asha, pendingEmail: null });
      if (url === "/api/account/sessions") return Response.json({ sessions: [] });
      return Response.json({ user: null, shopTimeZone: "Asia/Kolkata" });
    });
    renderAt("/account", asha);
    const book = await screen.findByRole("region", { name: "Saved addresses" });
    await waitFor(() => expect(book).toHaveTextContent("12 Lake Road, Pune, Maharashtra 411001"));
    expect(book).not.toHaveTextContent(", MH ");

    const form = screen.getByRole("form", { name: "Add an address" });
    const pin = screen.getByLabelText("ZIP code");
    expect(pin).toHaveAttribute("inputmode", "numeric");
    expect(pin).toHaveAttribute("maxlength", "6");
    await userEvent.type(screen.getByLabelText("Full name"), "Asha Rao");
    await userEvent.type(screen.getByLabelText("Phone number"), "+91 98765 43210");
    await userEvent.type(screen.getByLabelText("Address"), "7 Hill Road");
    await userEvent.type(screen.getByLabelText("City"), "x");
    await userEvent.type(pin, "abc");
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(screen.getByLabelText("City")).toHaveAccessibleDescription("City must have at least 2 letters");
    expect(pin).toHaveAccessibleDescription("Please enter a 6-digit PIN code, such as 411001");
    expect(screen.getByLabelText("State")).toHaveAccessibleDescription("Please enter your state");
    expect(posted).toEqual([]);

    await userEvent.clear(screen.getByLabelText("City"));
    await userEvent.type(screen.getByLabelText("City"), "Bengaluru");
    await userEvent.selectOptions(screen.getByLabelText("State"), "Karnataka");
    await userEvent.clear(pin);
    await userEvent.type(pin, "560001");
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ state: "KA", zipCode: "560001", city: "Bengaluru", country: "IN" });
    expect(form).toBeInTheDocument();
  });
});
