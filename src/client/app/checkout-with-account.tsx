import { useMe } from "../features/auth/me.api.ts";
import { CheckoutPage } from "../features/orders/checkout-page.tsx";
import { NewStandingOrderPage } from "../features/standing-orders/new-standing-order-page.tsx";

/**
 * The shopper's name and e-mail from the session; an account made with a mobile number and no e-mail may leave
 * the e-mail out (issue 37), and is never filled in with an address it does not have.
 */
function useAccountDefaults() {
  const me = useMe().data;
  return {
    fullName: me?.name,
    email: me?.email ?? undefined,
    emailOptional: me?.email === null,
  };
}

/** Checkout with the shopper's name and e-mail filled in from the session (features meet here, in the shell). */
export function CheckoutWithAccount() {
  return <CheckoutPage defaults={useAccountDefaults()} />;
}

/** "Repeat this order" and "Order this again every…" (issue 35), with the shopper's name and e-mail. */
export function NewStandingOrderWithAccount() {
  return <NewStandingOrderPage defaults={useAccountDefaults()} />;
}
