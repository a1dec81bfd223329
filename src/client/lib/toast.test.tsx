import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../test/render.tsx";
import { toast } from "./toast.ts";

describe("toasts (their code comes after the first screen)", () => {
  it("shows a toast asked for before the toasts' code and region have arrived", async () => {
    toast.error("Wrong e-mail or password");
    renderScreen(<p>Sign in</p>);
    expect(await screen.findByRole("alert")).toHaveTextContent("Wrong e-mail or password");
  });
});
