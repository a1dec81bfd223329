import { z } from "zod";
import { fill, fixedText, text, textWith } from "../i18n/text.ts";
import {
  CATEGORIES,
  DEFAULT_PRODUCT_UNIT,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_OTHER_NAMES_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  PRODUCT_UNITS,
} from "./products.ts";

/** The catalogue's user-visible texts (product rules §8), defined once for the add-product form and the server. */
export const productMessages = {
  notSignedIn: text(/*i18n*/ { id: "You must be logged in to add a product" }),
  fillAllFields: text(/*i18n*/ { id: "Please fill out all fields and upload an image." }),
  added: (name: string) => fill(/*i18n*/ { id: 'Product "{name}" added successfully!' }, { name }),
  addFailed: text(/*i18n*/ { id: "Error adding product. Please try again." }),
  tooManyUploads: text(/*i18n*/ { id: "Too many products at once. Please wait a minute and try again." }),
  deleted: text(/*i18n*/ { id: "Product deleted successfully!" }),
  deleteFailed: text(/*i18n*/ { id: "Error deleting product. Please try again." }),
  loadFailed: text(/*i18n*/ { id: "Error loading products. Please try again later." }),
  addedToCart: (name: string) => fill(/*i18n*/ { id: "{name} added to cart!" }, { name }),
  quantityUpdated: (name: string) => fill(/*i18n*/ { id: "{name} quantity updated!" }, { name }),
  newDeal: text(/*i18n*/ { id: "New deal of the day is available!" }),
  nameTooLong: fixedText(/*i18n*/ { id: "Name must be at most {max} characters" }, { max: PRODUCT_NAME_MAX }),
  otherNamesTooMany: fixedText(
    /*i18n*/ { id: "At most {max} other names" },
    { max: PRODUCT_OTHER_NAMES_MAX },
  ),
  otherNameTooLong: fixedText(
    /*i18n*/ { id: "Each other name must be at most {max} characters" },
    { max: PRODUCT_NAME_MAX },
  ),
  descriptionTooLong: fixedText(
    /*i18n*/ { id: "Description must be at most {max} characters" },
    { max: PRODUCT_DESCRIPTION_MAX },
  ),
  priceTooHigh: fixedText(/*i18n*/ { id: "Price must be at most {max} rupees" }, { max: PRODUCT_PRICE_MAX }),
  priceNegative: text(/*i18n*/ { id: "Price cannot be negative" }),
  priceDecimals: text(/*i18n*/ { id: "Price can have at most two decimals" }),
  priceNotNumber: text(/*i18n*/ { id: "Price must be a number" }),
  imageType: text(/*i18n*/ { id: "Please choose a JPEG, PNG, WebP, GIF or AVIF image." }),
  imageTooLarge: text(/*i18n*/ { id: "The image must be at most 8 MB." }),
  unitInvalid: fixedText(
    /*i18n*/ { id: "Please choose a unit: {units}" },
    { units: PRODUCT_UNITS.join(", ") },
  ),
  stockNotWhole: text(
    /*i18n*/ { id: "Stock must be a whole number (leave it empty if you do not count it)" },
  ),
  stockNegative: text(/*i18n*/ { id: "Stock cannot be negative" }),
  stockTooHigh: fixedText(/*i18n*/ { id: "Stock must be at most {max}" }, { max: PRODUCT_STOCK_MAX }),
  stockChangeInvalid: fixedText(
    /*i18n*/ { id: "The stock change must be a whole number from -{max} to {max}, not 0" },
    { max: PRODUCT_STOCK_MAX },
  ),
  stockAndStockChange: text(/*i18n*/ { id: "Send either a new stock or a change to it, not both" }),
  stockNotTracked: text(/*i18n*/ { id: "The stock of this product is not counted: set a number first" }),
  stockChangeBelowZero: (left: number) =>
    left === 0
      ? textWith(/*i18n*/ { id: "None left in stock: it cannot go below 0" }, {})
      : textWith(/*i18n*/ { id: "Only {left} left in stock: it cannot go below 0" }, { left }),
  stockChangeAboveMax: fixedText(/*i18n*/ { id: "Stock must be at most {max}" }, { max: PRODUCT_STOCK_MAX }),
  harvestedOnInvalid: text(/*i18n*/ { id: "Please enter the harvest date as YYYY-MM-DD" }),
  harvestedOnFuture: text(/*i18n*/ { id: "The harvest date cannot be in the future" }),
  nameRequired: text(/*i18n*/ { id: "Please enter the product's name" }),
  priceRequired: text(/*i18n*/ { id: "Please enter a price" }),
  descriptionRequired: text(/*i18n*/ { id: "Please enter a description" }),
  categoryRequired: text(/*i18n*/ { id: "Please choose a category" }),
  nothingToChange: text(/*i18n*/ { id: "Send at least one field to change" }),
  imageMissing: text(/*i18n*/ { id: "Please choose a photo." }),
  updated: (name: string) => fill(/*i18n*/ { id: 'Product "{name}" updated successfully!' }, { name }),
  notOwner: text(/*i18n*/ { id: "Only the farmer who added this product can change it" }),
  notFound: text(/*i18n*/ { id: "This product does not exist" }),
} as const;

