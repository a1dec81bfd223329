import { BOOT_TEXTS_ID, type BootTexts, MOST_SLOT, NAME_SLOT } from "../../lib/boot-texts.ts";
import { cartToastTexts } from "./add-to-cart.ts";
import { likeToasts } from "./product-texts.ts";

/** The cart's and likes' toasts with their slots, in the language shown now. */
function bootTexts(): BootTexts {
  const cart = cartToastTexts();
  return {
    product: cart.product,
    addedToCart: cart.addedToCart(NAME_SLOT),
    quantityUpdated: cart.quantityUpdated(NAME_SLOT),
    soldOut: cart.soldOut(NAME_SLOT),
    // NOTE: the slot stands where the number goes; Lingui puts a value in as it is given.
    allInCart: cart.allInCart(MOST_SLOT as unknown as number, NAME_SLOT),
    likeNotSaved: likeToasts.notSaved(),
    likeTooMany: likeToasts.tooMany(),
  };
}

/**
 * The toasts the boot script says before the app has arrived (src/client/boot.ts, decision 056), drawn by the
 * screens with an Add to Cart or a Like so they are in the page's language. Not executable JSON.
 */
export function BootTextsScript() {
  const json = JSON.stringify(bootTexts()).replace(/</g, "\\u003c");
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own texts as JSON, "<" escaped, never run.
    <script type="application/json" id={BOOT_TEXTS_ID} dangerouslySetInnerHTML={{ __html: json }} />
  );
}
