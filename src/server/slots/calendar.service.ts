import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { SLOT_HORIZON_DAYS } from "../../shared/schemas/slots.ts";
import { addDays, shopDate, startOfShopDay } from "../../shared/shop-calendar.ts";
import { type Context, catalogueChanged } from "../context.ts";
import * as repo from "./calendar.repository.ts";
import type { Owner } from "./slots.repository.ts";
import type { SlotsContext } from "./slots-context.ts";

// The shop's calendar of dated slots: each weekly pattern made into the dated slots of the horizon ahead.

/** The instant a wall-clock time (HH:MM) on a day of the shop's calendar is, in its time zone. */
export function shopInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, 0, 0, timeZone).getTime());
}

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first and last shop days dated slots are made for, at `now`. */
export function horizon(ctx: Pick<Context, "now" | "settings">) {
  const today = shopDate(ctx.now, ctx.settings.shopTimeZone);
  const last = addDays(today, SLOT_HORIZON_DAYS - 1);
  return { today, last, before: startOfShopDay(addDays(last, 1), ctx.settings.shopTimeZone).toISOString() };
}

/**
 * Makes the dated slots of the next SLOT_HORIZON_DAYS days from the weekly patterns of `owners` (all when
 * undefined) that have fallen behind. Cheap when nothing is behind (one indexed read); safe when two
 * processes run it at once (a dated slot is unique per pattern and day).
 */
export async function ensureSlots(ctx: SlotsContext, owners?: readonly Owner[]): Promise<void> {
  const { today, last } = horizon(ctx);
  const behind = await repo.patternsBehind(ctx.db, owners, last);
  const at = ctx.now.toISOString();
  for (const pattern of behind) {
    const first =
      pattern.generated_through && pattern.generated_through >= today
        ? addDays(pattern.generated_through, 1)
        : today;
    const rows = [];
    for (let date = first; date <= last; date = addDays(date, 1)) {
      if (weekdayOf(date) !== pattern.weekday) continue;
      const startsAt = shopInstant(date, pattern.start_time, ctx.settings.shopTimeZone);
      rows.push({
        id: randomUUID(),
        farmer_id: pattern.farmer_id,
        pattern_id: pattern.id,
        kind: pattern.kind,
        pickup_point_id: pattern.pickup_point_id,
        date,
        start_time: pattern.start_time,
        end_time: pattern.end_time,
        starts_at: startsAt.toISOString(),
        cutoff_at: new Date(startsAt.getTime() - pattern.cutoff_hours * 3_600_000).toISOString(),
        capacity: pattern.capacity,
        closed_at: null,
        closed_reason: null,
        created_at: at,
      });
    }
    await repo.insertSlots(ctx.db, rows);
    await repo.markGenerated(ctx.db, pattern.id, last);
  }
  // NOTE: a new slot may be a farmer's next open one, shown on their product cards.
  if (behind.length > 0) await catalogueChanged(ctx);
}
