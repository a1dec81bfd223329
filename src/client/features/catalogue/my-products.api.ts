import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Product, ProductSchema } from "../../../shared/schemas/products.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { productsKey } from "./products.api.ts";

/**
 * The farmer's own products (all of them, newest first), as `{ items }` like every product list, under
 * productsKey: a created, changed or deleted product updates it with the others.
 */
export const myProductsQuery = queryOptions({
  queryKey: [...productsKey, "mine"],
  queryFn: async ({ signal }): Promise<{ items: Product[] }> => {
    const payload = await apiFetch<{ items: unknown[] }>("/api/farmer/products", { signal });
    return { items: payload.items.map((item) => ProductSchema.parse(item)) };
  },
  staleTime: 0,
});

export const useMyProducts = () => useQuery(myProductsQuery);

/** The fields PATCH /api/products/:id takes; any subset. */
export type ProductChanges = Partial<
  Pick<Product, "name" | "price" | "description" | "category" | "unit" | "stock" | "harvestedOn">
>;

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

const parseProduct = (payload: unknown) =>
  ProductSchema.parse((payload as { product?: unknown }).product ?? payload);

export const updateProduct = (id: string, changes: ProductChanges) =>
  apiFetch<unknown>(productPath(id), { method: "PATCH", json: changes }).then(parseProduct);

export function replaceProductImage(id: string, image: File) {
  const form = new FormData();
  form.set("image", image, image.name);
  return apiFetch<unknown>(`${productPath(id)}/image`, { method: "PUT", body: form }).then(parseProduct);
}

/** Puts a changed product into the farmer's list at once, then lets every product list refetch. */
function storeChanged(queryClient: QueryClient, product: Product) {
  queryClient.setQueryData(myProductsQuery.queryKey, (list) =>
    list ? { items: list.items.map((item) => (item.id === product.id ? product : item)) } : list,
  );
  return queryClient.invalidateQueries({ queryKey: productsKey });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProductChanges }) => updateProduct(id, changes),
    onSuccess: (product) => storeChanged(queryClient, product),
  });
}

export function useReplaceProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: File }) => replaceProductImage(id, image),
    onSuccess: (product) => storeChanged(queryClient, product),
  });
}
