import { z } from "zod";
import { OCCURRENCE_REASONS } from "./standing-orders.ts";

/** The shop at a glance (/api/admin/stats). */

const PeriodStatsSchema = z.object({
  /** Orders placed, leaving out those cancelled in full. */
  orders: z.number().int(),
  /** Rupees: every part of those orders that is not cancelled. */
  revenue: z.number(),
  /** Accounts made. */
  accounts: z.number().int(),
  /** Products listed. */
  products: z.number().int(),
});
export type PeriodStats = z.infer<typeof PeriodStatsSchema>;

export const STATS_DAYS = 30;

/** One day of the shop's calendar in the 30-day series. */
export const DayStatsSchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenue: z.number(),
  accounts: z.number().int(),
});
export type DayStats = z.infer<typeof DayStatsSchema>;

/** Standing orders at a glance (issue 35): this week is Monday to Sunday of the shop's calendar. */
export const StandingOrderStatsSchema = z.object({
  /** Standing orders not ended (a paused one included). */
  active: z.number().int(),
  /** Occurrences dated this week made as orders (not skipped, not missed). */
  occurrencesThisWeek: z.number().int(),
  /** Occurrences dated this week that could not be made, per reason, the most first (reasons with none left out). */
  missedThisWeek: z.array(z.object({ reason: z.enum(OCCURRENCE_REASONS), count: z.number().int() })),
});
export type StandingOrderStats = z.infer<typeof StandingOrderStatsSchema>;

/**
 * GET /api/admin/stats: today, this week (from Monday) and all time in the shop's calendar, messages
 * waiting (not handled), the last 30 shop days, oldest first, today last, and standing orders.
 */
export const ShopStatsSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  totals: z.object({ today: PeriodStatsSchema, week: PeriodStatsSchema, all: PeriodStatsSchema }),
  messagesWaiting: z.number().int(),
  days: z.array(DayStatsSchema),
  standingOrders: StandingOrderStatsSchema,
});
export type ShopStats = z.infer<typeof ShopStatsSchema>;