/** Upload types the add-product form accepts (docs/architecture.md ("Choices behind this"): no SVG). */
export const ACCEPTED_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

const required = productMessages.fillAllFields;

export const nameSchema = (requiredMessage: string) =>
  z.string(requiredMessage).trim().min(1, requiredMessage).max(PRODUCT_NAME_MAX, productMessages.nameTooLong);

/**
 * A product's other names: form text with the names separated by commas ("tamatar, tomato"), or a list;
 * trimmed, blanks and repeats dropped. NOTE: a line break separates too: the database keeps them one a line
 * (migration 0041), so no name may hold one.
 */
export const otherNamesSchema = z
  .union([z.string(), z.array(z.string())], productMessages.otherNameTooLong)
  .transform((value) => {
    const names = (Array.isArray(value) ? value : [value]).flatMap((text) => text.split(/[,،\n\r]/));
    return [...new Set(names.map((name) => name.replace(/\s+/g, " ").trim()).filter((name) => name !== ""))];
  })
  .refine((names) => names.length <= PRODUCT_OTHER_NAMES_MAX, productMessages.otherNamesTooMany)
  .refine(
    (names) => names.every((name) => name.length <= PRODUCT_NAME_MAX),
    productMessages.otherNameTooLong,
  );

/** Form text for a number: plain decimals only, so "0x10" and "1e3" are not read as ₹16 and ₹1,000. */
const PLAIN_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** A price in rupees: positive, at most two decimals, at most PRODUCT_PRICE_MAX (a number or form text). */
export const priceSchema = (requiredMessage: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .min(1, { message: requiredMessage, abort: true })
          .regex(PLAIN_DECIMAL, productMessages.priceNotNumber),
      ],
      requiredMessage,
    )
    .pipe(z.coerce.number(requiredMessage))
    .refine((price) => Number.isFinite(price) && price !== 0, { message: requiredMessage, abort: true })
    .refine((price) => price > 0, { message: productMessages.priceNegative, abort: true })
    .refine((price) => price <= PRODUCT_PRICE_MAX, productMessages.priceTooHigh)
    // NOTE: the tolerance absorbs float noise (0.29 × 100); a price under half a paisa is within it and would
    // be stored as ₹0.00, so it must also come to at least one paisa (issue 40 #26).
    .refine(
      (price) => Math.round(price * 100) >= 1 && Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
      productMessages.priceDecimals,
    );

export const descriptionSchema = (requiredMessage: string) =>
  z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(PRODUCT_DESCRIPTION_MAX, productMessages.descriptionTooLong);

/**
 * The text fields of a new product (multipart form fields, so the price arrives as a string). The image
 * file is checked on its own: by type and size in the browser, by its decoded content on the server.
 */
export const NewProductFieldsSchema = z.object({
  name: nameSchema(required),
  price: priceSchema(required),
  description: descriptionSchema(required),
  category: z.enum(CATEGORIES, required),
});

export const ProductUnitSchema = z.enum(PRODUCT_UNITS, productMessages.unitInvalid);

/** A whole number from 0 to PRODUCT_STOCK_MAX; `null` (not tracked) is allowed where the caller says so. */
export const StockSchema = z
  .number(productMessages.stockNotWhole)
  .min(0, productMessages.stockNegative)
  .int(productMessages.stockNotWhole)
  .max(PRODUCT_STOCK_MAX, productMessages.stockTooHigh);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** True for a real calendar date written `YYYY-MM-DD` (so 2026-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * A harvest date: `YYYY-MM-DD`, and, when `today` is given (the shop's calendar day, from `shopDate`; dates
 * in that form compare correctly as text), not after it. The server's schemas take no `today` (a schema is
 * compiled once, the day moves): its products service checks the day (`refuseFutureHarvest`).
 */
