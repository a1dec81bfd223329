import { useMe } from "../features/auth/me.api.ts";
import { AddProductPage } from "../features/catalogue/add-product-page.tsx";
import { ProductPage } from "../features/catalogue/product-page.tsx";

export function ProductRoute() {
  const me = useMe();
  return <ProductPage userId={me.data?.id ?? null} />;
}

export function AddProductRoute() {
  const me = useMe();
  return <AddProductPage signedIn={Boolean(me.data)} />;
}
