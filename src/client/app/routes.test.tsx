import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../test/render.tsx";

const asha = { id: "u1", email: "asha@example.com", name: "Asha" };

describe("route guards", () => {
  it("sends a signed-out visitor on a guarded page to the sign-in screen", async () => {
    const { router } = renderAt("/checkout", null);
    expect(await screen.findByRole("heading", { name: "Welcome to Veggie Cart" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends a signed-in user on /login to the dashboard, with the header and Logout", async () => {
    const { router } = renderAt("/login", asha);
    expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("matches routes case-insensitively, so the hero's /addproduct works", async () => {
    renderAt("/addproduct", asha);
    expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(screen.queryByText("Page not found")).not.toBeInTheDocument();
  });

  it("shows the header links of the spec", async () => {
    renderAt("/dashboard", asha);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Shop", "AddProducts", "Contact", "Cart"]) {
      expect(nav).toHaveTextContent(name);
    }
  });
});

describe("sign-in screen", () => {
  it("shows the spec's texts and refuses an empty form with its message, without calling the server", async () => {
    renderAt("/login", null);
    expect(await screen.findByText("Sign in to your account")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email address")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("email and password are required");
  });
});

describe("sign-up screen", () => {
  it("shows the spec's texts and needs name, email and password", async () => {
    renderAt("/signup", null);
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeInTheDocument();
    expect(screen.getByText("Join Veggie Cart today")).toBeInTheDocument();
    expect(screen.getByText("Already have an account?")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email address"), "a@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("name, email and password are required");
  });

  it("explains a password that is too short", async () => {
    renderAt("/signup", null);
    await userEvent.type(await screen.findByLabelText("Full name"), "Asha");
    await userEvent.type(screen.getByLabelText("Email address"), "a@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Password must be at least 8 characters");
  });
});
