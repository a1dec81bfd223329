import type { CartToastTexts } from "./cart.ts";

/**
 * The words the boot script of a server-drawn page says before the app has arrived (decision 056), written
 * into the page by its screen in the page's language, a product's name as `{name}` and a number as `{most}`.
 */
export interface BootTexts {
  product: string;
  addedToCart: string;
  quantityUpdated: string;
  soldOut: string;
  allInCart: string;
  likeNotSaved: string;
  likeTooMany: string;
}

/** The id of the `<script type="application/json">` holding a page's BootTexts. */
export const BOOT_TEXTS_ID = "boot-texts";

export const NAME_SLOT = "{name}";
export const MOST_SLOT = "{most}";

/** A text with its slots filled in one pass, so a name holding "{most}" stays as it is. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(name|most)\}/g, (slot, key: string) => values[key] ?? slot);

/** The cart's toasts from the page's texts. */
export const cartTextsOf = (texts: BootTexts): CartToastTexts => ({
  product: texts.product,
  addedToCart: (name) => fill(texts.addedToCart, { name }),
  quantityUpdated: (name) => fill(texts.quantityUpdated, { name }),
  soldOut: (name) => fill(texts.soldOut, { name }),
  allInCart: (most, name) => fill(texts.allInCart, { name, most: String(most) }),
});
