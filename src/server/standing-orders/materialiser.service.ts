import { randomUUID } from "node:crypto";
import { SLOT_HORIZON_DAYS } from "../../shared/schemas/slots.ts";
import type { OccurrenceReason } from "../../shared/schemas/standing-orders.ts";
import { addDays, shopDate } from "../../shared/shop-calendar.ts";
import { mailRecipients } from "../auth/index.ts";
import { type Context, inStepsTransaction, inTransaction } from "../context.ts";
import { runSteps } from "../db/index.ts";
import { AppError } from "../http/index.ts";
import { enqueue, standingEndedMail, standingMissedMail } from "../mail/index.ts";
import { priceScheduledLines, shippingOf, writeScheduledOrder } from "../orders/index.ts";
import * as farmerRepo from "./farmer.repository.ts";
import * as occurrenceRepo from "./occurrences.repository.ts";
import { askAboutRise, risenProducts } from "./price-rises.service.ts";
import { remindDue, tellShopper } from "./reminders.service.ts";
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

type Slot = Awaited<ReturnType<typeof occurrenceRepo.openSlotsToMake>>[number];

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
    const written = yield* occurrenceRepo.claimOccurrence(trx.db, {
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
      const claimed = yield* occurrenceRepo.claimOccurrence(trx.db, {
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
      yield* occurrenceRepo.setOccurrenceOrder(trx.db, occurrenceId, orderId);
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
    const [product] = productId ? await farmerRepo.productNames(ctx.db, [productId]) : [];
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
    await occurrenceRepo.openSlotsToMake(ctx.db, order.id, patternIds, {
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

/**
 * Its lines whose products still exist: a product its farmer deleted leaves the standing order; one with no
 * line left ends, and its shopper is told once (in the transaction that ends it).
 */
async function keptLines(ctx: Context, order: repo.StandingOrderRow): Promise<repo.StandingLineRow[]> {
  const lines = await repo.linesOf(ctx.db, [order.id]);
  const existing = new Set(
    (
      await farmerRepo.productNames(
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
