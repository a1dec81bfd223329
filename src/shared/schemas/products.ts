import { z } from "zod";
import { CATEGORIES, PRODUCT_SORTS, PRODUCT_UNITS, type ProductUnit } from "../product-basics.ts";
import { NextSlotSchema } from "./slot-basics.ts";

export {
  CATEGORIES,
  type Category,
  formatPricePerUnit,
  LOW_STOCK_THRESHOLD,
  PRODUCT_SORTS,
  PRODUCT_UNITS,
  type ProductUnit,
  stockState,
} from "../product-basics.ts";

export const CategorySchema = z.enum(CATEGORIES);

export const PRODUCT_NAME_MAX = 100;
/** How many names in other languages and scripts a product may carry (a Devanagari name, "tamatar"). */
export const PRODUCT_OTHER_NAMES_MAX = 5;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** The highest price a product may have, in rupees. */
export const PRODUCT_PRICE_MAX = 100_000;

export const DEFAULT_PRODUCT_UNIT: ProductUnit = "piece";
/** The most a farmer may hold in stock of one product (a bound, so a huge number is a clear 400). */
export const PRODUCT_STOCK_MAX = 100_000;

/** A product as the API returns it (the product's field names, product rules §3; `image` is a URL, never a data URL). */
export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its names in other languages and scripts (a Devanagari name, "tamatar"), which the name search also matches. */
  otherNames: z.array(z.string()),
  /** Rupees, at most two decimals. */
  price: z.number(),
  /** URL of the image at its default width, e.g. `/api/images/<id>?w=640`, or "" when there is none. */
  image: z.string(),
  /** Widths prepared for `srcset`. */
  imageWidths: z.array(z.number()).optional(),
  imageWidth: z.number().optional(),
  imageHeight: z.number().optional(),
  description: z.string(),
  category: z.string(),
  userId: z.string(),
  /** The owner's display name. */
  farmerName: z.string().optional(),
  /** Always 0 when read (product rules §3); the cart keeps its own quantities. */
  quantity: z.number(),
  createdAt: z.string(),
  /** What the price is for ("kg", "bunch", …). */
  unit: z.enum(PRODUCT_UNITS),
  /** How many are left; `null` when the farmer does not track stock. 0 is "Sold out". */
  stock: z.number().int().nullable(),
  /** `YYYY-MM-DD` (the shop's calendar), or null when not given. */
  harvestedOn: z.string().nullable(),
  /**
   * Only in its owner's and operators' views. `hidden`: true while it is off the shop, because an operator took
   * it down or because its farmer's account is suspended (`farmerSuspended`). `hiddenReason`: the operator's
   * reason while an operator has hidden it (so only then can it be unhidden), else null.
   */
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
  farmerSuspended: z.boolean().optional(),
  /** Only in its owner's and operators' views: kept out of standing orders (issue 35). */
  oneOffOnly: z.boolean().optional(),
  /** The farmer's next open delivery (else pickup) slot; null when none is open (decision 017). */
  nextSlot: NextSlotSchema.optional(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListQuerySchema = z.strictObject({
  category: CategorySchema.optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS).default("newest"),
  /** "true": only the products the signed-in account likes (the shop's Liked filter). */
  liked: z.enum(["true", "false"]).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(12),
});
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSchema),
  nextCursor: z.string().nullable(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** The deal of the day (product rules §3), served by GET /api/deal. */
export const DealSchema = z.object({
  id: z.literal("deal-of-the-day"),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  image: z.string(),
  description: z.string(),
  category: z.string(),
  userId: z.literal("system"),
  /** ISO start of this deal; it ends 24 hours later. */
  startTime: z.string(),
  endTime: z.string(),
});
export type Deal = z.infer<typeof DealSchema>;
