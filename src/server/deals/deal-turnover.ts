import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import * as repo from "./deals.repository.ts";
import { dealAt, dealWindow } from "./deals.service.ts";

/** After a failed turnover (the database away), how soon the server tries again. */
const RETRY_MS = 60_000;

/**
 * The turnover of the shop day that `ctx.now` falls in: records the day's deal in `deal_days` unless some
 * server did already. The date's primary key makes it once across every server, whichever gets there
 * first; answers whether this call did it.
 */
export async function turnDealOver(ctx: Context, turnedBy: string): Promise<boolean> {
  const deal = await dealAt(ctx);
  return repo.insertDealDay(ctx.db, {
    shop_date: dealWindow(ctx.now, ctx.settings.shopTimeZone).date,
    name: deal.name,
    price_paise: deal.pricePaise,
    original_price_paise: deal.originalPricePaise,
    image_id: deal.imageId,
    turned_at: ctx.now.toISOString(),
    turned_by: turnedBy,
  });
}

/**
 * Turns the deal over now (a server starting late in the day catches up) and then at each midnight of the
 * shop's time zone, on the app's clock, until the app closes. Every server runs it; `turnDealOver` makes
 * each day's turnover happen once. `turnedBy` names this server in the row.
 */
export function scheduleDealTurnovers(app: FastifyInstance, turnedBy: string): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const turn = async () => {
    const ctx = app.makeContext();
    let delay = RETRY_MS;
    try {
      if (await turnDealOver(ctx, turnedBy)) app.log.info("the deal of the day turned over");
      // NOTE: 1 ms past midnight, so that the clock reads the new day when the timer fires.
      delay = dealWindow(ctx.now, ctx.settings.shopTimeZone).endTime.getTime() - app.clock().getTime() + 1;
    } catch (error) {
      app.log.warn({ err: error }, "the deal's turnover failed; trying again in a minute");
    }
    if (closed) return;
    timer = setTimeout(turn, Math.max(delay, 1));
    timer.unref();
  };
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(timer);
  });
  void turn();
}
