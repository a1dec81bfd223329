import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { Spinner } from "../components/spinner.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { SignupPage } from "../features/auth/signup-page.tsx";
import { HomeRedirect, RequireSignedIn, RequireSignedOut } from "./guards.tsx";
import { Layout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * A screen loaded on first visit, so the sign-in screen does not wait for the whole shop's code: each
 * feature's screens become a chunk of their own.
 */
const screen = (load: () => Promise<ComponentType>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: await load() }),
});

/** The route table of product rules §2 (matching is case-insensitive, so /addproduct reaches /addProduct). */
export const routes: RouteObject[] = [
  { path: "/", element: <HomeRedirect /> },
  {
    element: <RequireSignedOut />,
    hydrateFallbackElement: <Spinner label="Loading..." />,
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
    hydrateFallbackElement: <Spinner label="Loading..." />,
    ...screen(() => import("../features/auth/password-pages.tsx").then((m) => m.ResetPasswordPage)),
  },
  {
    path: "/account/confirm-email",
    hydrateFallbackElement: <Spinner label="Loading..." />,
    ...screen(() => import("../features/auth/confirm-email-page.tsx").then((m) => m.ConfirmEmailPage)),
  },
  {
    element: <RequireSignedIn />,
    hydrateFallbackElement: <Spinner label="Loading..." />,
    children: [
      {
        element: <Layout />,
        children: [
          {
            path: "/dashboard",
            ...screen(() => import("../features/catalogue/dashboard-page.tsx").then((m) => m.DashboardPage)),
          },
          { path: "/shop", ...screen(() => import("./catalogue-routes.tsx").then((m) => m.ShopRoute)) },
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
              import("../features/orders/order-confirmation-page.tsx").then((m) => m.OrderConfirmationPage),
            ),
          },
          {
            path: "/orders",
            ...screen(() => import("../features/orders/orders-page.tsx").then((m) => m.OrdersPage)),
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
            path: "/contact",
            ...screen(() => import("../features/messages/contact-page.tsx").then((m) => m.ContactPage)),
          },
          {
            path: "/faq",
            ...screen(() => import("../features/messages/faq-page.tsx").then((m) => m.FaqPage)),
          },
          {
            path: "/terms",
            ...screen(() => import("../features/legal/terms-page.tsx").then((m) => m.TermsPage)),
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
            ...screen(() => import("../features/about/about-page.tsx").then((m) => m.AboutPage)),
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
