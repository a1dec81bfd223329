import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LogoMark } from "../components/logo.tsx";

/** NOTE: at phone widths each link is a 44 px tall touch target. */
const footerLink = "inline-flex min-h-11 min-w-11 items-center hover:underline sm:min-h-0 sm:min-w-0";

/** One of the footer's columns of links, named by its title. */
function FooterNav({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link className={footerLink} to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer's columns: help with orders, and about the shop. */
const columns = [
  {
    title: msg`Help`,
    links: [
      { to: "/orders", label: msg`My orders` },
      { to: "/faq", label: msg`FAQ` },
      { to: "/contact?type=shipping", label: msg`Shipping` },
      { to: "/contact?type=returns", label: msg`Returns` },
    ],
  },
  {
    title: msg`About`,
    links: [
      { to: "/about", label: msg`About us` },
      { to: "/terms", label: msg`Terms` },
      { to: "/privacy", label: msg`Privacy` },
    ],
  },
] as const;

export function Footer() {
  const { i18n } = useLingui();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold">
            <LogoMark className="h-6 w-6" /> Veggie Cart
          </p>
          <p className="mt-2 text-sm text-brand-100">
            <Trans>Fruits, vegetables, dairy and grains, straight from the farmers who grow them.</Trans>
          </p>
        </div>
        {columns.map((column) => (
          <FooterNav
            key={column.title.id}
            title={i18n._(column.title)}
            links={column.links.map((link) => ({ to: link.to, label: i18n._(link.label) }))}
          />
        ))}
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} Veggie Cart
      </p>
    </footer>
  );
}
