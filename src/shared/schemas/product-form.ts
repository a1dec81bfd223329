import { z } from "zod";
import { CATEGORIES, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX } from "./products.ts";

/** The catalogue's user-visible texts (SPEC §8), defined once for the add-product form and the server. */
export const productMessages = {
  notSignedIn: "You must be logged in to add a product",
  fillAllFields: "Please fill out all fields and upload an image.",
  added: (name: string) => `Product "${name}" added successfully!`,
  addFailed: "Error adding product. Please try again.",
  deleted: "Product deleted successfully!",
  deleteFailed: "Error deleting product. Please try again.",
  loadFailed: "Error loading products. Please try again later.",
  addedToCart: (name: string) => `${name} added to cart!`,
  quantityUpdated: (name: string) => `${name} quantity updated!`,
  newDeal: "New deal of the day is available!",
  nameTooLong: `Name must be at most ${PRODUCT_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
  priceTooHigh: `Price must be at most ${PRODUCT_PRICE_MAX} rupees`,
  priceNegative: "Price cannot be negative",
  priceDecimals: "Price can have at most two decimals",
  imageType: "Please choose a JPEG, PNG, WebP, GIF or AVIF image.",
  imageTooLarge: "The image must be at most 8 MB.",
} as const;

/** Upload types the add-product form accepts (DESIGN.md §6: no SVG). */
export const ACCEPTED_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/avif",
] as const;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

const required = productMessages.fillAllFields;

/**
 * The text fields of a new product (multipart form fields, so the price arrives as a string). The image
 * file is checked on its own: by type and size in the browser, by its decoded content on the server.
 */
export const NewProductFieldsSchema = z.object({
  name: z.string(required).trim().min(1, required).max(PRODUCT_NAME_MAX, productMessages.nameTooLong),
  price: z
    .union([z.number(), z.string().trim().min(1, required)], required)
    .pipe(z.coerce.number(required))
    .refine((price) => Number.isFinite(price) && price !== 0, { message: required, abort: true })
    .refine((price) => price > 0, { message: productMessages.priceNegative, abort: true })
    .refine((price) => price <= PRODUCT_PRICE_MAX, productMessages.priceTooHigh)
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, productMessages.priceDecimals),
  description: z
    .string(required)
    .trim()
    .min(1, required)
    .max(PRODUCT_DESCRIPTION_MAX, productMessages.descriptionTooLong),
  category: z.enum(CATEGORIES, required),
});
export type NewProductFields = z.infer<typeof NewProductFieldsSchema>;
export type NewProductFieldsInput = z.input<typeof NewProductFieldsSchema>;
