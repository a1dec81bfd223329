import { mailRecipients } from "../auth/index.ts";
import { type Context, inStepsTransaction } from "../context.ts";
import { queueMail, standingSlotRemovedMail } from "../mail/index.ts";
import { startDueScheduledParts } from "../orders/index.ts";
import { ensureSlots } from "../slots/index.ts";
import { materialiseOne, occurrenceHorizon } from "./materialiser.service.ts";
import { repriceComing, skipHeldAtCutoff } from "./price-rises.service.ts";
import { remindDue } from "./reminders.service.ts";
import * as repo from "./standing-orders.repository.ts";

// The timer's pass over every standing order (issue 35): occurrences made, re-priced, reminded, started.

/**
 * A farmer deleted a weekly slot pattern (or retired its pickup point, which deletes its patterns): the
 * standing orders on it are paused and their shoppers told, once, to choose another slot. Their coming
 * occurrences already made stay (the slots that hold orders stay too) unless the shopper skips them.
 */
async function pauseOnDeletedPatterns(ctx: Context): Promise<void> {
  for (const order of await repo.onDeletedPatterns(ctx.db, PASS_BATCH)) {
    await inStepsTransaction(ctx, function* (trx) {
      if (!(yield* repo.markSlotRemoved(trx.db, order.id, ctx.now.toISOString()))) return;
      const to = (yield* mailRecipients(trx.db, [order.user_id])).get(order.user_id);
      if (to) {
        yield* queueMail(
          trx,
          standingSlotRemovedMail(to, order.full_name, trx.mail.link("/standing-orders")),
        );
      }
    });
  }
}

/** How many standing orders one pass makes occurrences for at most (the next pass goes on). */
export const PASS_BATCH = 200;

/**
 * The timer's pass (every minute, on every server; issue 35): the dated slots of the horizon, then the
 * occurrences of every standing order that has fallen behind them, then the scheduled parts whose cut-off has
 * come become pending. Cheap when nothing is due (two indexed reads).
 */
export async function runStandingOrders(ctx: Context): Promise<void> {
  await ensureSlots(ctx);
  await pauseOnDeletedPatterns(ctx);
  const { last } = occurrenceHorizon(ctx);
  let failure: unknown;
  for (let after = ""; ; ) {
    const due = await repo.behind(ctx.db, last, PASS_BATCH, after);
    for (const order of due) {
      // NOTE: one standing order that fails (the database went away) does not hold the others back; the
      // next pass tries it again, as its made_through did not move.
      await materialiseOne(ctx, order).catch((error: unknown) => {
        failure ??= error;
      });
      after = order.id;
    }
    if (due.length < PASS_BATCH) break;
  }
  // NOTE: before the reminders (they say the estimate) and before any part turns pending at its cut-off, so
  // that it goes on at today's prices (decision 050).
  await repriceComing(ctx, PASS_BATCH).catch((error: unknown) => {
    failure ??= error;
  });
  await remindDue(ctx);
  // NOTE: before any part turns pending: a held occurrence not accepted by its cut-off is skipped instead.
  await skipHeldAtCutoff(ctx);
  await startDueScheduledParts(ctx);
  if (failure) throw failure;
}
