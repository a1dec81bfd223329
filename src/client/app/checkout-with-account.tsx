import { useMe } from "../features/auth/me.api.ts";
import { CheckoutPage } from "../features/orders/checkout-page.tsx";

/** Checkout with the shopper's name and e-mail filled in from the session (features meet here, in the shell). */
export function CheckoutWithAccount() {
  const me = useMe();
  return <CheckoutPage defaults={{ fullName: me.data?.name, email: me.data?.email ?? undefined }} />;
}
