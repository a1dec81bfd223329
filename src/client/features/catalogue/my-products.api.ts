import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ProductResponseSchema } from "../../../shared/schemas/api.ts";
import { FarmerProductListSchema } from "../../../shared/schemas/farmer.ts";
import type { ProductPatchInput } from "../../../shared/schemas/product-form.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";
import { productsKey } from "./products.api.ts";

/**
 * The farmer's own products (all of them, newest first), as `{ items }` like every product list, under
 * productsKey: a created, changed or deleted product updates it with the others.
 */
export const myProductsQuery = queryOptions({
  queryKey: [...productsKey, "mine"],
  queryFn: ({ signal }) => apiFetch("/api/farmer/products", FarmerProductListSchema, { signal }),
  staleTime: 0,
});

export const useMyProducts = () => useQuery(myProductsQuery);

/**
 * The fields PATCH /api/products/:id takes; any subset. `stockChange` (−1 / +1) adds to the stock as the server
 * holds it, so a sale made meanwhile is kept; `stock` sets it.
 */
export type ProductChanges = Partial<
  Pick<
    Product,
    "name" | "otherNames" | "price" | "description" | "category" | "unit" | "stock" | "harvestedOn"
  >
> &
  Pick<ProductPatchInput, "stockChange" | "oneOffOnly">;

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const updateProduct = (id: string, changes: ProductChanges) =>
  apiFetch(productPath(id), ProductResponseSchema, { method: "PATCH", json: changes }).then((r) => r.product);

export function replaceProductImage(id: string, image: File) {
  const form = new FormData();
  form.set("image", image, image.name);
  return apiFetch(`${productPath(id)}/image`, ProductResponseSchema, { method: "PUT", body: form }).then(
    (r) => r.product,
  );
}

/** Puts a changed product into the farmer's list at once, then lets every product list refetch. */
function storeChanged(queryClient: QueryClient, product: Product) {
  queryClient.setQueryData(myProductsQuery.queryKey, (list) =>
    list ? { items: list.items.map((item) => (item.id === product.id ? product : item)) } : list,
  );
  // NOTE: started, not awaited: the reply is already in the list, and a mutation stays pending until its
  // onSuccess settles, so awaiting every product list's refetch kept the stock controls ignoring the next
  // Set or −/+ (CI caught a typed-in stock being dropped right after a +).
  void queryClient.invalidateQueries({ queryKey: productsKey });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProductChanges }) => updateProduct(id, changes),
    onSuccess: (product) => storeChanged(queryClient, product),
    // NOTE: a refusal (409: the stock changed meanwhile, or is not counted) means the list is out of date.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey: myProductsQuery.queryKey });
      }
    },
  });
}

export function useReplaceProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: File }) => replaceProductImage(id, image),
    onSuccess: (product) => storeChanged(queryClient, product),
  });
}
