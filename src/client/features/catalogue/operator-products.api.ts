import { useMutation, useQuery } from "@tanstack/react-query";
import { ProductResponseSchema } from "../../../shared/schemas/api.ts";
import {
  DealPictureReplySchema,
  type DealPlanInput,
  DealPlanningSchema,
} from "../../../shared/schemas/deal-plans.ts";
import { ProductListSchema } from "../../../shared/schemas/products.ts";
import { apiFetch } from "../../lib/api-client.ts";
import { operatorKey, useOperatorChange, useOperatorPages } from "../../lib/operator-pages.ts";

export type ProductVisibility = "all" | "visible" | "hidden";

/** Every product, hidden ones too, newest first; `q` searches names. */
export const useOperatorProducts = (q: string, status: ProductVisibility) =>
  useOperatorPages("products", "/api/admin/products", { q, status, limit: "20" }, ProductListSchema);

/** Hides a product from the shop (or shows it again), with the reason its farmer will read. */
export const useSetProductHidden = () =>
  useOperatorChange(
    ({ id, hide, reason }: { id: string; hide: boolean; reason: string }) => ({
      path: `/api/admin/products/${encodeURIComponent(id)}/${hide ? "hide" : "unhide"}`,
      method: "POST",
      json: { reason },
    }),
    ProductResponseSchema,
    // NOTE: the shop's lists and the deal (catalogue's keys) change at once.
    [["products"]],
  );

/** Today's deal, the shop's day and time zone, and the planned deals. */
export const useDealPlanning = () =>
  useQuery({
    queryKey: [...operatorKey, "deal"],
    queryFn: async ({ signal }) => apiFetch("/api/admin/deal", DealPlanningSchema, { signal }),
    staleTime: 0,
  });

/** Plans the deal from a day on; with `replaces`, in place of that planned day (before it comes). */
export const usePlanDeal = () =>
  useOperatorChange(
    ({ plan, replaces }: { plan: DealPlanInput; replaces?: string }) => ({
      path: replaces ? `/api/admin/deal/plans/${encodeURIComponent(replaces)}` : "/api/admin/deal",
      method: "PUT",
      json: plan,
    }),
    DealPlanningSchema,
    [["deal"]],
  );

/** Removes a planned day before it comes. */
export const useRemovePlannedDeal = () =>
  useOperatorChange(
    (id: string) => ({ path: `/api/admin/deal/plans/${encodeURIComponent(id)}`, method: "DELETE" }),
    DealPlanningSchema,
    [["deal"]],
  );

/** Uploads a picture for a planned deal. */
export const useUploadDealPicture = () =>
  useMutation({
    mutationFn: (image: File) => {
      const body = new FormData();
      body.set("image", image, image.name);
      return apiFetch("/api/admin/deal/pictures", DealPictureReplySchema, { method: "POST", body });
    },
  });
