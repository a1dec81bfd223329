import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { TermsPage } from "./terms-page.tsx";

describe("terms and privacy (issue 25, item 21)", () => {
  it("say what the shop really does: likes follow the account, paid online or at the door (issue 36)", () => {
    renderScreen(<TermsPage />, { path: "/privacy" });
    const privacy = screen.getByRole("region", { name: "Privacy Policy" }).textContent ?? "";
    expect(privacy).not.toMatch(/liked products are kept in your own browser/);
    expect(privacy).toMatch(/products you like are kept on your account/);
    const terms = screen.getByRole("region", { name: "Terms of Service" }).textContent ?? "";
    expect(terms).not.toMatch(/refunded to the payment method you used/);
    expect(terms).not.toMatch(/Nothing is charged online/);
    expect(terms).toMatch(/online when you place the order, by card, UPI or net banking/);
    expect(terms).toMatch(
      /more than your weighed bill, or for a part that is cancelled, is refunded automatically/,
    );
    expect(terms).toMatch(/cash or by UPI/);
  });

  it("promise 24 hours only where it holds: a farmer's slot says when (issue 40, item 19)", () => {
    renderScreen(<TermsPage />, { path: "/terms" });
    const terms = screen.getByRole("region", { name: "Terms of Service" }).textContent ?? "";
    // The spec's promise stays, with what is true of an order placed in a slot days away.
    expect(terms).toMatch(/processed and delivered within 24 hours of being placed, unless/);
    expect(terms).toMatch(/delivered, or ready for pickup, in the slot you choose at checkout/);
    // A pickup is not paid "at the door".
    expect(terms).not.toMatch(/at the door/);
  });
});
