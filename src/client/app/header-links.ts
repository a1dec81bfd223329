import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMe } from "../features/auth/me.api.ts";
import { useOperatorUnreadCount } from "../features/messages/operator-unread.api.ts";
import { useFarmerPendingCount } from "../features/orders/farmer-pending.api.ts";
import { cartCountOf } from "../lib/cart.ts";
import { useCart } from "../lib/cart-store.ts";

/**
 * One link of the header's navigation. The wide row, its menu and the phone menu render these lists, so a
 * feature adds its link here once (and, when it has something waiting, a count).
 */
export interface HeaderLink {
  to: string;
  label: string;
  /** A number shown as a badge beside the label; 0 or undefined shows none. */
  count?: number;
  /** What the count means, read by screen readers after the link's name (e.g. "3 items in your cart"). */
  countDescription?: string;
}

// NOTE: said in the language shown when called (the header re-renders when the language changes).
export const pendingCountDescription = (count: number) =>
  plural(count, { one: "# order waiting for you", other: "# orders waiting for you" });

export const unreadCountDescription = (count: number) =>
  plural(count, { one: "# unread message to the shop", other: "# unread messages to the shop" });

export const cartCountDescription = (count: number) =>
  plural(count, { one: "# item in your cart", other: "# items in your cart" });

/** The cart's total quantity, for the header's badges. */
export function useCartCount(): number {
  return cartCountOf(useCart());
}

/**
 * The header's links, in order: `main`, the product's own links (product rules §2), stay in view beside Home;
 * `account`, the signed-in person's own places, sit in the menu named after them. Add a feature's link (and
 * a hook for its count) here.
 */
export function useHeaderLinks(): { main: HeaderLink[]; account: HeaderLink[] } {
  const { t } = useLingui();
  const cartCount = useCartCount();
  const me = useMe().data;
  const signedIn = Boolean(me);
  const operator = me?.operator === true;
  const pending = useFarmerPendingCount(signedIn).data ?? 0;
  const unread = useOperatorUnreadCount(operator).data ?? 0;
  return {
    main: [
      { to: "/shop", label: t`Shop` },
      { to: "/addProduct", label: t`AddProducts` },
      { to: "/contact", label: t`Contact` },
      { to: "/cart", label: t`Cart`, count: cartCount, countDescription: cartCountDescription(cartCount) },
    ],
    account: [
      // NOTE: beyond the product's header links (product rules §2): the farmer's workspace, with how many of
      // their orders wait for them (asked again whenever the tab regains focus).
      {
        to: "/farmer",
        label: t`Farmer Portal`,
        count: pending,
        countDescription: pendingCountDescription(pending),
      },
      { to: "/orders", label: t`My orders` },
      // Where a farmer reads what shoppers sent through the contact form.
      { to: "/messages", label: t`Messages` },
      // Name, e-mail, password, signed-in devices, leaving.
      { to: "/account", label: t`Account` },
      // NOTE: only operators see the link (the server refuses everybody else), with the shop's unread messages.
      ...(operator
        ? [{ to: "/admin", label: t`Admin`, count: unread, countDescription: unreadCountDescription(unread) }]
        : []),
    ],
  };
}
