import { describe, expect, it } from "vitest";
import { loginPathFor, returnPathOf } from "./return-path.ts";

describe("the path /login returns to (issue 40 items 14 and 22)", () => {
  it("sends a signed-out visitor of a shared product link to /login and back to the product", () => {
    const login = loginPathFor("/products/0b6f3c1e-2a4d-4e4b-9c1a-7d2e5f6a8b90");
    expect(login).toBe("/login?next=/products/0b6f3c1e-2a4d-4e4b-9c1a-7d2e5f6a8b90");
    expect(returnPathOf(login.slice("/login".length))).toBe("/products/0b6f3c1e-2a4d-4e4b-9c1a-7d2e5f6a8b90");
  });

  it("never returns to another site", () => {
    for (const next of ["//evil.example/products/1", "/\\evil.example", "https://evil.example/products/1"]) {
      expect(returnPathOf(`?next=${encodeURIComponent(next)}`), next).toBeUndefined();
    }
  });
});
