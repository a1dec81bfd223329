import { z } from "zod";

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

/**
 * GET /api/admin/stats: today, this week (from Monday) and all time in the shop's calendar, messages
 * waiting (not handled), and the last 30 shop days, oldest first, today last.
 */
export const ShopStatsSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  totals: z.object({ today: PeriodStatsSchema, week: PeriodStatsSchema, all: PeriodStatsSchema }),
  messagesWaiting: z.number().int(),
  days: z.array(DayStatsSchema),
});
export type ShopStats = z.infer<typeof ShopStatsSchema>;
