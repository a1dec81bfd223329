import { describe, expect, it } from "vitest";
import { CartItemSchema } from "../../shared/schemas/cart.ts";
import { addToCartSaying, type CartToastTexts, readCart, readCartLine } from "./cart.ts";

const line = {
  id: "p1",
  name: "Okra",
  price: 40,
  image: "/api/images/p1",
  description: "Tender",
  category: "vegetables",
  userId: "u1",
  quantity: 2,
};

/** Lines the schema takes and lines it refuses, each changed in one way from a good line. */
const samples: unknown[] = [
  line,
  { id: "p2", name: "", price: 0, image: "", quantity: 1 },
  { ...line, unit: "kg", stock: 5, startTime: "2026-12-07T00:00:00.000Z" },
  { ...line, stock: null },
  { ...line, quantity: 99 },
  { ...line, quantity: 100 },
  { ...line, quantity: 0 },
  { ...line, quantity: 1.5 },
  { ...line, quantity: "2" },
  { ...line, price: "40" },
  { ...line, price: Number.NaN },
  { ...line, id: 7 },
  { ...line, image: undefined },
  { ...line, description: 3 },
  { ...line, unit: null },
  { ...line, stock: 2.5 },
  { ...line, stock: "5" },
  { ...line, extra: "kept out" },
  null,
  "p1",
  [line],
];

describe("the cart's lines, read without zod (the boot script's)", () => {
  it("takes and refuses what CartItemSchema takes and refuses, with its defaults", () => {
    for (const sample of samples) {
      const parsed = CartItemSchema.safeParse(sample);
      expect([sample, readCartLine(sample)]).toEqual([sample, parsed.success ? parsed.data : undefined]);
    }
  });
});

const texts: CartToastTexts = {
  product: "Product",
  addedToCart: (name) => `${name} added to cart!`,
  quantityUpdated: (name) => `${name} quantity updated!`,
  soldOut: (name) => `${name} is sold out.`,
  allInCart: (most, name) => `Only ${most} of ${name} can be ordered, and your cart holds them all.`,
};

describe("adding to the cart, with the toast it says", () => {
  it("adds a line, then one more of it, and stops at the stock last seen", () => {
    window.localStorage.clear();
    const product = { ...line, quantity: undefined, stock: 2 };
    expect(addToCartSaying(product, texts)).toEqual({ kind: "success", text: "Okra added to cart!" });
    expect(addToCartSaying(product, texts)).toEqual({ kind: "success", text: "Okra quantity updated!" });
    expect(addToCartSaying(product, texts)).toEqual({
      kind: "info",
      text: "Only 2 of Okra can be ordered, and your cart holds them all.",
    });
    expect(readCart()).toEqual([expect.objectContaining({ id: "p1", quantity: 2 })]);
    expect(addToCartSaying({ ...product, id: "p9", name: "", stock: 0 }, texts)).toEqual({
      kind: "info",
      text: "Product is sold out.",
    });
  });
});
