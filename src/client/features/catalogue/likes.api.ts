import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { MAX_LIKES, ownStorageKeys, storageKeys } from "../../../shared/constants.ts";
import { ApiRequestError, apiFetch, laterSchema } from "../../lib/api-client.ts";
import {
  readLikedProducts,
  toggleLike as toggleStoredLike,
  useLikedProducts,
} from "../../lib/likes-store.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { toast } from "../../lib/toast.ts";
import { likeToasts } from "./product-texts.ts";
import { productsKey } from "./products.api.ts";

// NOTE: imported with the first request, not with the screens (decision 073).
const LikesResponseSchema = laterSchema("LikesResponseSchema");

/**
 * Likes kept on the account (decision 011). The first time an account signs in in this browser, the
 * browser's `likedProducts` list is merged into it (POST /api/likes/merge); from then on the account's list is
 * the truth, and `likedProducts` is kept as its copy (oldest like first, as the browser always kept it).
 */
async function fetchLikes(userId: string): Promise<string[]> {
  // NOTE: a like sent by the boot script before the app arrived is answered first, or this read would miss it.
  await window.__vcBoot?.settled();
  const merged = readStored<string[]>(ownStorageKeys.likesMergedFor, []);
  const firstTime = !merged.includes(userId);
  const { productIds } = firstTime
    ? await apiFetch("/api/likes/merge", LikesResponseSchema, {
        method: "POST",
        json: { productIds: readLikedProducts().slice(0, MAX_LIKES) },
      })
    : await apiFetch("/api/likes", LikesResponseSchema);
  if (firstTime) writeStored(ownStorageKeys.likesMergedFor, [...merged, userId]);
  keepBrowserCopy(productIds);
  return productIds;
}

/** The account's list, newest first, written to `likedProducts` oldest first. */
const keepBrowserCopy = (productIds: readonly string[]) =>
  writeStored(storageKeys.likedProducts, [...productIds].reverse());

export const likesQuery = (userId: string) =>
  queryOptions({
    queryKey: ["likes", userId],
    queryFn: () => fetchLikes(userId),
    staleTime: 60_000,
    // NOTE: the first fetch merges this browser's likes, so only the browser asks (decision 037).
    meta: { browserOnly: true },
  });

const isLikedListKey = (key: readonly unknown[]) =>
  key[0] === productsKey[0] && (key[2] as { liked?: boolean } | undefined)?.liked === true;

/**
 * The signed-in account's liked product ids and a toggle that shows the change at once and undoes it (with a
 * toast) if the server refuses. Until the account's list has loaded (or offline), the browser's copy is shown.
 * Without an account (`userId` null) the likes are the browser's alone, as product rules §3 has them.
 */
export function useLikes(userId: string | null) {
  const queryClient = useQueryClient();
  const key = likesQuery(userId ?? "").queryKey;
  const account = useQuery({ ...likesQuery(userId ?? ""), enabled: userId !== null });
  const browserCopy = useLikedProducts();
  const toggle = useMutation({
    mutationFn: ({ productId, like }: { productId: string; like: boolean }) =>
      apiFetch(`/api/likes/${encodeURIComponent(productId)}`, laterSchema("NoContentSchema"), {
        method: like ? "PUT" : "DELETE",
      }),
    onMutate: async ({ productId, like }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      const ids = before ?? [...readLikedProducts()].reverse();
      const next = like
        ? [productId, ...ids.filter((id) => id !== productId)]
        : ids.filter((id) => id !== productId);
      queryClient.setQueryData(key, next);
      keepBrowserCopy(next);
      return { before };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(key, context?.before);
      if (context?.before) keepBrowserCopy(context.before);
      const tooMany = error instanceof ApiRequestError && error.code === "too_many_likes";
      toast.error(tooMany ? likeToasts.tooMany() : likeToasts.notSaved(), { toastId: "like-not-saved" });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ predicate: (query) => isLikedListKey(query.queryKey) }),
      ]),
  });
  const ids = account.data ?? browserCopy;
  const { mutate } = toggle;
  const toggleLike = useCallback(
    (productId: string) => {
      if (userId === null) toggleStoredLike(productId);
      else mutate({ productId, like: !ids.includes(productId) });
    },
    [mutate, ids, userId],
  );
  return { ids, toggleLike };
}
