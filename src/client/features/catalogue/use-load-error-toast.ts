import { useEffect } from "react";
import { toast } from "../../lib/toast.ts";
import { productToasts } from "./product-texts.ts";

/** Says "Error loading products. Please try again later." once per failure (product rules §8). */
export function useLoadErrorToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error(productToasts.loadFailed(), { toastId: "products-load-failed" });
  }, [failed]);
}
