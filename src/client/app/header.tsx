import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import { CartIcon, ChevronDownIcon, CloseIcon, MenuIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import { LogoMark } from "../components/logo.tsx";
import { useSaveLanguage } from "../features/auth/account.api.ts";
import { useLogout } from "../features/auth/logout.api.ts";
import { useMe } from "../features/auth/me.api.ts";
import { cartBadgeText } from "../lib/cart.ts";
import { applyLanguage, currentLanguage, rememberSignedOutChoice } from "../lib/language.ts";
import { OfflineBanner } from "./connection-notices.tsx";
import { cartCountDescription, type HeaderLink, useCartCount, useHeaderLinks } from "./header-links.ts";
import { sendKeptRunActions } from "./run-queue-sender.ts";
import { useDisclosure } from "./use-disclosure.ts";

const rowLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100 hover:text-brand-800"}`;
const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center rounded-md px-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-800 hover:bg-stone-100"}`;

const badgeClass =
  "ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white";

function Badge({ count }: { count: number }) {
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
function CartBadge({ count }: { count: number }) {
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
function HeaderNavLink({
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

/**
 * The site header. From `lg` up the product's links (Home, Shop, AddProducts, Contact, Cart) and Logout sit in
 * one row, and the signed-in person's own places (Farmer Portal, My orders, Messages, Account, Admin) in one
 * menu whose button bears their name. Below `lg` (phones and small tablets) the bar holds the logo, the cart
 * with its count and a Menu button that discloses all of them, so nothing wraps.
 */
export function Header() {
  const { t } = useLingui();
  const me = useMe();
  const logout = useLogout();
  const saveLanguage = useSaveLanguage();
  const { main, account } = useHeaderLinks();
  const links: HeaderLink[] = [{ to: "/dashboard", label: t`Home` }, ...main];
  const cartCount = useCartCount();
  const cartDescriptionId = useId();
  const waitingDescriptionId = useId();
  const accountHeadingId = useId();
  const phoneMenu = useDisclosure();
  const accountMenu = useDisclosure();
  const userName = me.data ? me.data.name || me.data.email : null;
  // What waits behind the menus (the farmer's orders, the shop's messages), shown on their buttons.
  const waiting = account.filter((link) => (link.count ?? 0) > 0);
  const waitingCount = waiting.reduce((sum, link) => sum + (link.count ?? 0), 0);
  const waitingDescribedBy = waitingCount > 0 ? waitingDescriptionId : undefined;
  // NOTE: signed in, the account's language wins over this browser's (decision 032).
  const accountLanguage = me.data?.language;
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage()) void applyLanguage(accountLanguage);
  }, [accountLanguage]);
  // NOTE: a farmer's delivery-run actions kept on this phone are sent on opening the app (decision 046).
  const userId = me.data?.id;
  useEffect(() => (userId ? sendKeptRunActions(userId) : undefined), [userId]);
  const languageMenu = (className: string) => (
    <LanguageMenu
      className={className}
      onChosen={(language: Language) => {
        if (me.data) saveLanguage.mutate(language);
        // NOTE: chosen on /login just before signing in, it wins over the account's (issue 40 item 13).
        else rememberSignedOutChoice(language);
      }}
    />
  );

  const logoutButton = (className: string) =>
    me.data ? (
      <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending} className={className}>
        <Trans>Logout</Trans>
      </button>
    ) : null;

  return (
    <header className="sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur">
      <div className="hidden bg-brand-900 text-brand-50 sm:block">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-1.5 text-sm">
          <p>
            <Trans>Call us:</Trans>{" "}
            <a href="tel:+919876543210" className="underline-offset-2 hover:underline">
              +91 98765 43210
            </a>
            <span aria-hidden="true"> · </span>
            <a href="mailto:hello@veggiecart.example" className="underline-offset-2 hover:underline">
              hello@veggiecart.example
            </a>
          </p>
          <p>
            <Trans>Fresh from the farm, every day</Trans>
          </p>
        </div>
      </div>
      <nav aria-label={t`Main`} className="mx-auto max-w-7xl px-4">
        {/* Read after either menu button's name; hidden, as the badge already shows the number. */}
        {waitingCount > 0 ? (
          <span id={waitingDescriptionId} hidden>
            {waiting.map((link) => link.countDescription).join(", ")}
          </span>
        ) : null}
        <div className="flex items-center justify-between gap-2 py-2 lg:py-3">
          <Link
            to="/dashboard"
            className="flex min-h-11 items-center gap-2 whitespace-nowrap text-xl font-extrabold text-brand-800"
          >
            <LogoMark /> Veggie Cart
          </Link>
          <div className="flex items-center gap-1 lg:hidden">
            <NavLink
              to="/cart"
              aria-describedby={cartCount > 0 ? cartDescriptionId : undefined}
              className={({ isActive }) =>
                `inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 font-semibold ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-800 hover:bg-stone-100"}`
              }
            >
              <CartIcon className="h-6 w-6" />
              <span className="sr-only">
                <Trans>Cart</Trans>
              </span>
              <CartBadge count={cartCount} />
            </NavLink>
            {cartCount > 0 ? (
              <span id={cartDescriptionId} className="sr-only">
                {cartCountDescription(cartCount)}
              </span>
            ) : null}
            <button
              {...phoneMenu.buttonProps}
              aria-describedby={waitingDescribedBy}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {phoneMenu.open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
              <Trans>Menu</Trans>
              {waitingCount > 0 ? <Badge count={waitingCount} /> : null}
            </button>
          </div>
          <ul className="hidden items-center gap-0.5 lg:flex">
            {links.map((link) => (
              <li key={link.to}>
                <HeaderNavLink link={link} className={rowLinkClass} />
              </li>
            ))}
            {userName ? (
              <li className="relative ml-2">
                <button
                  {...accountMenu.buttonProps}
                  aria-label={t`Signed in as ${userName}`}
                  aria-describedby={waitingDescribedBy}
                  className={`inline-flex min-h-11 max-w-[14rem] items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold ring-1 ring-stone-300 ${accountMenu.open ? "bg-stone-100 text-stone-900" : "text-stone-800 hover:bg-stone-100"}`}
                >
                  <span className="truncate">{userName}</span>
                  {waitingCount > 0 ? <Badge count={waitingCount} /> : null}
                  <ChevronDownIcon className="h-4 w-4 shrink-0" />
                </button>
                <div
                  {...accountMenu.panelProps}
                  className="absolute right-0 top-full z-40 mt-1 w-56 rounded-lg bg-white p-1.5 shadow-lg ring-1 ring-stone-200"
                >
                  {accountMenu.open ? (
                    <ul className="grid gap-0.5">
                      {account.map((link) => (
                        <li key={link.to}>
                          <HeaderNavLink
                            link={link}
                            className={menuLinkClass}
                            onNavigate={accountMenu.close}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ) : null}
            {me.data ? (
              <li>
                {logoutButton(
                  "ml-2 min-h-11 whitespace-nowrap rounded-md bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900",
                )}
              </li>
            ) : null}
            {/* NOTE: last in the row, so Tab leaves the account menu for Logout as before. */}
            <li className="ml-2">{languageMenu("")}</li>
          </ul>
        </div>
        <div {...phoneMenu.panelProps} className="border-t border-stone-200 pb-3 pt-2 lg:hidden">
          {phoneMenu.open ? (
            <>
              <ul className="grid gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <HeaderNavLink link={link} className={menuLinkClass} onNavigate={phoneMenu.close} />
                  </li>
                ))}
              </ul>
              {userName ? (
                <>
                  <p
                    id={accountHeadingId}
                    className="mt-2 border-t border-stone-200 px-3 pb-1 pt-3 text-sm text-stone-600"
                  >
                    <Trans>
                      Signed in as <strong className="text-stone-900">{userName}</strong>
                    </Trans>
                  </p>
                  <ul aria-labelledby={accountHeadingId} className="grid gap-1">
                    {account.map((link) => (
                      <li key={link.to}>
                        <HeaderNavLink link={link} className={menuLinkClass} onNavigate={phoneMenu.close} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 pt-3 text-sm text-stone-700">
                <a
                  href="tel:+919876543210"
                  className="inline-flex min-h-11 items-center underline underline-offset-2"
                >
                  <Trans>Call us:</Trans> +91 98765 43210
                </a>
                {languageMenu("")}
                {logoutButton(
                  "min-h-11 rounded-md bg-stone-800 px-4 text-base font-semibold text-white hover:bg-stone-900",
                )}
              </div>
            </>
          ) : null}
        </div>
      </nav>
      <OfflineBanner />
    </header>
  );
}
