import { useId } from "react";
import { NavLink, useLocation } from "react-router";
import { cartBadgeText } from "../lib/cart.ts";
import type { HeaderLink } from "./header-links.ts";

export const rowLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100 hover:text-brand-800"}`;
export const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center rounded-md px-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-800 hover:bg-stone-100"}`;

const badgeClass =
  "ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white";

export function Badge({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className={badgeClass}>
      {count}
    </span>
  );
}

/**
 * The cart's badge, drawn even when empty (hidden, and without a number, so the link reads as before): the boot
 * script shows the count in it before the app has arrived (src/client/boot.ts, decision 056), from the same
 * stored cart the app then draws it from.
 */
export function CartBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-cart-count=""
      hidden={count === 0}
      // NOTE: hydrated with the server's empty cart while the boot script already shows the stored one; the
      // next draw (the stored cart) writes the same number.
      suppressHydrationWarning
      className={badgeClass}
    >
      {cartBadgeText(count)}
    </span>
  );
}

/** One header link; a count is shown as a badge and described (not named), so the link keeps its name. */
export function HeaderNavLink({
  link,
  className,
  onNavigate,
}: {
  link: HeaderLink;
  className: (state: { isActive: boolean }) => string;
  onNavigate?: () => void;
}) {
  const descriptionId = useId();
  const location = useLocation();
  const count = link.count ?? 0;
  const hasCount = count > 0;
  return (
    <>
      <NavLink
        to={link.to}
        className={className}
        aria-describedby={hasCount && link.countDescription ? descriptionId : undefined}
        onClick={() => {
          // NOTE: a link to the page already shown takes the user back to its top.
          if (location.pathname.toLowerCase() === link.to.toLowerCase()) window.scrollTo({ top: 0 });
          onNavigate?.();
        }}
      >
        {link.label}
        {link.to === "/cart" ? <CartBadge count={count} /> : hasCount ? <Badge count={count} /> : null}
      </NavLink>
      {hasCount && link.countDescription ? (
        <span id={descriptionId} className="sr-only">
          {link.countDescription}
        </span>
      ) : null}
    </>
  );
}
