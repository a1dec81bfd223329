import { TZDate } from "@date-fns/tz";
import { startOfDay, startOfWeek } from "date-fns";
import type { Kysely } from "kysely";
import { paiseToRupees } from "../../shared/money.ts";
import type { FarmerSummary } from "../../shared/schemas/farmer.ts";
import type { Database } from "../db/database.ts";
import { sumFarmerParts } from "../fulfilments/fulfilments.service.ts";

/**
 * The farmer's workspace composes the fulfilments domain (their parts of orders) and the products domain
 * (their stall); this service adds only what is the workspace's own: the shop-calendar summary.
 */
export {
  countPendingForFarmer,
  listFarmerOrders,
  markPaid,
  moveFulfilment,
} from "../fulfilments/fulfilments.service.ts";
export { listOwnProducts } from "../products/products.service.ts";

/**
 * Where today and this week (from Monday) begin in the shop's time zone, as ISO instants comparable with the
 * stored `created_at`.
 */
export function periodStarts(now: Date, timeZone: string): { today: string; week: string } {
  const local = new TZDate(now, timeZone);
  return {
    today: new Date(startOfDay(local).getTime()).toISOString(),
    week: new Date(startOfWeek(local, { weekStartsOn: 1 }).getTime()).toISOString(),
  };
}

/** Orders and revenue of the farmer's parts that are not cancelled: today, this week and in all. */
export async function summariseFarmer(
  db: Kysely<Database>,
  farmerId: string,
  timeZone: string,
  now = new Date(),
): Promise<FarmerSummary> {
  const sums = await sumFarmerParts(db, farmerId, periodStarts(now, timeZone));
  const period = (p: { orders: number; paise: number }) => ({
    orders: p.orders,
    revenue: paiseToRupees(p.paise),
  });
  return { today: period(sums.today), week: period(sums.week), all: period(sums.all) };
}
