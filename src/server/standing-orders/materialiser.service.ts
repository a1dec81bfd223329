import { randomUUID } from "node:crypto";
import { SLOT_HORIZON_DAYS } from "../../shared/schemas/slots.ts";
import type { OccurrenceReason } from "../../shared/schemas/standing-orders.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { mailRecipients } from "../auth/index.ts";
import { type Context, inStepsTransaction, inTransaction } from "../context.ts";
import { runSteps, type Steps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import {
  enqueue,
  type Mail,
  queueMail,
  standingEndedMail,
  standingMissedMail,
  standingPriceRiseMail,
  standingPriceSkippedMail,
  standingReminderMail,
  standingSlotRemovedMail,
} from "../mail/index.ts";
import * as notify from "../notify/index.ts";
import {
  priceScheduledLines,
  repriceScheduledOrder,
  shippingOf,
  skipScheduledOrder,
  startDueScheduledParts,
  writeScheduledOrder,
} from "../orders/index.ts";
import { ensureSlots } from "../slots/index.ts";
import * as repo from "./standing-orders.repository.ts";

/** The first and last shop days occurrences are made for at `now`: the 14 days of dated slots. */
export function occurrenceHorizon(ctx: Pick<Context, "now" | "settings">) {
  const today = shopDate(ctx.now, ctx.settings.shopTimeZone);
  return { today, last: addDays(today, SLOT_HORIZON_DAYS - 1) };
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Whether `date` falls in a week the standing order delivers in: weeks counted from its first date. */
export const inItsWeek = (order: Pick<repo.StandingOrderRow, "start_date" | "every_weeks">, date: string) =>
  date >= order.start_date && Math.floor(daysBetween(order.start_date, date) / 7) % order.every_weeks === 0;

export const isPausedOn = (
  order: Pick<repo.StandingOrderRow, "paused_from" | "paused_until">,
  date: string,
): boolean =>
  order.paused_from !== null &&
  order.paused_until !== null &&
  date >= order.paused_from &&
  date <= order.paused_until;

/** The request line an error's fields name first (`items.2.quantity` → 2), if any. */
function lineOfError(error: AppError): number | undefined {
  for (const key of Object.keys(error.fields ?? {})) {
    const match = /^items\.(\d+)\./.exec(key);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** Why placement refused an occurrence, in the words the standing order keeps (nothing was taken). */
function missedReason(error: unknown): OccurrenceReason | undefined {
  if (!(error instanceof AppError)) return undefined;
  switch (error.code) {
    case "out_of_stock":
      return "sold_out";
    case "product_unavailable":
    case "order_too_large":
      return "unavailable";
    case "slot_full":
      return "slot_full";
    case "slot_closed":
    case "validation_failed":
    case "slot_required":
      return "slot_closed";
    case "slot_not_served":
      return "area";
    default:
      return undefined;
  }
}

type Slot = Awaited<ReturnType<typeof repo.openSlotsToMake>>[number];

/**
 * A standing order's reminder or missed delivery (the two the issue names), on the channels its shopper chose
 * for the orders they buy: the mail, and its short form by WhatsApp or SMS (issue 37).
 */
function* tellShopper(
  trx: Context,
  userId: string,
  event: "standing_reminder" | "standing_missed",
  mail: Mail,
): Steps<void> {
  // NOTE: no order named: a farmer's "buyer reached" speaks of the order's own news, not of its reminder.
  yield* notify.tell(trx, [{ userId, kind: "buying", event, mail, text: mail.short ?? mail.subject }]);
}

/**
 * The products priced more than 10 % above the price saved with the standing order (when its shopper made,
 * changed or last accepted it), in integer paise: price × 10 > saved × 11. A fall, or a rise within 10 %, is
 * simply passed on.
 */
function risenProducts(prices: ReadonlyMap<string, number>, saved: ReadonlyMap<string, number>): string[] {
  return [...prices].filter(([id, price]) => price * 10 > (saved.get(id) ?? price) * 11).map(([id]) => id);
}

/**
 * Asks the shopper, in the caller's transaction, to accept a held occurrence's new price or skip it: once per
 * hold (the claim is a conditional update, so one server mails it), and not once its cut-off has come (it is
 * skipped then, and they are told that instead).
 */
function* askAboutRise(
  trx: Context,
  order: Pick<repo.StandingOrderRow, "user_id" | "full_name">,
  occurrence: { id: string; date: string; cutoffAt: string },
  productNames: readonly string[],
  totalPaise: number,
): Steps<void> {
  const at = trx.now.toISOString();
  if (occurrence.cutoffAt <= at) return;
  if (!(yield* repo.claimNotice(trx.db, occurrence.id, "price_told_at", at))) return;
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

/**
 * Writes an occurrence that was not made (missed, or skipped by a pause), unless the slot has one already; a
 * missed one's shopper is told once, in the transaction that writes it (so the unique key decides that too).
 */
async function recordNotMade(
  ctx: Context,
  order: repo.StandingOrderRow,
  slot: Slot,
  state: "missed" | "skipped",
  reason: OccurrenceReason,
  productName?: string,
): Promise<void> {
  await inStepsTransaction(ctx, function* (trx) {
    const written = yield* repo.claimOccurrence(trx.db, {
      id: randomUUID(),
      standing_order_id: order.id,
      slot_id: slot.id,
      date: slot.date,
      cutoff_at: slot.cutoff_at,
      state,
      order_id: null,
      reason,
      created_at: ctx.now.toISOString(),
    });
    if (!written || state !== "missed") return;
    const to = (yield* mailRecipients(trx.db, [order.user_id])).get(order.user_id);
    if (!to) return;
    const mail = standingMissedMail(
      to,
      {
        buyerName: order.full_name,
        slot: { date: slot.date, start: slot.start_time, end: slot.end_time },
        reason,
        ...(productName ? { productName } : {}),
      },
      trx.mail.link("/standing-orders"),
    );
    yield* tellShopper(trx, order.user_id, "standing_missed", mail);
  });
}

/**
 * Makes one occurrence: in one transaction its row (the unique key: another materialiser's wins and this one
 * writes nothing) and its order, which takes its slot place and stock exactly as a checkout does. Refused by
 * placement, it is recorded as missed with its reason instead, and nothing is taken.
 */
async function makeOccurrence(
  ctx: Context,
  order: repo.StandingOrderRow,
  lines: readonly repo.StandingLineRow[],
  slot: Slot,
): Promise<void> {
  const items = lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
  const occurrenceId = randomUUID();
  try {
    const priced = await priceScheduledLines(ctx, items);
    // NOTE: a line more than 10 % above the price saved with the standing order holds the occurrence.
    const risen = risenProducts(
      new Map(priced.lines.map((line) => [line.productId, line.unitPricePaise])),
      new Map(lines.map((line) => [line.product_id, line.price_paise])),
    );
    await inStepsTransaction(ctx, function* (trx) {
      const claimed = yield* repo.claimOccurrence(trx.db, {
        id: occurrenceId,
        standing_order_id: order.id,
        slot_id: slot.id,
        date: slot.date,
        cutoff_at: slot.cutoff_at,
        state: "made",
        order_id: null,
        reason: null,
        created_at: ctx.now.toISOString(),
        held: risen.length > 0 ? "price_rise" : null,
      });
      if (!claimed) return;
      const orderId = yield* writeScheduledOrder(
        trx,
        {
          userId: order.user_id,
          standingOrderId: order.id,
          key: `standing-${occurrenceId}`,
          farmerId: order.farmer_id,
          slotId: slot.id,
          shipping: shippingOf(order),
          paymentMethod: order.payment_method,
        },
        items,
        priced,
      );
      yield* repo.setOccurrenceOrder(trx.db, occurrenceId, orderId);
      if (risen.length === 0) return;
      const names = priced.lines.filter((line) => risen.includes(line.productId)).map((line) => line.name);
      yield* askAboutRise(
        trx,
        order,
        { id: occurrenceId, date: slot.date, cutoffAt: slot.cutoff_at },
        names,
        priced.totalPaise,
      );
    });
  } catch (error) {
    const reason = missedReason(error);
    if (!reason) throw error;
    const line = error instanceof AppError ? lineOfError(error) : undefined;
    const productId = line === undefined ? undefined : lines[line]?.product_id;
    const [product] = productId ? await repo.productNames(ctx.db, [productId]) : [];
    await recordNotMade(ctx, order, slot, "missed", reason, product?.name);
  }
}

/**
 * Makes every occurrence of one standing order within the horizon that does not exist yet, then records how
 * far it made them. Each occurrence is its own transaction, exactly once by the database's unique key, so a
 * pass killed half way, run twice, or run on three servers at once leaves one occurrence per dated slot.
 */
export async function materialiseOne(ctx: Context, order: repo.StandingOrderRow): Promise<void> {
  // NOTE: one whose weekly slot was deleted waits for its shopper to choose another.
  if (order.status !== "active" || order.slot_removed_at) return;
  const { today, last } = occurrenceHorizon(ctx);
  const patternIds = (await repo.patternsOf(ctx.db, [order.id])).map((row) => row.pattern_id);
  const slots = (
    await repo.openSlotsToMake(ctx.db, order.id, patternIds, {
      // NOTE: the later of the two days (ISO dates sort as text).
      from: [order.start_date, today].sort()[1] ?? today,
      to: last,
      now: ctx.now.toISOString(),
    })
  ).filter((slot) => inItsWeek(order, slot.date));
  if (slots.length > 0) {
    const lines = await keptLines(ctx, order);
    if (lines.length === 0) return;
    const suspended = await repo.isSuspended(ctx.db, order.farmer_id);
    for (const slot of slots) {
      if (isPausedOn(order, slot.date)) await recordNotMade(ctx, order, slot, "skipped", "paused");
      else if (suspended) await recordNotMade(ctx, order, slot, "missed", "farmer_suspended");
      else await makeOccurrence(ctx, order, lines, slot);
    }
  }
  await repo.markMade(ctx.db, order.id, last);
  // NOTE: an occurrence made less than its reminder time before its cut-off is reminded at once.
  await remindDue(ctx, order.id);
}

const HOUR_MS = 3_600_000;
const LONGEST_REMINDER_HOURS = 48;

/**
 * Queues the reminder of every made occurrence whose reminder time has come (its cut-off less than its
 * standing order's reminder hours away) and that is still scheduled: once, whichever server claims it, in
 * the shopper's language, with a link to the occurrence.
 */
export async function remindDue(ctx: Context, standingOrderId?: string): Promise<void> {
  const now = ctx.now.getTime();
  const before = new Date(now + LONGEST_REMINDER_HOURS * HOUR_MS).toISOString();
  const due = (await repo.unremindedBefore(ctx.db, ctx.now.toISOString(), before, standingOrderId)).filter(
    (row) =>
      row.order_status === "scheduled" &&
      row.reminder_hours !== null &&
      Date.parse(row.cutoff_at) - row.reminder_hours * HOUR_MS <= now,
  );
  for (const row of due) {
    await inStepsTransaction(ctx, function* (trx) {
      if (!(yield* repo.claimNotice(trx.db, row.id, "reminded_at", ctx.now.toISOString()))) return;
      const to = (yield* mailRecipients(trx.db, [row.user_id])).get(row.user_id);
      if (!to || !row.order_id) return;
      const lines = yield* repo.linesOfOrders(trx.db, [row.order_id]);
      const mail = standingReminderMail(
        to,
        {
          buyerName: row.full_name,
          slot: { date: row.date, start: row.start_time, end: row.end_time },
          lines,
          total: row.total_paise / 100,
          cutoffAt: new Date(row.cutoff_at),
          timeZone: ctx.settings.shopTimeZone,
        },
        trx.mail.link(`/orders/${row.order_id}`),
      );
      yield* tellShopper(trx, row.user_id, "standing_reminder", mail);
    });
  }
}

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

/**
 * Its lines whose products still exist: a product its farmer deleted leaves the standing order; one with no
 * line left ends, and its shopper is told once (in the transaction that ends it).
 */
async function keptLines(ctx: Context, order: repo.StandingOrderRow): Promise<repo.StandingLineRow[]> {
  const lines = await repo.linesOf(ctx.db, [order.id]);
  const existing = new Set(
    (
      await repo.productNames(
        ctx.db,
        lines.map((line) => line.product_id),
      )
    ).map((product) => product.id),
  );
  const kept = lines.filter((line) => existing.has(line.product_id));
  if (kept.length === lines.length) return lines;
  const renumbered = kept.map((line, index) => ({ ...line, line_no: index + 1 }));
  await inTransaction(ctx, async (trx) => {
    await repo.replaceLines(trx.db, order.id, renumbered);
    if (renumbered.length > 0) return;
    const at = ctx.now.toISOString();
    if (!(await repo.endIfActive(trx.db, order.id, at))) return;
    const to = (await runSteps(trx.db, mailRecipients(trx.db, [order.user_id]))).get(order.user_id);
    if (to) await enqueue(trx, standingEndedMail(to, order.full_name, trx.mail.link("/standing-orders")));
  });
  return renumbered;
}

/** How many standing orders one pass makes occurrences for at most (the next pass goes on). */
const PASS_BATCH = 200;

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
  await repriceComing(ctx).catch((error: unknown) => {
    failure ??= error;
  });
  await remindDue(ctx);
  // NOTE: before any part turns pending: a held occurrence not accepted by its cut-off is skipped instead.
  await skipHeldAtCutoff(ctx);
  await startDueScheduledParts(ctx);
  if (failure) throw failure;
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
async function repriceComing(ctx: Context): Promise<void> {
  const since = new Date(ctx.now.getTime() - REPRICE_BACKLOG_MS).toISOString();
  let failure: unknown;
  for (const row of await repo.toReprice(ctx.db, since, PASS_BATCH)) {
    const orderId = row.order_id;
    if (!orderId) continue;
    // NOTE: one that fails does not hold the others back (nor the parts due to turn pending); the next pass
    // tries it again.
    await inStepsTransaction(ctx, function* (trx) {
      const repriced = yield* repriceScheduledOrder(trx.db, orderId, ctx.now.toISOString());
      if (!repriced) return;
      const risen = risenProducts(repriced.prices, yield* repo.savedPricesOf(trx.db, row.standing_order_id));
      yield* repo.setHeld(trx.db, row.id, risen.length > 0 ? "price_rise" : null);
      if (risen.length === 0) return;
      const names = (yield* repo.linesOfOrders(trx.db, [orderId]))
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
async function skipHeldAtCutoff(ctx: Context): Promise<void> {
  for (const row of await repo.heldAtCutoff(ctx.db, ctx.now.toISOString())) {
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
      if (!(yield* repo.markHeldSkipped(trx.db, row.id))) {
        // NOTE: its order went on (a move to pending came first): it is a delivery now, no longer held.
        yield* repo.setHeld(trx.db, row.id, null);
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
