import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ownStorageKeys, storageKeys } from "../../../shared/constants.ts";
import { renderAt } from "../../test/render.tsx";

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
