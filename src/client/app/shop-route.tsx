import { useMe } from "../features/auth/me.api.ts";
import { ShopPage } from "../features/catalogue/shop-page.tsx";

/**
 * The shop, told who is signed in so it shows Delete on their own products only, and their likes. A chunk of
 * its own, not the product page's and the add-product form's (catalogue-routes.tsx): a drawn /shop hydrates
 * without them (decision 073).
 */
export function ShopRoute() {
  const me = useMe();
  return <ShopPage currentUserId={me.data?.id ?? null} />;
}
