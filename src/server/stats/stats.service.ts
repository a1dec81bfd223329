import { paiseToRupees } from "../../shared/money.ts";
import { type PeriodStats, type ShopStats, STATS_DAYS } from "../../shared/schemas/stats.ts";
import { addDays, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import type { Context } from "../context.ts";
import { countWaitingShopMessages } from "../messages/index.ts";
import { accountsPerBucket, countAccountsSince } from "../moderation/index.ts";
import { partsPerBucket, periodStarts, sumShopParts } from "../orders/index.ts";
import { countProductsSince } from "../products/index.ts";
import { standingOrderStats } from "../standing-orders/index.ts";

/**
 * The whole shop at a glance for its operator: today, this week (from Monday) and all time, and each of the
 * last 30 days, in the shop's calendar (SHOP_TIME_ZONE). Orders cancelled in full count in neither orders nor
 * revenue; revenue is every part that is not cancelled.
 */
export async function shopStats(ctx: Context): Promise<ShopStats> {
  const { db, now, settings } = ctx;
  const timeZone = settings.shopTimeZone;
  const today = shopDate(now, timeZone);
  const dates = Array.from({ length: STATS_DAYS }, (_, index) => addDays(today, index - STATS_DAYS + 1));
  const bounds = [...dates, addDays(today, 1)].map((date) => startOfShopDay(date, timeZone).toISOString());
  const since = periodStarts(now, timeZone);
  const [totals, partsByDay, accountsByDay, waiting, accounts, products, standingOrders] = await Promise.all([
    sumShopParts(db, since),
    partsPerBucket(db, bounds),
    accountsPerBucket(db, bounds),
    countWaitingShopMessages(db),
    Promise.all([
      countAccountsSince(db, since.today),
      countAccountsSince(db, since.week),
      countAccountsSince(db),
    ]),
    Promise.all([
      countProductsSince(db, since.today),
      countProductsSince(db, since.week),
      countProductsSince(db),
    ]),
    standingOrderStats(ctx),
  ]);
  const period = (p: { orders: number; paise: number }, accounts: number, products: number): PeriodStats => ({
    orders: p.orders,
    revenue: paiseToRupees(p.paise),
    accounts,
    products,
  });
  const ordersOn = new Map(partsByDay.map((row) => [row.bucket, row]));
  const accountsOn = new Map(accountsByDay.map((row) => [row.bucket, row.accounts]));
  return {
    today,
    timeZone,
    totals: {
      today: period(totals.today, accounts[0], products[0]),
      week: period(totals.week, accounts[1], products[1]),
      all: period(totals.all, accounts[2], products[2]),
    },
    messagesWaiting: waiting,
    days: dates.map((date, index) => ({
      date,
      orders: ordersOn.get(index)?.orders ?? 0,
      revenue: paiseToRupees(ordersOn.get(index)?.paise ?? 0),
      accounts: accountsOn.get(index) ?? 0,
    })),
    standingOrders,
  };
}
