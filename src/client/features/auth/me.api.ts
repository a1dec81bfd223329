import { queryOptions, useQuery } from "@tanstack/react-query";
import { ownStorageKeys } from "../../../shared/constants.ts";
import type { User } from "../../../shared/schemas/auth.ts";
import { ApiRequestError, apiFetch } from "../../lib/api-client.ts";
import { setPhoneReach } from "../../lib/phone-reach.ts";
import { setShopCountries } from "../../lib/shop-countries.ts";
import { setShopTimeZone } from "../../lib/shop-time-zone.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { authSchemas } from "./auth-schemas.ts";

/**
 * The signed-in user, or null when signed out (the server answers `{ user: null }`, decision 011). Without a
 * connection the user last confirmed by the server is used, so the shop opens offline; its private answers
 * are never cached, so nothing private is shown that was not already on this device.
 */
export async function fetchMe(): Promise<User | null> {
  try {
    const { MeResponseSchema } = await authSchemas();
    const me = await apiFetch("/api/auth/me", MeResponseSchema);
    const { user } = me;
    setShopTimeZone(me.shopTimeZone);
    setShopCountries(me.shopCountries);
    setPhoneReach(me);
    rememberOfflineUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      rememberOfflineUser(null);
      return null;
    }
    const remembered =
      error instanceof ApiRequestError && error.status === 0 ? await readOfflineUser() : null;
    if (remembered) return remembered;
    throw error;
  }
}

async function readOfflineUser(): Promise<User | null> {
  const { UserSchema } = await authSchemas();
  const parsed = UserSchema.safeParse(readStored<unknown>(ownStorageKeys.offlineUser, null));
  return parsed.success ? parsed.data : null;
}

/** Keeps (or, signed out, forgets) the user for offline use. */
export function rememberOfflineUser(user: User | null): void {
  // NOTE: the server renders first screens with this query too (entry-server.tsx); it keeps nothing.
  if (typeof window === "undefined") return;
  if (user) writeStored(ownStorageKeys.offlineUser, user);
  else window.localStorage.removeItem(ownStorageKeys.offlineUser);
}

export const meQuery = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: fetchMe,
  staleTime: Number.POSITIVE_INFINITY,
  // NOTE: asked again whenever the tab comes back into view, so a session ended elsewhere is noticed.
  refetchOnWindowFocus: "always",
});

export const useMe = () => useQuery(meQuery);
