import { useMe } from "../features/auth/me.api.ts";
import { CheckoutPage } from "../features/orders/checkout-page.tsx";
import { NewStandingOrderPage } from "../features/standing-orders/new-standing-order-page.tsx";

/** Checkout with the shopper's name and e-mail filled in from the session (features meet here, in the shell). */
export function CheckoutWithAccount() {
  const me = useMe();
  return <CheckoutPage defaults={{ fullName: me.data?.name, email: me.data?.email ?? undefined }} />;
}

/** "Repeat this order" and "Order this again every…" (issue 35), with the shopper's name and e-mail. */
export function NewStandingOrderWithAccount() {
  const me = useMe();
  return <NewStandingOrderPage defaults={{ fullName: me.data?.name, email: me.data?.email ?? undefined }} />;
}
