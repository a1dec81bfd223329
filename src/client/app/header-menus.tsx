import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useId } from "react";
import { ChevronDownIcon } from "../components/icons.tsx";
import type { HeaderLink } from "./header-links.ts";
import { Badge, HeaderNavLink, menuLinkClass, rowLinkClass } from "./header-parts.tsx";
import type { useDisclosure } from "./use-disclosure.ts";

type Disclosure = ReturnType<typeof useDisclosure>;

/** What waits behind the menus (the farmer's orders, the shop's messages), shown on their buttons. */
export interface Waiting {
  count: number;
  /** The id of the hidden sentence that says what waits, read after either menu button's name. */
  describedBy: string | undefined;
}

/** From `lg` up: the signed-in person's own places, behind a button bearing their name. */
export function AccountMenu({
  userName,
  links,
  menu,
  waitingCount,
  waitingDescribedBy,
}: {
  userName: string;
  links: readonly HeaderLink[];
  menu: Disclosure;
  waitingCount: number;
  waitingDescribedBy: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <li className="relative ml-2">
      <button
        {...menu.buttonProps}
        aria-label={t`Signed in as ${userName}`}
        aria-describedby={waitingDescribedBy}
        className={`inline-flex min-h-11 max-w-[14rem] items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold ring-1 ring-stone-300 ${menu.open ? "bg-stone-100 text-stone-900" : "text-stone-800 hover:bg-stone-100"}`}
      >
        <span className="truncate">{userName}</span>
        {waitingCount > 0 ? <Badge count={waitingCount} /> : null}
        <ChevronDownIcon className="h-4 w-4 shrink-0" />
      </button>
      <div
        {...menu.panelProps}
        className="absolute right-0 top-full z-40 mt-1 w-56 rounded-lg bg-white p-1.5 shadow-lg ring-1 ring-stone-200"
      >
        {menu.open ? (
          <ul className="grid gap-0.5">
            {links.map((link) => (
              <li key={link.to}>
                <HeaderNavLink link={link} className={menuLinkClass} onNavigate={menu.close} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/** Below `lg`: every link, the person's own places, the phone number, the language and Logout, disclosed. */
export function PhoneMenu({
  menu,
  links,
  account,
  userName,
  languageMenu,
  logoutButton,
}: {
  menu: Disclosure;
  links: readonly HeaderLink[];
  account: readonly HeaderLink[];
  userName: string | null;
  languageMenu: ReactNode;
  logoutButton: ReactNode;
}) {
  const accountHeadingId = useId();
  return (
    <div {...menu.panelProps} className="border-t border-stone-200 pb-3 pt-2 lg:hidden">
      {menu.open ? (
        <>
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <HeaderNavLink link={link} className={menuLinkClass} onNavigate={menu.close} />
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
                    <HeaderNavLink link={link} className={menuLinkClass} onNavigate={menu.close} />
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
            {languageMenu}
            {logoutButton}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** From `lg` up: the links in one row, the account's menu, Logout and, last, the language. */
export function RowLinks({
  links,
  account,
  userName,
  menu,
  waiting,
  logoutButton,
  languageMenu,
}: {
  links: readonly HeaderLink[];
  account: readonly HeaderLink[];
  userName: string | null;
  menu: Disclosure;
  waiting: Waiting;
  logoutButton: ReactNode;
  languageMenu: ReactNode;
}) {
  return (
    <ul className="hidden items-center gap-0.5 lg:flex">
      {links.map((link) => (
        <li key={link.to}>
          <HeaderNavLink link={link} className={rowLinkClass} />
        </li>
      ))}
      {userName ? (
        <AccountMenu
          userName={userName}
          links={account}
          menu={menu}
          waitingCount={waiting.count}
          waitingDescribedBy={waiting.describedBy}
        />
      ) : null}
      {logoutButton ? <li>{logoutButton}</li> : null}
      {/* NOTE: last in the row, so Tab leaves the account menu for Logout as before. */}
      <li className="ml-2">{languageMenu}</li>
    </ul>
  );
}
