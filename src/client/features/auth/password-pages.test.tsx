import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountMessages, messages } from "../../../shared/messages.ts";
import { tolerateUndeclared } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// NOTE: not yet moved onto the fake API's declared answers (test/api.ts).
tolerateUndeclared();

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/login", "/forgot-password"));

afterEach(() => {
  vi.restoreAllMocks();
});

/** The password-reset requests the page sends, with the body of each. */
function spyOnResetRequests() {
  const fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () =>
      Response.json({ message: accountMessages.resetRequested }, { status: 202 }),
    );
  return () =>
    fetchSpy.mock.calls
      .filter(([url]) => String(url).includes("/api/auth/password-reset"))
      .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("forgot password", () => {
  it("is linked from the sign-in screen", async () => {
    renderAt("/login", null);
    await userEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
  });

  it("asks for a valid e-mail before sending anything", async () => {
    const sent = spyOnResetRequests();
    renderAt("/forgot-password", null);
    await userEvent.click(await screen.findByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email address"), "not an address");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it("sends the e-mail (trimmed) and shows the shop's answer in place of the form", async () => {
    const sent = spyOnResetRequests();
    renderAt("/forgot-password", null);
    await userEvent.type(await screen.findByLabelText("Email address"), " meera@example.com ");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(accountMessages.resetRequested);
    expect(screen.queryByRole("button", { name: "Send the link" })).not.toBeInTheDocument();
    expect(sent()).toEqual([{ email: "meera@example.com" }]);
  });
});
