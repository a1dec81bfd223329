import { z } from "zod";

export const CATEGORIES = ["vegetables", "fruits", "dairy", "grains"] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** The highest price a product may have, in rupees. */
export const PRODUCT_PRICE_MAX = 100_000;

/** A product as the API returns it (the spec's field names; `image` is a URL, never a data URL). */
export const ProductSchema = z.object({
  id: z.string(),
  name: z.string(),
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
  /** Always 0 when read (SPEC §3); the cart keeps its own quantities. */
  quantity: z.number(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc"] as const;

export const ProductListQuerySchema = z.strictObject({
  category: CategorySchema.optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS).default("newest"),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(12),
});
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSchema),
  nextCursor: z.string().nullable(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** The deal of the day (SPEC §3), served by GET /api/deal. */
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
