import { useMe } from "../features/auth/me.api.ts";
import { StandingOrdersPage } from "../features/standing-orders/standing-orders-page.tsx";

/** The shopper's standing orders: changing one's address asks for an e-mail only of an account with one (issue 37). */
export function StandingOrdersWithAccount() {
  return <StandingOrdersPage emailOptional={useMe().data?.email === null} />;
}
