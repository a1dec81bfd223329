import { useEffect } from "react";
import { toast } from "react-toastify/unstyled";
import { productMessages } from "../../../shared/schemas/product-form.ts";

/** Says "Error loading products. Please try again later." once per failure (product rules §8). */
export function useLoadErrorToast(failed: boolean) {
  useEffect(() => {
    if (failed) toast.error(productMessages.loadFailed, { toastId: "products-load-failed" });
  }, [failed]);
}
