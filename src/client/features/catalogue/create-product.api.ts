import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CSRF_HEADER } from "../../../shared/constants.ts";
import { ProductResponseSchema } from "../../../shared/schemas/api.ts";
import type { NewProductFields } from "../../../shared/schemas/product-form.ts";
import type { Product } from "../../../shared/schemas/products.ts";
import { errorFromReply, networkError, parseReply } from "../../lib/api-client.ts";
import { productToasts } from "./product-texts.ts";
import { productsKey } from "./products.api.ts";

export interface NewProduct extends NewProductFields {
  image: File;
  /** The optional produce details; a null or missing one is not sent (the server's default applies). */
  unit?: string;
  stock?: number | null;
  harvestedOn?: string | null;
  /** Sent as one text, the names separated by commas (as the form has them). */
  otherNames?: string[];
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
  if (product.unit) form.set("unit", product.unit);
  if (product.stock !== null && product.stock !== undefined) form.set("stock", String(product.stock));
  if (product.harvestedOn) form.set("harvestedOn", product.harvestedOn);
  if (product.otherNames?.length) form.set("otherNames", product.otherNames.join(", "));
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
        try {
          resolve(parseReply(ProductResponseSchema, xhr.status, payload).product);
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(errorFromReply(xhr.status, payload));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}

export function useCreateProduct(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: NewProduct) => createProduct(product, onProgress),
    // NOTE: the spec's words when the session ended while the form was open (issue 40 item 14).
    meta: { sessionEndedText: productToasts.notSignedIn },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}
