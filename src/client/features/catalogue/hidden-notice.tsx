import { Trans } from "@lingui/react/macro";
import type { Product } from "../../../shared/schemas/products.ts";

type Visibility = Pick<Product, "hidden" | "hiddenReason" | "farmerSuspended">;

/**
 * True when an operator took the product off the shop (so an operator can unhide it). A product that is off
 * the shop only because its farmer's account is suspended comes back when the farmer is reinstated.
 */
export const hiddenByOperator = (product: Visibility) =>
  product.hidden === true && (product.hiddenReason != null || product.farmerSuspended !== true);

/**
 * Why a product is off the shop, told only to its farmer and to operators: "Hidden by the shop: <reason>",
 * and/or that the farmer's account is suspended; nothing for a product in the shop.
 */
export function HiddenNotice({ product }: { product: Visibility }) {
  if (!product.hidden) return null;
  return (
    <p className="mt-1 text-sm text-red-800">
      <span className="mr-1 inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
        <Trans>Hidden</Trans>
      </span>
      {hiddenByOperator(product) ? (
        product.hiddenReason ? (
          <Trans>Hidden by the shop: {product.hiddenReason}</Trans>
        ) : (
          <Trans>Hidden by the shop</Trans>
        )
      ) : null}
      {hiddenByOperator(product) && product.farmerSuspended ? " · " : null}
      {product.farmerSuspended ? <Trans>The farmer's account is suspended</Trans> : null}
    </p>
  );
}
