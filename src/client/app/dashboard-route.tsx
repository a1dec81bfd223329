import { useMe } from "../features/auth/me.api.ts";
import { DashboardPage } from "../features/catalogue/dashboard-page.tsx";

/**
 * The dashboard, told who is signed in so it shows their likes (kept on the account). A chunk of its own, not
 * the catalogue's other screens' (the add-product form, the shop's filters and dialogs): the first screen
 * after signing in hydrates without them (decision 041).
 */
export function DashboardRoute() {
  const me = useMe();
  return <DashboardPage userId={me.data?.id ?? null} />;
}
