import { describe, expect, it } from "vitest";
import { NewProductFieldsSchema, productMessages } from "./product-form.ts";

const valid = { name: " Tomatoes ", price: "40.50", description: "Ripe", category: "vegetables" };

function firstMessages(input: unknown) {
  const result = NewProductFieldsSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe("NewProductFieldsSchema", () => {
  it("accepts a complete product, trimming text and reading the price as rupees", () => {
    expect(NewProductFieldsSchema.parse(valid)).toEqual({
      name: "Tomatoes",
      price: 40.5,
      description: "Ripe",
      category: "vegetables",
    });
  });

  it("answers every missing field, and a zero price, with the product's message", () => {
    expect(firstMessages({})).toEqual({
      name: productMessages.fillAllFields,
      price: productMessages.fillAllFields,
      description: productMessages.fillAllFields,
      category: productMessages.fillAllFields,
    });
    expect(firstMessages({ ...valid, price: "0" })).toEqual({ price: productMessages.fillAllFields });
    expect(firstMessages({ ...valid, name: "   " })).toEqual({ name: productMessages.fillAllFields });
  });

  it("explains a negative price, more than two decimals, a too-high price and an unknown category", () => {
    expect(firstMessages({ ...valid, price: "-1" })).toEqual({ price: productMessages.priceNegative });
    expect(firstMessages({ ...valid, price: "1.234" })).toEqual({ price: productMessages.priceDecimals });
    expect(firstMessages({ ...valid, price: "100000.01" })).toEqual({ price: productMessages.priceTooHigh });
    expect(firstMessages({ ...valid, category: "meat" })).toEqual({
      category: productMessages.fillAllFields,
    });
  });
});