export const harvestedOnSchema = (today?: string) => {
  const date = z
    .string(productMessages.harvestedOnInvalid)
    .trim()
    .refine(isCalendarDate, { message: productMessages.harvestedOnInvalid, abort: true });
  return today === undefined ? date : date.refine((day) => day <= today, productMessages.harvestedOnFuture);
};

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
/** "12" → 12; other text stays text, so it fails as "not a whole number" (never 1e3 or 0x10 read as numbers). */
const formNumber = (value: unknown) =>
  typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;

/**
 * The three optional produce fields of the add-product form, as multipart text: an empty or absent unit is
 * `piece`, an empty or absent stock is `null` (not tracked), an empty or absent harvest date is `null`.
 */
export const newProductDetailsSchema = (today?: string) =>
  z.object({
    unit: z
      .preprocess(blankToUndefined, ProductUnitSchema.optional())
      .transform((u) => u ?? DEFAULT_PRODUCT_UNIT),
    stock: z
      .preprocess((value) => formNumber(blankToUndefined(value)), StockSchema.optional())
      .transform((n) => n ?? null),
    harvestedOn: z
      .preprocess(blankToUndefined, harvestedOnSchema(today).optional())
      .transform((d) => d ?? null),
    otherNames: otherNamesSchema.optional().transform((names) => names ?? []),
  });
export type NewProductDetails = z.output<ReturnType<typeof newProductDetailsSchema>>;

/** A relative stock change: a whole number of units to add (negative: to take away), never 0. */
export const StockChangeSchema = z
  .number(productMessages.stockChangeInvalid)
  .int(productMessages.stockChangeInvalid)
  .min(-PRODUCT_STOCK_MAX, productMessages.stockChangeInvalid)
  .max(PRODUCT_STOCK_MAX, productMessages.stockChangeInvalid)
  .refine((change) => change !== 0, productMessages.stockChangeInvalid);

/**
 * The body of PATCH /api/products/:id (JSON): any subset of the editable fields, at least one. `stock` sets
 * the stock (`null` stops tracking it); `stockChange` instead adds to the stock as the database holds it at
 * that moment (−1 / +1 from the farmer's workspace), so a sale made since the farmer last looked is never
 * overwritten: the server answers 409 `stock_not_tracked` when the stock is not counted and 409
 * `stock_out_of_range` when the result would be below 0 (or above PRODUCT_STOCK_MAX), changing nothing.
 * `harvestedOn: null` clears the date.
 */
export const productPatchSchema = (today?: string) =>
  z
    .strictObject({
      name: nameSchema(productMessages.nameRequired).optional(),
      price: priceSchema(productMessages.priceRequired).optional(),
      description: descriptionSchema(productMessages.descriptionRequired).optional(),
      category: z.enum(CATEGORIES, productMessages.categoryRequired).optional(),
      unit: ProductUnitSchema.optional(),
      stock: StockSchema.nullable().optional(),
      stockChange: StockChangeSchema.optional(),
      harvestedOn: harvestedOnSchema(today).nullable().optional(),
      otherNames: otherNamesSchema.optional(),
      /** Kept out of standing orders (issue 35): it is sold one order at a time. */
      oneOffOnly: z.boolean("Choose yes or no").optional(),
    })
    .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
      message: productMessages.nothingToChange,
    })
    .refine((patch) => patch.stock === undefined || patch.stockChange === undefined, {
      message: productMessages.stockAndStockChange,
      path: ["stockChange"],
    });
export type ProductPatchInput = z.input<ReturnType<typeof productPatchSchema>>;
export type ProductPatch = z.output<ReturnType<typeof productPatchSchema>>;
export type NewProductFields = z.infer<typeof NewProductFieldsSchema>;

/** What the server parses: the add-product form's text fields (multipart), and a JSON edit. */
export const NewProductFormSchema = NewProductFieldsSchema.extend(newProductDetailsSchema().shape);
export const ProductPatchSchema = productPatchSchema();
export type NewProductFieldsInput = z.input<typeof NewProductFieldsSchema>;
