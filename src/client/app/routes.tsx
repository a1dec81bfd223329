import { matchRoutes, Outlet, type RouteObject, useRoutes } from "react-router";
import { LoginPage } from "../features/auth/login-page.tsx";
import { SignupPage } from "../features/auth/signup-page.tsx";
import { ADMIN_SECTIONS } from "./admin-sections.ts";
import { HomeRedirect, RequireSignedIn, RequireSignedOut } from "./guards.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { RouteBoundary, type ScreenHandle, lazyScreen as screen } from "./route-error.tsx";

/** The guards' routes, by id: the server answers their redirects itself (entry-server.tsx). */
export const GUARDS = { home: "home", signedIn: "signed-in", signedOut: "signed-out" } as const;

/** The screens the server draws with their content (decision 037); the others are drawn by the browser. */
export const SERVER_RENDERED = new Set([
  "/login",
  "/signup",
  "/dashboard",
  "/shop",
  "/products/:id",
  "/about",
  "/faq",
  "/terms",
]);

/** A route whose element shows the error page in its place when it (or its code's loading) fails. */
const caught = (route: Pick<RouteObject, "element" | "handle">) => ({
  ...route,
  element: <RouteBoundary>{route.element}</RouteBoundary>,
});

/** The route table of product rules §2 (matching is case-insensitive, so /addproduct reaches /addProduct). */
const table: RouteObject[] = [
  { id: GUARDS.home, path: "/", element: <HomeRedirect /> },
  {
    id: GUARDS.signedOut,
    element: <RequireSignedOut />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
      {
        path: "/forgot-password",
        ...screen(() => import("../features/auth/password-pages.tsx").then((m) => m.ForgotPasswordPage)),
      },
    ],
  },
  // NOTE: the pages mailed links open work signed in or out (the link is the proof).
  {
    path: "/reset-password",
    ...screen(() => import("../features/auth/password-pages.tsx").then((m) => m.ResetPasswordPage)),
  },
  {
    path: "/account/confirm-email",
    ...screen(() => import("../features/auth/confirm-email-page.tsx").then((m) => m.ConfirmEmailPage)),
  },
  {
    path: "/sign-in-link",
    ...screen(() => import("../features/auth/confirm-email-page.tsx").then((m) => m.SignInLinkPage)),
  },
  {
    path: "/account/confirm-operator",
    ...screen(() => import("../features/auth/confirm-email-page.tsx").then((m) => m.ConfirmOperatorPage)),
  },
  {
    id: GUARDS.signedIn,
    element: <RequireSignedIn />,
    children: [
      {
        // NOTE: the header and footer come in a chunk of their own, loaded beside the screen's: the signed-out
        // screens (/login, /signup) have no layout and download none of it (decision 012).
        ...caught(screen(() => import("./layout.tsx").then((m) => m.Layout), "app/layout.tsx", ["layout"])),
        // NOTE: a screen's error shows inside the layout, so the header and its links stay usable.
        children: [
          {
            element: <RouteBoundary>{<Outlet />}</RouteBoundary>,
            children: [
              {
                path: "/dashboard",
                ...screen(
                  () => import("./dashboard-route.tsx").then((m) => m.DashboardRoute),
                  "app/dashboard-route.tsx",
                  ["catalogue", "layout"],
                ),
              },
              {
                path: "/shop",
                ...screen(() => import("./shop-route.tsx").then((m) => m.ShopRoute), "app/shop-route.tsx", [
                  "catalogue",
                  "layout",
                ]),
              },
              {
                path: "/products/:id",
                ...screen(
                  () => import("./catalogue-routes.tsx").then((m) => m.ProductRoute),
                  "app/catalogue-routes.tsx",
                  ["catalogue", "layout"],
                ),
              },
              {
                path: "/addProduct",
                ...screen(() => import("./catalogue-routes.tsx").then((m) => m.AddProductRoute)),
              },
              {
                path: "/cart",
                ...screen(() => import("../features/orders/cart-page.tsx").then((m) => m.CartPage)),
              },
              {
                path: "/checkout",
                ...screen(() => import("./checkout-with-account.tsx").then((m) => m.CheckoutWithAccount)),
              },
              {
                path: "/order-confirmation",
                ...screen(() =>
                  import("../features/orders/order-confirmation-page.tsx").then(
                    (m) => m.OrderConfirmationPage,
                  ),
                ),
              },
              {
                path: "/orders",
                ...screen(() => import("../features/orders/orders-page.tsx").then((m) => m.OrdersPage)),
              },
              {
                path: "/standing-orders/new",
                ...screen(() =>
                  import("./checkout-with-account.tsx").then((m) => m.NewStandingOrderWithAccount),
                ),
              },
              {
                path: "/standing-orders",
                ...screen(() =>
                  import("./standing-orders-with-account.tsx").then((m) => m.StandingOrdersWithAccount),
                ),
              },
              {
                path: "/orders/:id",
                ...screen(() =>
                  import("../features/orders/order-detail-page.tsx").then((m) => m.OrderDetailPage),
                ),
              },
              {
                path: "/farmer",
                ...screen(() => import("./farmer-page.tsx").then((m) => m.FarmerPage)),
              },
              {
                path: "/farmer/slots/:id/packing-list",
                ...screen(() => import("./farmer-page.tsx").then((m) => m.FarmerPackingListPage)),
              },
              {
                path: "/farmer/run/:date",
                ...screen(() => import("./farmer-page.tsx").then((m) => m.FarmerRunPage)),
              },
              {
                path: "/admin/shop-slots/:id/packing-list",
                ...screen(() => import("./admin-page.tsx").then((m) => m.ShopPackingListPage)),
              },
              {
                path: "/admin",
                ...screen(() => import("./admin-page.tsx").then((m) => m.AdminPage)),
                children: [
                  // NOTE: every section's screen comes in the workspace's own chunk (admin-page.tsx).
                  ...ADMIN_SECTIONS.map(({ path }) => ({
                    ...(path ? { path } : { index: true as const }),
                    ...screen(() => import("./admin-page.tsx").then((m) => m.adminScreens[path])),
                  })),
                ],
              },
              {
                path: "/contact",
                ...screen(() => import("../features/messages/contact-page.tsx").then((m) => m.ContactPage)),
              },
              {
                path: "/faq",
                ...screen(
                  () => import("../features/messages/faq-page.tsx").then((m) => m.FaqPage),
                  "features/messages/faq-page.tsx",
                  ["messages"],
                ),
              },
              {
                path: "/terms",
                ...screen(
                  () => import("../features/legal/terms-page.tsx").then((m) => m.TermsPage),
                  "features/legal/terms-page.tsx",
                  ["legal"],
                ),
              },
              {
                path: "/privacy",
                ...screen(() => import("../features/legal/terms-page.tsx").then((m) => m.TermsPage)),
              },
              {
                path: "/messages",
                ...screen(() => import("../features/messages/messages-page.tsx").then((m) => m.MessagesPage)),
              },
              {
                path: "/account",
                ...screen(() => import("../features/auth/account-page.tsx").then((m) => m.AccountPage)),
              },
              {
                path: "/about",
                ...screen(
                  () => import("../features/about/about-page.tsx").then((m) => m.AboutPage),
                  "features/about/about-page.tsx",
                  ["about", "layout"],
                ),
              },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The table under one error page, so no failure anywhere leaves a blank screen. */
export const routes: RouteObject[] = [
  { element: <RouteBoundary>{<Outlet />}</RouteBoundary>, children: table },
];

/** The app's screens for the current address (React Router's declarative mode, decision 043). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The lazy screens drawn at `pathname`: their code and texts to fetch before drawing it. */
export const screensAt = (pathname: string): ScreenHandle[] =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    route.handle ? [route.handle as ScreenHandle] : [],
  );
