import type { OccurrenceReason } from "../../shared/schemas/standing-orders.ts";
import type { StandingOrderStats } from "../../shared/schemas/stats.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import type { Context } from "../context.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import * as repo from "./standing-orders.repository.ts";

/**
 * Standing orders for the operator's stats (issue 35): those not ended, and the occurrences dated this week
 * (Monday to Sunday in the shop's calendar) made as orders, and missed per reason, the most first.
 */
export async function standingOrderStats({ db, now, settings }: Context): Promise<StandingOrderStats> {
  const today = shopDate(now, settings.shopTimeZone);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const [active, counts] = await Promise.all([
    repo.countActive(db),
    occurrenceRepo.countOccurrences(db, monday, addDays(monday, 6)),
  ]);
  const missed = counts
    .filter((row) => row.state === "missed" && row.reason)
    .map((row) => ({ reason: row.reason as OccurrenceReason, count: row.count }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
  return {
    active,
    occurrencesThisWeek: counts
      .filter((row) => row.state === "made")
      .reduce((sum, row) => sum + row.count, 0),
    missedThisWeek: missed,
  };
}
