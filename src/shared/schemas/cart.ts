import { z } from "zod";

import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "../constants.ts";

export { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY };

/**
 * A cart line as kept in localStorage under `cart`: the product's fields plus quantity (product rules §3). Prices
 * here are for display only; the server prices every order itself.
 */
export const CartItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  description: z.string().optional().default(""),
  category: z.string().optional().default(""),
  userId: z.string().optional().default(""),
  quantity: z.number().int().min(MIN_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
  /** For the deal of the day: when the deal it was added under started. */
  startTime: z.string().optional(),
  /** What the price is for, as the product showed it ("kg"); carts saved before units have none. */
  unit: z.string().optional(),
  /** The stock the product showed when added (null: not tracked), so the cart never offers more. */
  stock: z.number().int().nullable().optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;
export type CartProduct = Omit<CartItem, "quantity">;
