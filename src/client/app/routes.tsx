import type { RouteObject } from "react-router";
import { AboutPage } from "../features/about/about-page.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { SignupPage } from "../features/auth/signup-page.tsx";
import { DashboardPage } from "../features/catalogue/dashboard-page.tsx";
import { TermsPage } from "../features/legal/terms-page.tsx";
import { ContactPage } from "../features/messages/contact-page.tsx";
import { FaqPage } from "../features/messages/faq-page.tsx";
import { MessagesPage } from "../features/messages/messages-page.tsx";
import { CartPage } from "../features/orders/cart-page.tsx";
import { OrderConfirmationPage } from "../features/orders/order-confirmation-page.tsx";
import { OrderDetailPage } from "../features/orders/order-detail-page.tsx";
import { OrdersPage } from "../features/orders/orders-page.tsx";
import { AddProductRoute, ShopRoute } from "./catalogue-routes.tsx";
import { CheckoutWithAccount } from "./checkout-with-account.tsx";
import { HomeRedirect, RequireSignedIn, RequireSignedOut } from "./guards.tsx";
import { Layout } from "./layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/** The route table of SPEC §2 (matching is case-insensitive, so /addproduct reaches /addProduct). */
export const routes: RouteObject[] = [
  { path: "/", element: <HomeRedirect /> },
  {
    element: <RequireSignedOut />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
    ],
  },
  {
    element: <RequireSignedIn />,
    children: [
      {
        element: <Layout />,
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/shop", element: <ShopRoute /> },
          { path: "/addProduct", element: <AddProductRoute /> },
          { path: "/cart", element: <CartPage /> },
          { path: "/checkout", element: <CheckoutWithAccount /> },
          { path: "/order-confirmation", element: <OrderConfirmationPage /> },
          { path: "/orders", element: <OrdersPage /> },
          { path: "/orders/:id", element: <OrderDetailPage /> },
          { path: "/contact", element: <ContactPage /> },
          { path: "/faq", element: <FaqPage /> },
          { path: "/terms", element: <TermsPage /> },
          { path: "/privacy", element: <TermsPage /> },
          { path: "/messages", element: <MessagesPage /> },
          { path: "/about", element: <AboutPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
