import { z } from "zod";
import { MAX_LIKES } from "../constants.ts";
import { fixedText, text } from "../i18n/text.ts";

export { MAX_LIKES } from "../constants.ts";

/**
 * Liked products kept on the account (decision 011). Signed out, likes stay in the browser under
 * `likedProducts` (product rules §3); on sign-in that list is merged into the account once, and from then on
 * the account is the source of truth.
 */

export const likeMessages = {
  tooMany: fixedText(
    /*i18n*/ { id: "You can like up to {max} products. Unlike some to like more." },
    { max: MAX_LIKES },
  ),
  notSaved: text(/*i18n*/ { id: "Your like could not be saved. Please try again." }),
} as const;

const ProductIdSchema = z.string().min(1).max(100);

export const LikeParamsSchema = z.object({ productId: ProductIdSchema });

/** The account's liked product ids, the most recently liked first. */
export const LikesResponseSchema = z.object({ productIds: z.array(ProductIdSchema) });
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

/**
 * The browser's own list, merged into the account on sign-in. Ids of products that no longer exist are
 * skipped, not refused: a list kept for months may name products since deleted.
 */
export const MergeLikesBodySchema = z.strictObject({
  productIds: z.array(ProductIdSchema).max(MAX_LIKES, `At most ${MAX_LIKES} products at once`),
});
export type MergeLikesBody = z.infer<typeof MergeLikesBodySchema>;
