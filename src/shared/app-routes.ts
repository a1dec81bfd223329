/**
 * Every path the single-page app has a screen for (src/client/app/routes.tsx; its test keeps the two the same).
 * The server answers these with the app and 200, and any other page path with the app and 404, so that
 * scanners and search engines see the truth (issue 25). `:x` is one path segment; matching ignores case and a
 * trailing slash, as the router does.
 */
export const APP_ROUTE_PATTERNS = [
  "/",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/account/confirm-email",
  "/account/confirm-operator",
  "/sign-in-link",
  "/dashboard",
  "/shop",
  "/products/:id",
  "/addProduct",
  "/cart",
  "/checkout",
  "/order-confirmation",
  "/orders",
  "/orders/:id",
  "/standing-orders",
  "/standing-orders/new",
  "/farmer",
  "/farmer/run/:date",
  "/farmer/slots/:id/packing-list",
  "/admin/shop-slots/:id/packing-list",
  "/admin",
  "/admin/inbox",
  "/admin/products",
  "/admin/accounts",
  "/admin/orders",
  "/admin/payments",
  "/admin/deal",
  "/admin/shop-slots",
  "/admin/audit",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/messages",
  "/account",
  "/about",
] as const;

const patterns = APP_ROUTE_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`, "i"),
);

/** Whether the app has a screen for `path` (no query string). */
export const isAppPath = (path: string) => patterns.some((pattern) => pattern.test(path));
