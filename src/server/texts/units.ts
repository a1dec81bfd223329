import type { MessageDescriptor } from "@lingui/core";
import type { ProductUnit } from "../../shared/schemas/products.ts";
import type { Say } from "./catalogue.ts";

/** The units in a reader's language (the same words the screens use): packing lists and mails. */
export const UNIT_TEXTS: Record<ProductUnit, MessageDescriptor> = {
  kg: /*i18n*/ { id: "kg", comment: "A product's unit: kilogram" },
  "500 g": /*i18n*/ { id: "500 g", comment: "A product's unit: a pack of 500 grams" },
  "250 g": /*i18n*/ { id: "250 g", comment: "A product's unit: a pack of 250 grams" },
  piece: /*i18n*/ { id: "piece", comment: "A product's unit" },
  bunch: /*i18n*/ { id: "bunch", comment: "A product's unit: a bunch of greens" },
  dozen: /*i18n*/ { id: "dozen", comment: "A product's unit" },
  litre: /*i18n*/ { id: "litre", comment: "A product's unit" },
  "500 ml": /*i18n*/ { id: "500 ml", comment: "A product's unit: a pack of 500 millilitres" },
  pack: /*i18n*/ { id: "pack", comment: "A product's unit" },
};

/** A unit in the reader's language; a unit the shop no longer knows stays as written. */
export const unitIn = (say: Say, unit: string) => {
  const text = UNIT_TEXTS[unit as ProductUnit];
  return text ? say(text) : unit;
};
