import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiErrorSchema } from "../../../shared/api-error.ts";
import { CSRF_HEADER } from "../../../shared/constants.ts";
import type { NewProductFields } from "../../../shared/schemas/product-form.ts";
import { type Product, ProductSchema } from "../../../shared/schemas/products.ts";
import { ApiRequestError } from "../../lib/api-client.ts";
import { productsKey } from "./products.api.ts";

export interface NewProduct extends NewProductFields {
  image: File;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/products as multipart. NOTE: XMLHttpRequest rather than fetch, because only XHR reports upload
 * progress in every browser we support.
 */
export function createProduct(
  product: NewProduct,
  onProgress?: (fraction: number) => void,
): Promise<Product> {
  const form = new FormData();
  form.set("name", product.name);
  form.set("price", String(product.price));
  form.set("description", product.description);
  form.set("category", product.category);
  form.set("image", product.image, product.image.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/products");
    xhr.setRequestHeader(CSRF_HEADER, "1");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ProductSchema.safeParse((payload as { product?: unknown } | undefined)?.product);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiRequestError(xhr.status, "bad_response", "Unexpected answer from the server"));
        return;
      }
      const error = ApiErrorSchema.safeParse(payload);
      reject(
        error.success
          ? new ApiRequestError(
              xhr.status,
              error.data.error.code,
              error.data.error.message,
              error.data.error.fields,
            )
          : new ApiRequestError(xhr.status, "http_error", `Request failed (${xhr.status})`),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiRequestError(
          0,
          "network",
          "Could not reach Veggie Cart. Check your connection and try again.",
        ),
      );
    xhr.send(form);
  });
}

export function useCreateProduct(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: NewProduct) => createProduct(product, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}
