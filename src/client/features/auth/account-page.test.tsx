import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownStorageKeys, storageKeys } from "../../../shared/constants.ts";
import { accountAnswers } from "../../test/answers.ts";
import { api, apiRequestsTo, HttpResponse, http, shellAnswers } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/account"));

const asha = { id: "u1", email: "asha@example.com", name: "Asha Rao" };

beforeEach(() => api.use(...shellAnswers, ...accountAnswers(asha)));

describe("deleting the account (issue 25, item 19)", () => {
  it("leaves nothing of the account in the browser: token, loggedInUser and the remembered user", async () => {
    window.localStorage.setItem(storageKeys.token, asha.id);
    window.localStorage.setItem(storageKeys.loggedInUser, asha.email);
    window.localStorage.setItem(ownStorageKeys.offlineUser, JSON.stringify(asha));
    api.use(http.delete("/api/account", () => new HttpResponse(null, { status: 204 })));
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
    api.use(
      http.post("/api/account/addresses", async ({ request }) =>
        HttpResponse.json(
          { address: { ...((await request.json()) as object), id: "a2", usedAt: kept.usedAt } },
          { status: 201 },
        ),
      ),
      http.get("/api/account/addresses", () => HttpResponse.json({ addresses: [kept] })),
    );
    const posted = async () =>
      (await apiRequestsTo("/api/account/addresses", "POST")).map((request) => request.body);
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
    expect(await posted()).toEqual([]);

    await userEvent.clear(screen.getByLabelText("City"));
    await userEvent.type(screen.getByLabelText("City"), "Bengaluru");
    await userEvent.selectOptions(screen.getByLabelText("State"), "Karnataka");
    await userEvent.clear(pin);
    await userEvent.type(pin, "560001");
    await userEvent.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(async () => expect(await posted()).toHaveLength(1));
    expect((await posted())[0]).toMatchObject({
      state: "KA",
      zipCode: "560001",
      city: "Bengaluru",
      country: "IN",
    });
    expect(form).toBeInTheDocument();
  });
});
