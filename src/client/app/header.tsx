import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId } from "react";
import { Link, NavLink } from "react-router";
import type { Language } from "../../shared/i18n/languages.ts";
import type { User } from "../../shared/schemas/auth.ts";
import { CartIcon, CloseIcon, MenuIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import { LogoMark } from "../components/logo.tsx";
import { useLogout } from "../features/auth/logout.api.ts";
import { useMe } from "../features/auth/me.api.ts";
import { useSaveLanguage } from "../features/auth/save-language.api.ts";
import { applyLanguage, currentLanguage, rememberSignedOutChoice } from "../lib/language.ts";
import { OfflineBanner } from "./connection-notices.tsx";
import { cartCountDescription, type HeaderLink, useCartCount, useHeaderLinks } from "./header-links.ts";
import { PhoneMenu, RowLinks, type Waiting } from "./header-menus.tsx";
import { Badge, CartBadge } from "./header-parts.tsx";
import { sendKeptRunActions } from "./run-queue-sender.ts";
import { useDisclosure } from "./use-disclosure.ts";

type Disclosure = ReturnType<typeof useDisclosure>;

/**
 * Signed in: the account's language wins over this browser's (decision 032), and a farmer's delivery-run
 * actions kept on this phone are sent on opening the app (decision 046).
 */
function useSignedInUser(user: User | null | undefined) {
  const accountLanguage = user?.language;
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage()) void applyLanguage(accountLanguage);
  }, [accountLanguage]);
  const userId = user?.id;
  useEffect(() => (userId ? sendKeptRunActions(userId) : undefined), [userId]);
}

/** The strip above the bar from `sm` up: how to reach the shop. */
function ContactStrip() {
  return (
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
  );
}

/** Below `lg`: the cart with its count, and the Menu button that discloses everything else. */
function PhoneBar({ menu, waiting }: { menu: Disclosure; waiting: Waiting }) {
  const cartCount = useCartCount();
  const cartDescriptionId = useId();
  return (
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
        {...menu.buttonProps}
        aria-describedby={waiting.describedBy}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-semibold text-stone-800 hover:bg-stone-100"
      >
        {menu.open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        <Trans>Menu</Trans>
        {waiting.count > 0 ? <Badge count={waiting.count} /> : null}
      </button>
    </div>
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
  const waitingDescriptionId = useId();
  const phoneMenu = useDisclosure();
  const accountMenu = useDisclosure();
  useSignedInUser(me.data);
  const userName = me.data ? me.data.name || me.data.email : null;
  const waitingLinks = account.filter((link) => (link.count ?? 0) > 0);
  const waitingCount = waitingLinks.reduce((sum, link) => sum + (link.count ?? 0), 0);
  const waiting = { count: waitingCount, describedBy: waitingCount > 0 ? waitingDescriptionId : undefined };
  const languageMenu = (
    <LanguageMenu
      className=""
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
  // NOTE: the row and the phone menu show the same places.
  const places = { links, account, userName, languageMenu };

  return (
    <header className="sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur">
      <ContactStrip />
      <nav aria-label={t`Main`} className="mx-auto max-w-7xl px-4">
        {/* Read after either menu button's name; hidden, as the badge already shows the number. */}
        {waitingCount > 0 ? (
          <span id={waitingDescriptionId} hidden>
            {waitingLinks.map((link) => link.countDescription).join(", ")}
          </span>
        ) : null}
        <div className="flex items-center justify-between gap-2 py-2 lg:py-3">
          <Link
            to="/dashboard"
            className="flex min-h-11 items-center gap-2 whitespace-nowrap text-xl font-extrabold text-brand-800"
          >
            <LogoMark /> Veggie Cart
          </Link>
          <PhoneBar menu={phoneMenu} waiting={waiting} />
          <RowLinks
            {...places}
            menu={accountMenu}
            waiting={waiting}
            logoutButton={logoutButton(
              "ml-2 min-h-11 whitespace-nowrap rounded-md bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900",
            )}
          />
        </div>
        <PhoneMenu
          {...places}
          menu={phoneMenu}
          logoutButton={logoutButton(
            "min-h-11 rounded-md bg-stone-800 px-4 text-base font-semibold text-white hover:bg-stone-900",
          )}
        />
      </nav>
      <OfflineBanner />
    </header>
  );
}
