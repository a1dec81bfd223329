import { describe, expect, it } from "vitest";
import { MAX_SAVED_ADDRESSES } from "../schemas/addresses.ts";
import { MAX_LIKES } from "../schemas/likes.ts";
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_STOCK_MAX } from "../schemas/products.ts";
import { hi } from "./hi.ts";
import { mr } from "./mr.ts";

/*
 * The translations write the schemas' limits as numbers (importing the schemas would put them on the first
 * screen, decision 012): each still says the limit the English says.
 */
describe("the schemas' limits in Hindi and Marathi", () => {
  it.each([
    ["hi", hi],
    ["mr", mr],
  ] as const)("%s says the limits the schemas enforce", (_language, texts) => {
    expect(texts.productMessages.nameTooLong).toContain(String(PRODUCT_NAME_MAX));
    expect(texts.productMessages.descriptionTooLong).toContain(String(PRODUCT_DESCRIPTION_MAX));
    expect(texts.productMessages.stockTooHigh).toContain(String(PRODUCT_STOCK_MAX));
    expect(texts.productMessages.stockChangeInvalid).toContain(`-${PRODUCT_STOCK_MAX}`);
    expect(texts.likeMessages.tooMany).toContain(String(MAX_LIKES));
    expect(texts.addressMessages.bookFull).toContain(String(MAX_SAVED_ADDRESSES));
  });
});
