import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProductList } from "../../../shared/schemas/products.ts";
import { apiFetch, laterSchema } from "../../lib/api-client.ts";
import { productsKey } from "./products.api.ts";

export const deleteProduct = (productId: string) =>
  apiFetch(`/api/products/${encodeURIComponent(productId)}`, laterSchema("NoContentSchema"), {
    method: "DELETE",
  });

const withoutProduct = (list: ProductList, productId: string): ProductList => ({
  ...list,
  items: list.items.filter((item) => item.id !== productId),
});

/** Deletes one's own product and takes it out of every cached list at once. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_data, productId) => {
      queryClient.setQueriesData<ProductList | InfiniteData<ProductList>>(
        { queryKey: productsKey },
        (data) => {
          if (!data) return data;
          if ("pages" in data) {
            return { ...data, pages: data.pages.map((page) => withoutProduct(page, productId)) };
          }
          return withoutProduct(data, productId);
        },
      );
      return queryClient.invalidateQueries({ queryKey: productsKey, refetchType: "none" });
    },
  });
}
