import { mailRecipients } from "../auth/index.ts";
import { type Context, inStepsTransaction } from "../context.ts";
import type { Steps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import { queueMail, standingPriceRiseMail, standingPriceSkippedMail } from "../mail/index.ts";
import { repriceScheduledOrder, skipScheduledOrder } from "../orders/index.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import * as holdRepo from "./price-holds.repository.ts";
import type * as repo from "./standing-orders.repository.ts";

// A price rise over 10 % holds an occurrence until its shopper accepts it, else it is skipped (decision 050).

/**
 * The products priced more than 10 % above the price saved with the standing order (when its shopper made,
 * changed or last accepted it), in integer paise: price × 10 > saved × 11. A fall, or a rise within 10 %, is
 * simply passed on.
 */
export function risenProducts(
  prices: ReadonlyMap<string, number>,
  saved: ReadonlyMap<string, number>,
): string[] {
  return [...prices].filter(([id, price]) => price * 10 > (saved.get(id) ?? price) * 11).map(([id]) => id);
}

/**
 * Asks the shopper, in the caller's transaction, to accept a held occurrence's new price or skip it: once per
 * hold (the claim is a conditional update, so one server mails it), and not once its cut-off has come (it is
 * skipped then, and they are told that instead).
 */
export function* askAboutRise(
  trx: Context,
  order: Pick<repo.StandingOrderRow, "user_id" | "full_name">,
  occurrence: { id: string; date: string; cutoffAt: string },
  productNames: readonly string[],
  totalPaise: number,
): Steps<void> {
  const at = trx.now.toISOString();
  if (occurrence.cutoffAt <= at) return;
  if (!(yield* occurrenceRepo.claimNotice(trx.db, occurrence.id, "price_told_at", at))) return;
  const to = (yield* mailRecipients(trx.db, [order.user_id])).get(order.user_id);
  if (!to) return;
  yield* queueMail(
    trx,
    standingPriceRiseMail(
      to,
      {
        buyerName: order.full_name,
        date: occurrence.date,
        productNames,
        total: totalPaise / 100,
        cutoffAt: new Date(occurrence.cutoffAt),
        timeZone: trx.settings.shopTimeZone,
      },
      trx.mail.link("/standing-orders"),
    ),
  );
}

/** How far back a cut-off may be for its scheduled occurrence to be re-priced (the timer's backlog). */
const REPRICE_BACKLOG_MS = 86_400_000;

/**
 * Every coming scheduled occurrence priced other than today (a farmer changed a price since it was made or
 * last re-priced), and every held one, is priced again at today's prices, each in its own transaction that
 * claims its scheduled part first: a fall and a rise within 10 % are passed on, a rise of more than 10 % over
 * the saved price holds it and its shopper is asked once; a price back within 10 % lifts the hold. Run by
 * every server's pass, it comes to the same prices however many run it, and at the cut-off it runs before
 * the part turns pending, so the order goes on at the prices of that minute.
 */
export async function repriceComing(ctx: Context, limit: number): Promise<void> {
  const since = new Date(ctx.now.getTime() - REPRICE_BACKLOG_MS).toISOString();
  let failure: unknown;
  for (const row of await holdRepo.toReprice(ctx.db, since, limit)) {
    const orderId = row.order_id;
    if (!orderId) continue;
    // NOTE: one that fails does not hold the others back (nor the parts due to turn pending); the next pass
    // tries it again.
    await inStepsTransaction(ctx, function* (trx) {
      const repriced = yield* repriceScheduledOrder(trx.db, orderId, ctx.now.toISOString());
      if (!repriced) return;
      const risen = risenProducts(
        repriced.prices,
        yield* holdRepo.savedPricesOf(trx.db, row.standing_order_id),
      );
      yield* holdRepo.setHeld(trx.db, row.id, risen.length > 0 ? "price_rise" : null);
      if (risen.length === 0) return;
      const names = (yield* occurrenceRepo.linesOfOrders(trx.db, [orderId]))
        .filter((line) => risen.includes(line.product_id))
        .map((line) => line.name);
      yield* askAboutRise(
        trx,
        row,
        { id: row.id, date: row.date, cutoffAt: row.cutoff_at },
        names,
        repriced.totalPaise,
      );
    }).catch((error: unknown) => {
      failure ??= error;
    });
  }
  if (failure) throw failure;
}

/**
 * A held occurrence (price rise) its shopper did not accept by its cut-off is skipped: its order's scheduled
 * part is cancelled (stock and slot place go back), it reads as skipped, "price_rise", and its shopper is told
 * once (the conditional update that marks it claims the mail).
 */
export async function skipHeldAtCutoff(ctx: Context): Promise<void> {
  for (const row of await holdRepo.heldAtCutoff(ctx.db, ctx.now.toISOString())) {
    if (row.order_id) {
      try {
        await skipScheduledOrder(
          ctx,
          { id: row.user_id },
          row.order_id,
          "Price rise not accepted",
          () => new AppError("cutoff_passed", "already moved"),
        );
      } catch (error) {
        // NOTE: another server moved it first (skipped, or it went on): nothing scheduled is left.
        const moved =
          error instanceof AppError && ["cutoff_passed", "invalid_transition"].includes(error.code);
        if (!moved) throw error;
      }
    }
    await inStepsTransaction(ctx, function* (trx) {
      if (!(yield* holdRepo.markHeldSkipped(trx.db, row.id))) {
        // NOTE: its order went on (a move to pending came first): it is a delivery now, no longer held.
        yield* holdRepo.setHeld(trx.db, row.id, null);
        return;
      }
      const to = (yield* mailRecipients(trx.db, [row.user_id])).get(row.user_id);
      if (!to) return;
      yield* queueMail(
        trx,
        standingPriceSkippedMail(
          to,
          { buyerName: row.full_name, date: row.date },
          trx.mail.link("/standing-orders"),
        ),
      );
    });
  }
}
