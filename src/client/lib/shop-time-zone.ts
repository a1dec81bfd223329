import { DEFAULT_SHOP_TIME_ZONE } from "../../shared/shop-calendar.ts";

/**
 * The shop's time zone (the server's `SHOP_TIME_ZONE`), as GET /api/auth/me tells it at every start; until
 * then, and for a zone this browser does not know, the default stays. NOTE: a module of its own, so the
 * session check on the first screen sets it without pulling in produce.ts and the product schemas.
 */
let shopTimeZone = DEFAULT_SHOP_TIME_ZONE;

export function setShopTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone });
    shopTimeZone = timeZone;
  } catch {
    // NOTE: an unknown zone (an old browser's time-zone data) keeps the one in use.
  }
}

export const getShopTimeZone = () => shopTimeZone;
