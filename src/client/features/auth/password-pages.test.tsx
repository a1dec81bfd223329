import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages, messages } from "../../../shared/messages.ts";
import { api, apiRequestsTo, HttpResponse, http } from "../../test/api.ts";
import { loadScreens, renderAt } from "../../test/render.tsx";

// The screens' code, loaded once before the tests, as the app loads it before its first render.
beforeAll(() => loadScreens("/login", "/forgot-password"));

// NOTE: the shop's answer to a reset request, whatever the address (it never says whether one exists).
beforeEach(() =>
  api.use(
    http.post("/api/auth/password-reset", () =>
      HttpResponse.json({ message: accountMessages.resetRequested }, { status: 202 }),
    ),
  ),
);

/** The bodies of the password-reset requests the page sent. */
const resetRequests = async () =>
  (await apiRequestsTo("/api/auth/password-reset", "POST")).map((request) => request.body);

describe("forgot password", () => {
  it("is linked from the sign-in screen", async () => {
    renderAt("/login", null);
    await userEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
  });

  it("asks for a valid e-mail before sending anything", async () => {
    renderAt("/forgot-password", null);
    await userEvent.click(await screen.findByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email address"), "not an address");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(await resetRequests()).toEqual([]);
  });

  it("sends the e-mail (trimmed) and shows the shop's answer in place of the form", async () => {
    renderAt("/forgot-password", null);
    await userEvent.type(await screen.findByLabelText("Email address"), " meera@example.com ");
    await userEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(accountMessages.resetRequested);
    expect(screen.queryByRole("button", { name: "Send the link" })).not.toBeInTheDocument();
    expect(await resetRequests()).toEqual([{ email: "meera@example.com" }]);
  });
});
