import { useMe } from "../features/auth/me.api.ts";
import { AddProductPage } from "../features/catalogue/add-product-page.tsx";
import { ProductPage } from "../features/catalogue/product-page.tsx";
import { ShopPage } from "../features/catalogue/shop-page.tsx";

export function ProductRoute() {
  const me = useMe();
  return <ProductPage userId={me.data?.id ?? null} />;
}

/** The shop, told who is signed in so it shows Delete on their own products only, and their likes. */
export function ShopRoute() {
  const me = useMe();
  return <ShopPage currentUserId={me.data?.id ?? null} />;
}

export function AddProductRoute() {
  const me = useMe();
  return <AddProductPage signedIn={Boolean(me.data)} />;
}
