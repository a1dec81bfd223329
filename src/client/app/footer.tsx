import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { LogoMark } from "../components/logo.tsx";

/** NOTE: at phone widths each link is a 44 px tall touch target. */
const footerLink = "inline-flex min-h-11 min-w-11 items-center hover:underline sm:min-h-0 sm:min-w-0";

export function Footer() {
  const { t } = useLingui();
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
        <nav aria-label={t`Help`}>
          <p className="font-semibold">
            <Trans>Help</Trans>
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className={footerLink} to="/orders">
                <Trans>My orders</Trans>
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/faq">
                <Trans>FAQ</Trans>
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/contact?type=shipping">
                <Trans>Shipping</Trans>
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/contact?type=returns">
                <Trans>Returns</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`About`}>
          <p className="font-semibold">
            <Trans>About</Trans>
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className={footerLink} to="/about">
                <Trans>About us</Trans>
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/terms">
                <Trans>Terms</Trans>
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/privacy">
                <Trans>Privacy</Trans>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} Veggie Cart
      </p>
    </footer>
  );
}
